package io.tracekb.signature;

import io.tracekb.trace.StackFrame;

import java.util.ArrayList;
import java.util.List;

/**
 * Frame keys: class + method; line, file, module and jar are dropped (kept in {@link StackFrame} for display).
 * Generated names are normalised ({@code $$Lambda$615/1465249724} → {@code $$Lambda}, {@code lambda$run$3} →
 * {@code lambda$run}, {@code GeneratedMethodAccessor123} → {@code GeneratedMethodAccessor}, {@code $Proxy34} →
 * {@code $Proxy}, CGLIB / ByteBuddy / Javassist suffixes cut) and shaded packages made comparable
 * ({@code org.apache.flink.shaded.guava18.com.google.} → {@code com.google.}, pekko → akka).
 */
public final class FrameKeys {
    /** Markers after which a class name is generated per run: everything after the marker is cut. */
    private static final String[] GENERATED_MARKERS = {"$$Lambda", "$$EnhancerBySpringCGLIB", "$$FastClassBySpringCGLIB",
            "$$EnhancerByCGLIB", "$$FastClassByCGLIB", "$$SpringCGLIB", "$$ByteBuddy", "$ByteBuddy", "$HibernateProxy",
            "_$$_javassist", "$$_jvst", "$$_javassist", "$MockitoMock"};
    private static final String[] ACCESSORS = {"GeneratedMethodAccessor", "GeneratedConstructorAccessor",
            "GeneratedSerializationConstructorAccessor"};

    private FrameKeys() {
    }

    public static FrameKey key(StackFrame f) {
        String cls = f.className();
        String method = f.method();
        String why = null;
        // shaded / renamed packages
        if (cls.startsWith("org.apache.flink.shaded.")) {
            int seg = cls.indexOf('.', 24);
            if (seg > 0) {
                cls = cls.substring(seg + 1);
                why = "shaded package";
            }
        }
        if (cls.startsWith("org.apache.pekko.")) {
            cls = "akka." + cls.substring(17);
            why = "renamed package (pekko → akka)";
        }
        if (cls.startsWith("jdk.internal.reflect.")) {
            cls = "sun.reflect." + cls.substring(21);
            why = "renamed package";
        }
        // generated class names
        if (cls.indexOf('$') >= 0) for (String m : GENERATED_MARKERS) {
            int at = cls.indexOf(m);
            if (at > 0 && cls.length() > at + m.length()) {
                cls = cls.substring(0, at + m.length());
                why = "generated name normalised";
                break;
            }
        }
        int lastDot = cls.lastIndexOf('.');
        int simpleAt = lastDot + 1; // no substring: this runs for every frame
        if (cls.startsWith("$Proxy", simpleAt) && cls.length() > simpleAt + 6 && allDigits(cls, simpleAt + 6)) {
            cls = "$Proxy";
            why = "generated name normalised";
        } else if (cls.startsWith("Generated", simpleAt)) {
            for (String a : ACCESSORS) {
                if (cls.startsWith(a, simpleAt) && cls.length() > simpleAt + a.length()
                        && allDigits(cls, simpleAt + a.length())) {
                    cls = cls.substring(0, simpleAt) + a;
                    why = "generated name normalised";
                    break;
                }
            }
        }
        // lambda$run$3 → lambda$run, $anonfun$apply$1 → $anonfun$apply
        if ((method.startsWith("lambda$") || method.contains("$anonfun$")) && method.length() > 7) {
            int d = method.lastIndexOf('$');
            if (d > 0 && d < method.length() - 1 && allDigits(method, d + 1)) {
                method = method.substring(0, d);
                why = "generated name normalised";
            }
        }
        if (method.startsWith("access$") && allDigits(method, 7)) {
            method = "access$";
            why = "generated name normalised";
        }
        String key;
        if (cls.isEmpty() && f.file() != null) {
            // JavaScript / Ruby / PHP frames without a type: the function is only meaningful with its file
            String file = f.file().replace('\\', '/');
            key = file.substring(file.lastIndexOf('/') + 1) + ":" + method;
        } else {
            key = cls.isEmpty() ? method : cls + "." + method;
        }
        return new FrameKey(key, why);
    }

    private static boolean allDigits(String s, int from) {
        if (from >= s.length()) return false;
        for (int i = from; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return false;
        return true;
    }

    /**
     * Indices of the frames that survive recursion collapsing: a run of identical keys keeps one, and a cycle of
     * length 2..4 repeated back to back keeps one copy. Linear: each key is compared with at most 4 cycle lengths.
     */
    public static List<Integer> collapseRecursion(List<String> keys) {
        List<Integer> out = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            out.add(i);
            for (int len = 1; len <= 4; len++) {
                int s = out.size();
                if (s < 2 * len) continue;
                boolean same = true;
                for (int k = 0; k < len; k++) {
                    if (!keys.get(out.get(s - 1 - k)).equals(keys.get(out.get(s - 1 - len - k)))) {
                        same = false;
                        break;
                    }
                }
                if (same) {
                    for (int k = 0; k < len; k++) out.remove(out.size() - 1);
                    break;
                }
            }
        }
        return out;
    }
}
