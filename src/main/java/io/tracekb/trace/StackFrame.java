package io.tracekb.trace;

/**
 * One stack frame as pasted. Line, file, module and jar are kept for display; the signature drops them.
 *
 * @param className    fully qualified class (Java), type (.NET), function's package/module (Go, Python, Node); may be empty
 * @param method       method / function name
 * @param file         source file, or null
 * @param line         line number, or null
 * @param module       JPMS module / class loader prefix, e.g. "java.base", "java.base@17", "app"; null if none
 * @param jar          jar from a Logback/Log4j suffix, e.g. "flink-dist_2.12-1.13.1.jar"; null if none or "?"
 * @param version      version from the jar suffix, e.g. "1.13.1" or "1.8.0_232"; null if none, "?" or "na"
 * @param nativeMethod "(Native Method)"
 * @param partial      the line was cut off while pasting (e.g. "at java.util.concurrent.ThreadPoolEx...")
 * @param raw          the line as pasted (after paste repair), trimmed, for display
 */
public record StackFrame(String className, String method, String file, Integer line, String module, String jar,
                         String version, boolean nativeMethod, boolean partial, String raw) {

    public StackFrame {
        className = className == null ? "" : className;
        method = method == null ? "" : method;
        raw = raw == null ? "" : raw;
    }

    /** class + "." + method, as printed (not normalised). */
    public String qualifiedMethod() {
        return className.isEmpty() ? method : className + "." + method;
    }
}
