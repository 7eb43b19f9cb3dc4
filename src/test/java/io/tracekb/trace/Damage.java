package io.tracekb.trace;

import java.util.ArrayList;
import java.util.List;

/** Mechanical pasting damage, applied to real traces in tests (rather than hand-written damaged copies). */
public final class Damage {
    private Damage() {
    }

    /** A whole trace on one line, lines joined by a space (as some chat clients and log shippers do). */
    public static String flatten(String s) {
        StringBuilder b = new StringBuilder();
        for (String l : s.split("\n", -1)) {
            String t = l.strip();
            if (t.isEmpty()) continue;
            if (b.length() > 0) b.append(' ');
            b.append(t);
        }
        return b.toString();
    }

    /** The text as the value of a JSON string, with its quotes (a trace inside a JSON log record). */
    public static String jsonEscape(String s) {
        StringBuilder b = new StringBuilder("{\"level\":\"ERROR\",\"stack_trace\":\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20) b.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
                    else b.append(c);
            }
        }
        return b.append("\"}").toString();
    }

    public static String htmlEscape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    public static String crlf(String s) {
        return s.replace("\r\n", "\n").replace("\n", "\r\n");
    }

    public static String stripIndentation(String s) {
        StringBuilder b = new StringBuilder();
        for (String l : s.split("\n", -1)) b.append(l.stripLeading()).append('\n');
        return b.toString();
    }

    /** Every line longer than {@code col} characters hard-wrapped at column {@code col}, as chat clients do. */
    public static String wrapAt(String s, int col) {
        StringBuilder b = new StringBuilder();
        for (String l : s.split("\n", -1)) {
            while (l.length() > col) {
                b.append(l, 0, col).append('\n');
                l = l.substring(col);
            }
            b.append(l).append('\n');
        }
        return b.toString();
    }

    /** A Logback-style prefix on the first line, as a logger prints an exception. */
    public static String logPrefix(String s) {
        return "2024-05-14 10:22:05,369 ERROR [main] o.a.f.r.t.Task - Job failed\n" + s;
    }

    /** A Log4j/Flink-style prefix on every line (log files written line by line by a shipper). */
    public static String logPrefixEveryLine(String s) {
        StringBuilder b = new StringBuilder();
        for (String l : s.split("\n", -1)) {
            if (l.isEmpty()) continue;
            b.append("2021-12-05 07:22:15,362 ERROR org.apache.flink.runtime.taskexecutor.TaskManagerRunner      [] - ")
                    .append(l).append('\n');
        }
        return b.toString();
    }

    /** java.util.logging's default two-line format: "date source" then "LEVEL: message", the throwable after it. */
    public static String julPrefix(String s) {
        return "Nov 30, 2026 7:51:51 AM org.example.jobs.Runner run\nSEVERE: Job failed\n" + s;
    }

    /** Applies a damage by name (used by the signature fixtures: "damage" in *.expected.json). */
    public static String apply(String name, String s) {
        switch (name) {
            case "flatten": return flatten(s);
            case "json-escape": return jsonEscape(s);
            case "html-escape": return htmlEscape(s);
            case "crlf": return crlf(s);
            case "strip-indentation": return stripIndentation(s);
            case "wrap-57": return wrapAt(s, 57);
            case "wrap-80": return wrapAt(s, 80);
            case "jul-prefix": return julPrefix(s);
            case "log-prefix": return logPrefix(s);
            case "log-prefix-every-line": return logPrefixEveryLine(s);
            case "maven-prefix": return mavenPrefix(s);
            default: throw new IllegalArgumentException("unknown damage " + name);
        }
    }

    public static String mavenPrefix(String s) {
        StringBuilder b = new StringBuilder();
        for (String l : s.split("\n", -1)) if (!l.isEmpty()) b.append("[ERROR] ").append(l.strip()).append('\n');
        return b.toString();
    }

    /** All named damages, for parameterised stability tests. */
    public static List<String[]> all(String s) {
        List<String[]> out = new ArrayList<>();
        out.add(new String[]{"clean", s});
        out.add(new String[]{"flattened", flatten(s)});
        out.add(new String[]{"json-escaped", jsonEscape(s)});
        out.add(new String[]{"html-escaped", htmlEscape(s)});
        out.add(new String[]{"crlf", crlf(s)});
        out.add(new String[]{"indentation-lost", stripIndentation(s)});
        out.add(new String[]{"wrapped-at-80", wrapAt(s, 80)});
        out.add(new String[]{"wrapped-at-57", wrapAt(s, 57)});
        out.add(new String[]{"log-prefix", logPrefix(s)});
        out.add(new String[]{"log-prefix-every-line", logPrefixEveryLine(s)});
        out.add(new String[]{"maven-prefix", mavenPrefix(s)});
        return out;
    }
}
