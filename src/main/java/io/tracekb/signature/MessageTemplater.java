package io.tracekb.signature;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a message into a template by masking variable parts with an ordered table of named patterns, keeping the
 * constant words. One left-to-right scan: at each token start the patterns are tried in order (first match wins);
 * every pattern looks at most {@value #MAX_TOKEN} characters ahead, so the scan is linear in the message length.
 * Messages longer than {@value #MAX_MESSAGE} characters are templated on their first part only.
 *
 * <p>The table is {@link #RULES}: one row per pattern, in the order they are tried.
 */
public final class MessageTemplater {
    static final int MAX_TOKEN = 512;
    static final int MAX_MESSAGE = 4096;

    private static final String[] OS_MESSAGES = {
            "No such file or directory", "Permission denied", "Access is denied", "Is a directory", "Not a directory",
            "The system cannot find the file specified", "The system cannot find the path specified",
            "Connection refused", "Connection reset", "Connection reset by peer", "Connection timed out",
            "Too many open files", "No space left on device", "Read-only file system", "Broken pipe",
            "Network is unreachable", "No route to host", "Operation not permitted", "Resource temporarily unavailable",
            "Datei oder Verzeichnis nicht gefunden", "Keine Berechtigung", "Aucun fichier ou dossier de ce type",
            "Permission non accordée", "No existe el archivo o el directorio", "Permiso denegado"};

    /** Whether a token starting at {@code i} (first character {@code c}, character after its word run {@code after}) could start the pattern: a cheap test before the scanner runs. */
    interface StartTest {
        boolean test(String s, int i, char c, char after);
    }

    /** Where the pattern that starts at {@code i} ends, or -1 when it does not match there. */
    interface Scanner {
        int end(String s, int i);
    }

    /**
     * One row of the parameterisation table (after Sentry's): the name the masked span gets, when a token may start
     * it, its scanner, and what replaces the match in the template.
     */
    record Rule(String name, StartTest mayStart, Scanner scanner, java.util.function.UnaryOperator<String> replacement) {
    }

    private static java.util.function.UnaryOperator<String> constant(String text) {
        return orig -> text;
    }

    /** The table, in order: at each token start the first row whose scanner matches wins. */
    static final List<Rule> RULES = List.of(
            // an OS error text in parentheses, in any language: "(No such file or directory)", "(系统找不到指定的文件。)"
            new Rule("os-message", (s, i, c, after) -> c == '(', MessageTemplater::osMessage, constant("(<os-message>)")),
            new Rule("url", (s, i, c, after) -> after == ':', MessageTemplater::url, constant("<url>")),
            new Rule("uuid", (s, i, c, after) -> isHex(c), MessageTemplater::uuid, constant("<uuid>")),
            new Rule("path", (s, i, c, after) -> i + 1 < s.length() && s.charAt(i + 1) == ':',
                    MessageTemplater::windowsPath, constant("<path>")),
            new Rule("path", (s, i, c, after) -> c == '/', MessageTemplater::unixPath, constant("<path>")),
            // IPv4 with an optional port, bracketed IPv6
            new Rule("ip", (s, i, c, after) -> isDigit(c) || c == '[', MessageTemplater::ip, constant("<ip>")),
            new Rule("host-port", (s, i, c, after) -> after == ':', MessageTemplater::hostPort, constant("<host>:<port>")),
            new Rule("timestamp", (s, i, c, after) -> isDigit(c), MessageTemplater::timestamp, constant("<timestamp>")),
            // 32, 40 or 64 hex digits
            new Rule("hash", (s, i, c, after) -> isHex(c), MessageTemplater::hash, constant("<hash>")),
            // 0x… and long hex ids
            new Rule("hex", (s, i, c, after) -> isHex(c), MessageTemplater::hex, constant("<hex>")),
            // '…', "…", `…`: the quotes are kept
            new Rule("quoted", (s, i, c, after) -> c == '\'' || c == '"' || c == '`', MessageTemplater::quoted,
                    orig -> orig.charAt(0) + "<str>" + orig.charAt(orig.length() - 1)),
            // Flink's "(66/80)"
            new Rule("subtask", (s, i, c, after) -> c == '(', MessageTemplater::subtask, constant("(<subtask>)")),
            // Flink's "#6"
            new Rule("attempt", (s, i, c, after) -> c == '#', MessageTemplater::attempt, constant("#<num>")),
            new Rule("number", (s, i, c, after) -> isDigit(c) || c == '-', MessageTemplater::number, constant("<num>")));

    /**
     * Counts the templater's steps (characters visited, characters of word runs scanned, scanners started; each
     * scanner reads at most {@value #MAX_TOKEN} characters), for the test that the work grows linearly.
     */
    static final class Work {
        long steps;
    }

    private MessageTemplater() {
    }

    public static MessageTemplate template(String message) {
        return template(message, null);
    }

    static MessageTemplate template(String message, Work work) {
        if (message == null) return new MessageTemplate(null, List.of());
        String s = message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) : message;
        StringBuilder out = new StringBuilder(s.length());
        List<MaskedSpan> spans = new ArrayList<>();
        int n = s.length();
        int i = 0;
        // end of the last word-like run scanned, reused while inside it: a run of 500 dashes would otherwise be
        // rescanned from each of its positions (quadratic up to MAX_TOKEN; MessageTemplaterTest counts the steps)
        int runEnd = -1;
        boolean runCapped = false;
        while (i < n) {
            if (work != null) work.steps++;
            char c = s.charAt(i);
            boolean tokenStart = i == 0 || !isWordChar(s.charAt(i - 1));
            if (tokenStart) {
                int end = -1;
                int we;
                if (i < runEnd && !runCapped) {
                    we = runEnd;
                } else {
                    // inside a run cut at MAX_TOKEN: everything up to runEnd is known to be run, scan on from there
                    int from = i < runEnd ? runEnd : i;
                    we = from;
                    int weLimit = limit(s, i);
                    while (we < weLimit && isRunChar(s.charAt(we))) we++;
                    if (work != null) work.steps += we - from;
                    runEnd = we;
                    runCapped = we == weLimit && we < n && isRunChar(s.charAt(we));
                }
                char after = we < n ? s.charAt(we) : ' ';
                Rule matched = null;
                for (Rule rule : RULES) {
                    if (rule.mayStart().test(s, i, c, after)) {
                        if (work != null) work.steps++;
                        if ((end = rule.scanner().end(s, i)) > 0) {
                            matched = rule;
                            break;
                        }
                    }
                }
                if (matched != null) {
                    String orig = s.substring(i, end);
                    spans.add(new MaskedSpan(matched.name(), orig));
                    out.append(matched.replacement().apply(orig));
                    i = end;
                    continue;
                }
                if (isWordChar(c)) {
                    // copy the whole word: patterns are only tried at token starts
                    int e = i;
                    while (e < n && isWordChar(s.charAt(e))) e++;
                    out.append(s, i, e);
                    i = e;
                    continue;
                }
            }
            out.append(c);
            i++;
        }
        if (message.length() > MAX_MESSAGE) out.append("<…>");
        // what a Chinese or Japanese locale printed of the system's messages is compared in the English the samples
        // quote; masked spans keep what the paste said
        return new MessageTemplate(SystemMessages.inEnglish(out.toString()), spans);
    }

    static boolean isWordChar(char c) {
        if (c < 128) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        return Character.isLetterOrDigit(c);
    }

    private static boolean isRunChar(char c) {
        return isWordChar(c) || c == '.' || c == '-' || c == '+';
    }

    private static int limit(String s, int i) {
        return Math.min(s.length(), i + MAX_TOKEN);
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean boundaryAt(String s, int e) {
        return e >= s.length() || !isWordChar(s.charAt(e));
    }

    // "(No such file or directory)", "(系统找不到指定的文件。)", "(そのようなファイルやディレクトリはありません)"
    private static int osMessage(String s, int i) {
        if (s.charAt(i) != '(') return -1;
        int close = s.indexOf(')', i);
        if (close < 0 || close - i > 120) return -1;
        String inner = s.substring(i + 1, close);
        if (inner.indexOf('(') >= 0 || inner.isEmpty()) return -1;
        for (String m : OS_MESSAGES) if (inner.equals(m)) return close + 1;
        boolean cjk = false;
        for (int k = 0; k < inner.length(); k++) {
            char c = inner.charAt(k);
            if (c >= 0x2E80 && c <= 0x9FFF || c >= 0xAC00 && c <= 0xD7AF || c >= 0xFF00 && c <= 0xFFEF) cjk = true;
            else if (c < 0x80 && Character.isLetterOrDigit(c)) return -1; // mixed with ASCII words: not an OS text
        }
        return cjk ? close + 1 : -1;
    }

    private static int url(String s, int i) {
        int lim = limit(s, i);
        int k = i;
        while (k < lim && (Character.isLetterOrDigit(s.charAt(k)) || s.charAt(k) == '+' || s.charAt(k) == '.'
                || s.charAt(k) == '-')) k++;
        if (k == i || !s.startsWith("://", k)) {
            // jdbc:postgresql://… has the "://" later
            if (k > i && k < lim && s.charAt(k) == ':' && s.startsWith("jdbc", i)) {
                int dd = s.indexOf("://", k);
                if (dd < 0 || dd > lim) return -1;
                k = dd;
            } else {
                return -1;
            }
        }
        int e = k + 3;
        while (e < lim && !Character.isWhitespace(s.charAt(e)) && "\"'`<>)]}".indexOf(s.charAt(e)) < 0) e++;
        while (e > k + 3 && ".,;:".indexOf(s.charAt(e - 1)) >= 0) e--;
        return e;
    }

    private static int uuid(String s, int i) {
        int[] groups = {8, 4, 4, 4, 12};
        int k = i;
        for (int g = 0; g < groups.length; g++) {
            for (int m = 0; m < groups[g]; m++, k++) if (k >= s.length() || !isHex(s.charAt(k))) return -1;
            if (g < groups.length - 1) {
                if (k >= s.length() || s.charAt(k) != '-') return -1;
                k++;
            }
        }
        return boundaryAt(s, k) ? k : -1;
    }

    private static int pathEnd(String s, int k) {
        int lim = limit(s, k);
        while (k < lim) {
            char c = s.charAt(k);
            if (Character.isWhitespace(c) || "\"'`<>()[]{},;|*?".indexOf(c) >= 0) break;
            k++;
        }
        while (k > 0 && (s.charAt(k - 1) == '.' || s.charAt(k - 1) == ':')) k--;
        return k;
    }

    private static int windowsPath(String s, int i) {
        if (i + 3 > s.length() || !Character.isLetter(s.charAt(i)) || s.charAt(i + 1) != ':'
                || (s.charAt(i + 2) != '\\' && s.charAt(i + 2) != '/')) return -1;
        if (i > 0 && Character.isLetter(s.charAt(i - 1))) return -1;
        int e = pathEnd(s, i + 3);
        return e > i + 3 ? e : -1;
    }

    private static int unixPath(String s, int i) {
        if (s.charAt(i) != '/' || i + 2 > s.length() || !(isWordChar(s.charAt(i + 1)) || s.charAt(i + 1) == '.')) return -1;
        if (i > 0 && (isWordChar(s.charAt(i - 1)) || s.charAt(i - 1) == '/' || s.charAt(i - 1) == '.')) return -1;
        int e = pathEnd(s, i + 1);
        // at least two segments ("/tmp/x") or a file with an extension ("/app.log")
        String p = s.substring(i, e);
        return p.indexOf('/', 1) > 0 || p.indexOf('.') > 0 ? e : -1;
    }

    private static int ip(String s, int i) {
        int n = s.length();
        if (s.charAt(i) == '[') {
            int close = s.indexOf(']', i);
            if (close < 0 || close - i > 60) return -1;
            int colons = 0;
            for (int k = i + 1; k < close; k++) {
                char c = s.charAt(k);
                if (c == ':') colons++;
                else if (!isHex(c) && c != '.' && c != '%') return -1;
            }
            if (colons < 2) return -1;
            int e = close + 1;
            return portEnd(s, e);
        }
        int k = i;
        for (int part = 0; part < 4; part++) {
            int st = k;
            while (k < n && k - st < 3 && isDigit(s.charAt(k))) k++;
            if (k == st) return -1;
            if (part < 3) {
                if (k >= n || s.charAt(k) != '.') return -1;
                k++;
            }
        }
        if (k < n && (isDigit(s.charAt(k)) || s.charAt(k) == '.' && k + 1 < n && isDigit(s.charAt(k + 1)))) return -1;
        return portEnd(s, k);
    }

    private static int portEnd(String s, int e) {
        if (e < s.length() && s.charAt(e) == ':') {
            int k = e + 1;
            while (k < s.length() && k - e <= 5 && isDigit(s.charAt(k))) k++;
            if (k > e + 1 && boundaryAt(s, k)) return k;
        }
        return e;
    }

    // "namenode-host:8020", "localhost:6123", "taskmanager-1.example.com:6122"
    private static int hostPort(String s, int i) {
        int lim = limit(s, i);
        int k = i;
        boolean letter = false;
        while (k < lim && (Character.isLetterOrDigit(s.charAt(k)) || s.charAt(k) == '-' || s.charAt(k) == '.'
                || s.charAt(k) == '_')) {
            if (Character.isLetter(s.charAt(k))) letter = true;
            k++;
        }
        if (!letter || k >= s.length() || s.charAt(k) != ':') return -1;
        int p = k + 1;
        while (p < s.length() && p - k <= 6 && isDigit(s.charAt(p))) p++;
        int digits = p - k - 1;
        if (digits < 2 || digits > 5 || !boundaryAt(s, p)) return -1;
        if (p < s.length() && (s.charAt(p) == ':' || s.charAt(p) == '.' && p + 1 < s.length() && isDigit(s.charAt(p + 1))))
            return -1;
        String host = s.substring(i, k);
        // "Size:12", "line:42" are not hosts: require a host-like name (dash, dot, or "localhost")
        if (host.indexOf('-') < 0 && host.indexOf('.') < 0 && !host.equalsIgnoreCase("localhost")) return -1;
        if (host.endsWith(".java") || host.endsWith(".kt") || host.endsWith(".scala") || host.endsWith(".py")) return -1;
        return p;
    }

    private static int timestamp(String s, int i) {
        if (!isDigit(s.charAt(i))) return -1;
        int e = timestampEnd(s, i);
        return e > i ? e : -1;
    }

    /** ISO / slashed date with optional time, or a time HH:MM:SS(.fff). */
    private static int timestampEnd(String s, int i) {
        int n = s.length();
        int j = i;
        if (j + 10 <= n && allDigits(s, j, 4) && (s.charAt(j + 4) == '-' || s.charAt(j + 4) == '/')
                && allDigits(s, j + 5, 2) && s.charAt(j + 7) == s.charAt(j + 4) && allDigits(s, j + 8, 2)) {
            j += 10;
            if (j < n && (s.charAt(j) == 'T' || s.charAt(j) == ' ')) {
                int t = timeEnd(s, j + 1);
                if (t > 0) j = t;
            }
            if (j < n && s.charAt(j) == 'Z') j++;
            return boundaryAt(s, j) ? j : -1;
        }
        int t = timeEnd(s, j);
        return t > 0 && boundaryAt(s, t) ? t : -1;
    }

    private static int timeEnd(String s, int i) {
        int n = s.length();
        if (!(i + 8 <= n && allDigits(s, i, 2) && s.charAt(i + 2) == ':' && allDigits(s, i + 3, 2)
                && s.charAt(i + 5) == ':' && allDigits(s, i + 6, 2))) return -1;
        int k = i + 8;
        if (k + 1 < n && (s.charAt(k) == '.' || s.charAt(k) == ',') && isDigit(s.charAt(k + 1))) {
            k++;
            while (k < n && k - i < 20 && isDigit(s.charAt(k))) k++;
        }
        return k;
    }

    private static boolean allDigits(String s, int i, int count) {
        if (i + count > s.length()) return false;
        for (int k = i; k < i + count; k++) if (!isDigit(s.charAt(k))) return false;
        return true;
    }

    private static int hash(String s, int i) {
        int lim = limit(s, i);
        int k = i;
        while (k < lim && isHex(s.charAt(k))) k++;
        int len = k - i;
        if ((len == 32 || len == 40 || len == 64 || len == 128) && boundaryAt(s, k)) return k;
        return -1;
    }

    private static int hex(String s, int i) {
        int n = s.length();
        if (s.charAt(i) == '0' && i + 2 < n && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X') && isHex(s.charAt(i + 2))) {
            int k = i + 2;
            int lim = limit(s, i);
            while (k < lim && isHex(s.charAt(k))) k++;
            return boundaryAt(s, k) ? k : -1;
        }
        int lim = limit(s, i);
        int k = i;
        boolean digit = false;
        boolean letter = false;
        while (k < lim && isHex(s.charAt(k))) {
            if (isDigit(s.charAt(k))) digit = true;
            else letter = true;
            k++;
        }
        return k - i >= 8 && digit && letter && boundaryAt(s, k) ? k : -1;
    }

    private static int quoted(String s, int i) {
        char q = s.charAt(i);
        if (q != '\'' && q != '"' && q != '`') return -1;
        int lim = Math.min(s.length(), i + 256);
        for (int k = i + 1; k < lim; k++) {
            char c = s.charAt(k);
            if (c == '\n') return -1;
            if (c == q || (q == '`' && c == '\'')) {
                if (k == i + 1) return -1;
                return boundaryAt(s, k + 1) ? k + 1 : -1;
            }
        }
        return -1;
    }

    private static int subtask(String s, int i) {
        if (s.charAt(i) != '(') return -1;
        int k = i + 1;
        int st = k;
        while (k < s.length() && k - st < 7 && isDigit(s.charAt(k))) k++;
        if (k == st || k >= s.length() || s.charAt(k) != '/') return -1;
        int st2 = ++k;
        while (k < s.length() && k - st2 < 7 && isDigit(s.charAt(k))) k++;
        if (k == st2 || k >= s.length() || s.charAt(k) != ')') return -1;
        return k + 1;
    }

    private static int attempt(String s, int i) {
        if (s.charAt(i) != '#' || i + 1 >= s.length() || !isDigit(s.charAt(i + 1))) return -1;
        int k = i + 1;
        while (k < s.length() && k - i < 10 && isDigit(s.charAt(k))) k++;
        return boundaryAt(s, k) ? k : -1;
    }

    private static final String[] UNITS = {"ms", "s", "m", "h", "min", "b", "kb", "mb", "gb", "tb", "k", "g", "x",
            "ns", "us", "bytes", "byte", "kib", "mib", "gib"};

    private static int number(String s, int i) {
        int n = s.length();
        int k = i;
        if (s.charAt(k) == '-' && k + 1 < n && isDigit(s.charAt(k + 1)) && (k == 0 || !isWordChar(s.charAt(k - 1)))) k++;
        if (k >= n || !isDigit(s.charAt(k))) return -1;
        int lim = limit(s, i);
        while (k < lim && isDigit(s.charAt(k))) k++;
        while (k + 1 < lim && (s.charAt(k) == '.' || s.charAt(k) == ',' && k + 3 < n && allDigits(s, k + 1, 3))
                && isDigit(s.charAt(k + 1))) {
            k++;
            while (k < lim && isDigit(s.charAt(k))) k++;
        }
        if (boundaryAt(s, k)) return k;
        // a unit glued to the number ("2.656gb", "30s") is kept: mask only the number
        int u = k;
        while (u < n && u - k < 6 && Character.isLetter(s.charAt(u))) u++;
        if (boundaryAt(s, u)) {
            String unit = s.substring(k, u).toLowerCase(java.util.Locale.ROOT);
            for (String x : UNITS) if (x.equals(unit)) return k;
        }
        return -1;
    }
}
