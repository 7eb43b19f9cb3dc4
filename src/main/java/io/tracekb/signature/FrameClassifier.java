package io.tracekb.signature;

/**
 * Classifies a frame key as {@code jdk} (the language runtime and its standard library: java., javax., jdk., sun.,
 * com.sun., the kotlin. and scala. standard libraries - they ship with the language, like the JDK -, .NET System.,
 * Go runtime., generated proxies), {@code framework} (a table of known third-party prefixes; {@code jakarta.} and
 * {@code kotlinx.} are libraries, so they are here) or {@code app} (everything else).
 */
public final class FrameClassifier {

    private static final String[] JDK_PREFIXES = {"java.", "javax.", "jdk.", "sun.", "com.sun.", "kotlin.", "scala.",
            "System.", "Microsoft.Win32.", "runtime.", "_COROUTINE.", "$Proxy", "node:", "internal/"};
    private static final String[] FRAMEWORK_PREFIXES = {"org.apache.", "akka.", "io.netty.", "com.google.",
            "org.springframework.", "io.quarkus.", "org.hibernate.", "com.fasterxml.", "org.junit.", "junit.",
            "org.eclipse.", "org.jboss.", "io.vertx.", "io.grpc.", "com.zaxxer.", "org.postgresql.", "com.mysql.",
            "org.slf4j.", "ch.qos.logback.", "reactor.", "io.reactivex.", "rx.", "okhttp3.", "retrofit2.",
            "org.mockito.", "org.gradle.", "org.testng.", "com.intellij.", "kotlinx.", "io.micronaut.", "jakarta.",
            "org.glassfish.", "org.mortbay.", "com.amazonaws.", "software.amazon.", "io.micrometer.", "org.jooq.",
            "org.mybatis.", "com.alibaba.", "io.confluent.", "org.elasticsearch.", "org.opensearch.", "io.smallrye.",
            "io.opentelemetry.", "net.bytebuddy.", "org.objectweb.", "org.codehaus.", "groovy.", "org.groovy.",
            "org.switchyard.", "org.xml.", "org.w3c.", "Microsoft.", "net/http.", "py4j.", "pyflink.", "org.hsqldb.",
            "com.mchange.", "org.h2.", "com.oracle.", "oracle.", "com.microsoft.", "io.undertow.", "org.wildfly.",
            "org.infinispan.", "io.lettuce.", "redis.clients.", "com.datastax.", "org.neo4j.", "io.prometheus."};

    private FrameClassifier() {
    }

    /** javax packages that are Java EE / Jakarta APIs shipped by application servers, not by the JDK. */
    private static final String[] JAVAX_FRAMEWORK = {"javax.servlet.", "javax.faces.", "javax.persistence.",
            "javax.ws.", "javax.ejb.", "javax.enterprise.", "javax.inject.", "javax.mail.", "javax.validation.",
            "javax.jms.", "javax.websocket.", "javax.el."};

    // prefix tables indexed by first character, so a frame is compared with a handful of prefixes, not all
    private static final String[][] JAVAX_BY_CHAR = byFirstChar(JAVAX_FRAMEWORK);
    private static final String[][] JDK_BY_CHAR = byFirstChar(JDK_PREFIXES);
    private static final String[][] FRAMEWORK_BY_CHAR = byFirstChar(FRAMEWORK_PREFIXES);

    static String[][] byFirstChar(String[] prefixes) {
        String[][] t = new String[128][];
        for (String p : prefixes) {
            char c = p.charAt(0);
            String[] old = t[c] == null ? new String[0] : t[c];
            String[] now = java.util.Arrays.copyOf(old, old.length + 1);
            now[old.length] = p;
            t[c] = now;
        }
        return t;
    }

    static boolean startsWithAny(String key, String[][] table) {
        if (key.isEmpty()) return false;
        char c = key.charAt(0);
        if (c >= 128 || table[c] == null) return false;
        for (String p : table[c]) if (key.startsWith(p)) return true;
        return false;
    }

    /** The kind of a parsed frame. */
    public static FrameKind kindOf(io.tracekb.trace.StackFrame frame) {
        return classify(FrameKeys.key(frame).key());
    }

    public static FrameKind classify(String key) {
        if (key == null) return FrameKind.APP;
        if (startsWithAny(key, JAVAX_BY_CHAR)) return FrameKind.FRAMEWORK;
        if (startsWithAny(key, JDK_BY_CHAR)) return FrameKind.JDK;
        if (startsWithAny(key, FRAMEWORK_BY_CHAR)) return FrameKind.FRAMEWORK;
        return FrameKind.APP;
    }
}
