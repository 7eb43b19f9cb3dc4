package io.tracekb.signature;

import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.StackFrame;
import io.tracekb.trace.ExceptionChain;
import io.tracekb.trace.ThreadInfo;

import java.util.Map;
import java.util.TreeMap;

/**
 * Component versions from jar suffixes ({@code ~[flink-dist_2.12-1.13.1.jar:1.13.1]} → flink-dist = 1.13.1; the
 * Scala suffix is dropped from the name) and JDK hints ({@code [?:1.8.0_232]}, {@code [rt.jar:1.7.0_51]},
 * {@code java.base@17.0.2/} → that version; {@code java.base/} → "9+").
 */
public final class VersionHints {
    /** @param components component → version (sorted); @param jdk a JDK version or "9+", or null */
    public record Versions(Map<String, String> components, String jdk) {
        public Versions {
            components = Map.copyOf(components);
        }
    }

    private VersionHints() {
    }

    public static Versions of(ParsedTrace trace) {
        Map<String, String> comps = new TreeMap<>();
        String[] jdk = {null};
        for (ParsedException e : trace.exceptions()) visit(e, comps, jdk);
        // thread dumps: the top frames of each thread are enough to see the jars and the JDK
        for (ThreadInfo t : trace.threads()) {
            for (int i = 0; i < t.frames().size() && i < 16; i++) frame(t.frames().get(i), comps, jdk);
        }
        return new Versions(comps, jdk[0]);
    }

    private static void visit(ParsedException e, Map<String, String> comps, String[] jdk) {
        // restored frames ("... N more") repeat frames already visited in the enclosing exception
        // (and the top 256 frames of an exception show its jars; 1 000-frame recursions add nothing)
        int printed = Math.min(256, e.frames().size() - e.restoredFrames());
        String lastJar = null;
        for (int i = 0; i < printed; i++) {
            StackFrame f = e.frames().get(i);
            if (f.jar() != null && f.jar().equals(lastJar) && f.module() == null) continue; // same jar as the frame above
            lastJar = f.jar();
            frame(f, comps, jdk);
        }
        for (ExceptionChain c : e.suppressed()) for (ParsedException s : c.exceptions()) visit(s, comps, jdk);
    }

    private static void frame(StackFrame f, Map<String, String> comps, String[] jdk) {
        String cls = f.className();
        boolean jdkClass = cls.startsWith("java.") || cls.startsWith("javax.") || cls.startsWith("sun.")
                || cls.startsWith("jdk.") || cls.startsWith("com.sun.");
        if (f.module() != null && f.module().startsWith("java.")) {
            int at = f.module().indexOf('@');
            String v = at > 0 ? f.module().substring(at + 1) : "9+";
            if (jdk[0] == null || "9+".equals(jdk[0])) jdk[0] = v;
        }
        String jar = f.jar();
        String version = f.version();
        if (version == null) return;
        if (jar == null || jar.equals("na") || jar.equals("rt.jar") || jar.equals("?")) {
            if (jdkClass || "rt.jar".equals(jar)) {
                if (jdk[0] == null || "9+".equals(jdk[0])) jdk[0] = version;
            }
            return;
        }
        String name = jar.endsWith(".jar") ? jar.substring(0, jar.length() - 4) : jar;
        if (name.endsWith("-" + version)) name = name.substring(0, name.length() - version.length() - 1);
        else {
            // "foo-1.2.3" with a different version suffix: cut at the first "-<digit>"
            for (int i = 0; i + 1 < name.length(); i++) {
                if (name.charAt(i) == '-' && Character.isDigit(name.charAt(i + 1))) {
                    name = name.substring(0, i);
                    break;
                }
            }
        }
        name = stripScalaSuffix(name);
        if (name.isEmpty() || name.endsWith("/")) return;
        comps.putIfAbsent(name, version);
    }

    /** "flink-dist_2.12" → "flink-dist", "akka-actor_2.11" → "akka-actor". */
    static String stripScalaSuffix(String name) {
        int u = name.lastIndexOf('_');
        if (u > 0 && u + 1 < name.length() && (name.startsWith("2.", u + 1) || name.startsWith("3", u + 1))) {
            String v = name.substring(u + 1);
            boolean ok = true;
            for (int i = 0; i < v.length(); i++) if (!Character.isDigit(v.charAt(i)) && v.charAt(i) != '.') ok = false;
            if (ok) return name.substring(0, u);
        }
        return name;
    }
}
