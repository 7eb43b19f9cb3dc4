package io.tracekb.trace;

/**
 * Finds where the content of a log line starts, after its timestamp, level, thread and logger, or after a Maven /
 * Ant "[ERROR] " / "[java] " prefix. Hand-written scanning, linear in the line.
 */
public final class LogPrefixes {
    private static final String[] BRACKET_PREFIXES = {"[ERROR]", "[INFO]", "[WARNING]", "[WARN]", "[DEBUG]", "[FATAL]",
            "[TRACE]", "[java]", "[exec]", "[junit]", "[testng]", "[stderr]", "[stdout]", "[error]", "[warn]", "[info]",
            "[debug]"}; // the lower-case ones are sbt's
    private static final String[] LEVELS = {"TRACE", "DEBUG", "INFO", "WARN", "WARNING", "ERROR", "FATAL", "SEVERE",
            "FINE", "FINER", "FINEST", "CONFIG", "NOTICE", "CRITICAL", "E", "W", "I"};
    private static final String[] JUL_LEVELS = {"SEVERE: ", "WARNING: ", "INFO: ", "CONFIG: ", "FINE: ", "FINER: ",
            "FINEST: ", "重大: ", "警告: ", "情報: ", "严重: ", "信息: ", "嚴重: ", "資訊: "};
    private static final String[] MONTHS = {"Jan ", "Feb ", "Mar ", "Apr ", "May ", "Jun ", "Jul ", "Aug ", "Sep ",
            "Oct ", "Nov ", "Dec "};

    private LogPrefixes() {
    }

    /**
     * Each line of {@code text} without its log prefix: what log lines that carry only a message (no exception
     * type, no frames) say. Lines without a prefix are kept whole.
     */
    public static String messagesOf(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (String line : text.split("\n", -1)) {
            out.append(line, contentStart(line), line.length()).append('\n');
        }
        return out.toString();
    }

