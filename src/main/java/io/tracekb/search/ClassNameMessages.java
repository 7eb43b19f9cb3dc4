package io.tracekb.search;

import java.util.regex.Pattern;

/**
 * Messages that are only a class's name, as ClassNotFoundException's and NoClassDefFoundError's are
 * ("com.example.orders.OrderDeserializer", "org/apache/flink/streaming/api/functions/sink/SinkFunction$Context").
 * Two of them never share words unless they name the same package, yet what they say is alike when the missing
 * classes come from the same place: Flink's own classes missing is a version or scope problem, a user's or a
 * library's class missing is a jar that is not on the class path. So they are compared by where the class comes
 * from, not word by word.
 */
final class ClassNameMessages {

    /** At least three segments, so that a one-word message ("Metaspace") or "a.b" is not taken for a class. */
    private static final Pattern CLASS_NAME = Pattern.compile("[A-Za-z_$][\\w$]*(?:[./][A-Za-z_$][\\w$]*){2,}");
    private static final String FLINK = "org.apache.flink.";

    /** Same package. */
    static final double SAME_PACKAGE = 0.9;
    /** Both of Flink's own classes. */
    static final double BOTH_FLINK = 0.7;
    /** Both from outside Flink (user code or a library), from the same organisation ("com.example"). */
    static final double SAME_ORGANISATION = 0.6;
    /** Both from outside Flink. */
    static final double BOTH_OUTSIDE_FLINK = 0.5;
    /** One of Flink's classes, one not: another failure. */
    static final double ONE_FLINK = 0.1;

    private ClassNameMessages() {
    }

    /** How alike two messages are when both are a class name; -1 when either is not one. */
    static double similarity(String a, String b) {
        String ca = className(a);
        String cb = className(b);
        if (ca == null || cb == null) {
            return -1;
        }
        if (ca.equals(cb)) {
            return 1;
        }
        if (packageOf(ca).equals(packageOf(cb))) {
            return SAME_PACKAGE;
        }
        boolean fa = ca.startsWith(FLINK);
        boolean fb = cb.startsWith(FLINK);
        if (fa && fb) {
            return BOTH_FLINK;
        }
        if (fa || fb) {
            return ONE_FLINK;
        }
        return organisationOf(ca).equals(organisationOf(cb)) ? SAME_ORGANISATION : BOTH_OUTSIDE_FLINK;
    }

    /** The dotted class name the message consists of, or null. */
    static String className(String message) {
        if (message == null) {
            return null;
        }
        String m = message.strip();
        // most messages have a space: checked before the pattern, as this runs for every pair of templates compared
        if (m.length() > 300 || m.indexOf(' ') >= 0 || !CLASS_NAME.matcher(m).matches()) {
            return null;
        }
        return m.replace('/', '.');
    }

    private static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return className.substring(0, dot);
    }

    private static String organisationOf(String className) {
        int first = className.indexOf('.');
        int second = className.indexOf('.', first + 1);
        return className.substring(0, second);
    }
}