    /** Offset of the content in {@code s}; 0 if the line has no recognised prefix. */
    public static int contentStart(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) i++;
        if (i >= n) return 0;
        char c = s.charAt(i);
        if (c == '[') {
            for (String p : BRACKET_PREFIXES) {
                if (s.startsWith(p, i)) {
                    int j = i + p.length();
                    if (j < n && s.charAt(j) == ' ') j++;
                    return j;
                }
            }
            // "[2021-12-05 07:22:05,369] ..." bracketed timestamp
            int ts = timestampEnd(s, i + 1);
            if (ts > 0 && ts < n && s.charAt(ts) == ']') return afterTimestamp(s, ts + 1);
            return 0;
        }
        if (i == 0) {
            for (String p : JUL_LEVELS) if (s.startsWith(p)) return p.length();
            int service = composeServiceEnd(s);
            if (service > 0) return service;
        }
        int ts = timestampEnd(s, i);
        if (ts < 0) return 0;
        return afterTimestamp(s, ts);
    }

    /** "spark-worker    | " (docker compose logs): a service name, spaces, a bar; the offset after it, else -1. */
    private static int composeServiceEnd(String s) {
        int n = Math.min(s.length(), 128);
        int k = 0;
        while (k < n && (Character.isLetterOrDigit(s.charAt(k)) || s.charAt(k) == '-' || s.charAt(k) == '_'
                || s.charAt(k) == '.')) k++;
        if (k == 0 || k >= n || s.charAt(k) != ' ') return -1;
        while (k < n && s.charAt(k) == ' ') k++;
        if (k + 1 >= s.length() || s.charAt(k) != '|' || s.charAt(k + 1) != ' ') return -1;
        return k + 2;
    }

    /** "host java[16463]: " after a syslog / journald timestamp; the offset after it, else -1. */
    private static int syslogSourceEnd(String s, int i) {
        int n = Math.min(s.length(), i + 160);
        int sp = s.indexOf(' ', i);
        if (sp <= i || sp >= n) return -1;
        int open = s.indexOf('[', sp + 1);
        int colon = s.indexOf("]: ", sp + 1);
        if (open <= sp + 1 || colon <= open || colon >= n) return -1;
        for (int k = sp + 1; k < open; k++) if (s.charAt(k) == ' ') return -1;
        for (int k = open + 1; k < colon; k++) if (!Character.isDigit(s.charAt(k))) return -1;
        return colon + 3;
    }

    /** After the timestamp: level, then either "… - " (Logback / Log4j / Flink) or bracketed thread / category groups. */
    private static int afterTimestamp(String s, int from) {
        int n = s.length();
        int i = skipSpaces(s, from);
        // a CI system's stamp before the program's own: "2022-04-21T14:01:10.5126772Z Apr 21 14:01:09 " (Azure
        // Pipelines running Flink's tests); one more, no further
        int again = timestampEnd(s, i);
        // (a month-name stamp ends after its trailing spaces, an ISO one before them)
        if (again > i && again < n && (Character.isWhitespace(s.charAt(again))
                || Character.isWhitespace(s.charAt(again - 1)))) {
            i = skipSpaces(s, again);
        }
        int syslog = syslogSourceEnd(s, i);
        if (syslog > 0) {
            // the program's own log line may follow: "Dec  7 12:03:35 host java[1]: 12:03:35.493 [t] WARN x - msg"
            int inner = contentStart(s.substring(syslog));
            return syslog + inner;
        }
        int lv = levelEnd(s, i);
        if (lv > 0) i = skipSpaces(s, lv);
        int window = Math.min(n, i + 240);
        int dash = s.indexOf(" - ", i);
        if (dash >= 0 && dash < window) {
            int colon = s.indexOf(": ", i);
            if (colon < 0 || colon > dash) return Math.min(n, dash + 3);
        }
        // logback default: "[thread] LEVEL logger - msg" handled above; JBoss: "LEVEL [category] (thread) msg"
        while (i < n && (s.charAt(i) == '[' || s.charAt(i) == '(')) {
            char close = s.charAt(i) == '[' ? ']' : ')';
            int e = s.indexOf(close, i);
            if (e < 0 || e > i + 200) break;
            i = skipSpaces(s, e + 1);
            int lv2 = levelEnd(s, i);
            if (lv2 > 0) i = skipSpaces(s, lv2);
        }
        return i;
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) i++;
        return i;
    }

    /** End of a level word ("ERROR", "[ERROR]", "ERROR:") at i, or -1. */
    private static int levelEnd(String s, int i) {
        int n = s.length();
        boolean br = i < n && s.charAt(i) == '[';
        int j = br ? i + 1 : i;
        for (String lv : LEVELS) {
            if (s.startsWith(lv, j)) {
                int e = j + lv.length();
                if (br) {
                    if (e < n && s.charAt(e) == ']') return e + 1;
                    continue;
                }
                if (e < n && s.charAt(e) == ':') e++;
                if (e == n || s.charAt(e) == ' ' || s.charAt(e) == '\t') {
                    if (lv.length() == 1 && e < n && s.charAt(e) != ' ') continue;
                    return e;
                }
            }
        }
        return -1;
    }

    /** End of a timestamp starting at i, or -1. ISO / slashed dates, times alone, or "Jul 09, 2015 3:23:29 PM". */
    static int timestampEnd(String s, int i) {
        int n = s.length();
        int j = i;
        if (j >= n) return -1;
        char first = s.charAt(j);
        if (!(first >= '0' && first <= '9') && !(first >= 'A' && first <= 'S')) return -1; // digits or a month name
        if (j + 10 <= n && digits(s, j, 4) && (s.charAt(j + 4) == '-' || s.charAt(j + 4) == '/') && digits(s, j + 5, 2)
                && (s.charAt(j + 7) == '-' || s.charAt(j + 7) == '/') && digits(s, j + 8, 2)) {
            j += 10;
            if (j < n && (s.charAt(j) == ' ' || s.charAt(j) == 'T')) {
                int t = timeEnd(s, j + 1);
                if (t > 0) j = t;
            }
            return zoneEnd(s, j);
        }
        for (String m : MONTHS) {
            if (s.startsWith(m, j)) {
                int k = skipSpaces(s, j + 4); // syslog pads the day: "Dec  7"
                int d = k;
                while (d < n && d - k < 2 && Character.isDigit(s.charAt(d))) d++;
                if (d == k) return -1;
                if (d < n && s.charAt(d) == ',') d++;
                d = skipSpaces(s, d);
                if (digits(s, d, 4)) d += 4;
                d = skipSpaces(s, d);
                int t = timeEnd(s, d);
                if (t < 0) return -1;
                t = skipSpaces(s, t);
                if (s.startsWith("AM", t) || s.startsWith("PM", t)) t += 2;
                return t;
            }
        }
        int t = timeEnd(s, j);
        return t > 0 ? zoneEnd(s, t) : -1;
    }

    private static int zoneEnd(String s, int j) {
        int n = s.length();
        if (j < n && s.charAt(j) == 'Z') return j + 1;
        if (j + 6 <= n && (s.charAt(j) == '+' || s.charAt(j) == '-') && digits(s, j + 1, 2) && s.charAt(j + 3) == ':'
                && digits(s, j + 4, 2)) return j + 6;
        return j;
    }

    /** H:MM:SS or HH:MM:SS with optional ,mmm / .mmm; -1 if none. */
    private static int timeEnd(String s, int i) {
        int n = s.length();
        int j = i;
        int h = j;
        while (h < n && h - j < 2 && Character.isDigit(s.charAt(h))) h++;
        if (h == j || h >= n || s.charAt(h) != ':' || !digits(s, h + 1, 2)) return -1;
        int k = h + 3;
        if (k < n && s.charAt(k) == ':' && digits(s, k + 1, 2)) k += 3;
        else return -1;
        if (k < n && (s.charAt(k) == ',' || s.charAt(k) == '.') && digits(s, k + 1, 1)) {
            k++;
            while (k < n && Character.isDigit(s.charAt(k))) k++;
        }
        return k;
    }

    private static boolean digits(String s, int i, int count) {
        if (i + count > s.length()) return false;
        for (int k = i; k < i + count; k++) if (!Character.isDigit(s.charAt(k))) return false;
        return true;
    }
}
