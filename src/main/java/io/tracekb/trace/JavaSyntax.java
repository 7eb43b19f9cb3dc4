package io.tracekb.trace;

import java.util.Map;

/**
 * Hand-written scanners for the lines of a JVM stack trace (no regular expressions: every method is linear in the
 * length of one line, and headers are only looked for in a line's first {@value #HEADER_SCAN_LIMIT} characters).
 */
public final class JavaSyntax {
    static final int HEADER_SCAN_LIMIT = 400;

    /** How sure we are that a token names an exception type. */
    public enum Strength { WEAK, MEDIUM, STRONG }

    public record Header(String type, String message, Strength strength, boolean braceForm, Header inner) {
    }

    /** Simple names printed unqualified by Flink's toString "Name{cause}" form, qualified when unambiguous. */
    private static final Map<String, String> KNOWN_SIMPLE_NAMES = Map.of(
            "AsynchronousException", "org.apache.flink.runtime.taskmanager.AsynchronousException");

    private JavaSyntax() {
    }

    // ---------------------------------------------------------------- frames

    /** Parses "at pkg.Cls.m(File.java:1) ~[jar:ver]" (leading whitespace allowed); null if not a valid frame. */
    public static StackFrame parseAtFrame(String line) {
        String t = line.strip();
        if (!startsWithAt(t)) return null;
        int from = 3;
        while (from < t.length() && (t.charAt(from) == ' ' || t.charAt(from) == '\t')) from++;
        return parseFrameBody(t, from, t, false);
    }

    public static boolean startsWithAt(String t) {
        return t.length() > 3 && t.charAt(0) == 'a' && t.charAt(1) == 't' && (t.charAt(2) == ' ' || t.charAt(2) == '\t');
    }

    /** "at" alone, or "at" followed by something that does not (yet) parse as a frame. */
    public static boolean isAtLine(String t) {
        return t.equals("at") || startsWithAt(t);
    }

    /**
     * Parses the part after "at ": [loader/][module[@ver]/]pkg.Cls.method(Source) [~][jar:version].
     *
     * @param strict when true (frames printed without "at"), require "(File.ext:N)", "(Native Method)" or
     *               "(Unknown Source)" and nothing but a jar suffix after it
     */
    static StackFrame parseFrameBody(String s, String raw, boolean strict) {
        return parseFrameBody(s, 0, raw, strict);
    }

    /**
     * As {@link #parseFrameBody(String, String, boolean)} on {@code s} from index {@code from}. Works on indices and
     * allocates only the strings the frame keeps: it runs on every line of every paste (the parser's hot path).
     */
    static StackFrame parseFrameBody(String s, int from, String raw, boolean strict) {
        int open = s.indexOf('(', from);
        if (open <= from) return null;
        int firstSlash = -1;
        for (int i = from; i < open; i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == ',' || c == ':' || c == '"' || c == '\'') return null; // prose, not a frame
            if (c == '/' && firstSlash < 0) firstSlash = i;
        }
        int close = s.indexOf(')', open);
        if (close < 0) return null;
        int nameStart = from;
        String module = null;
        // module / class-loader prefix: "java.base/", "java.base@17/", "app//", "loader/module@1/"
        if (firstSlash > from) {
            int moduleStart = from;
            int moduleEnd = firstSlash;
            if (!contains(s, '$', moduleStart, moduleEnd) && !s.startsWith("0x", firstSlash + 1)) {
                int rest = firstSlash + 1;
                if (rest < open && s.charAt(rest) == '/') {
                    rest++;
                } else {
                    int slash2 = indexOf(s, '/', rest, open);
                    if (slash2 > 0 && !contains(s, '$', rest, slash2) && !startsWith(s, "0x", slash2 + 1, open)) {
                        moduleStart = rest;
                        moduleEnd = slash2;
                        rest = slash2 + 1;
                    }
                }
                module = s.substring(moduleStart, moduleEnd);
                nameStart = rest;
            }
        }
        int dot = s.lastIndexOf('.', open - 1);
        if (dot <= nameStart || dot == open - 1) return null;
        for (int i = nameStart; i < open; i++) {
            char c = s.charAt(i);
            boolean ascii = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                    || c == '$' || c == '_';
            if (!ascii && !(c >= 128 && Character.isJavaIdentifierPart(c)) && c != '<' && c != '>' && c != '/'
                    && c != '-' && c != '+') return null;
        }
        char first = s.charAt(nameStart);
        if (!Character.isJavaIdentifierStart(first) && first != '<') return null;
        String cls = s.substring(nameStart, dot);
        String method = s.substring(dot + 1, open);
        int srcStart = open + 1;
        int srcEnd = close;
        while (srcStart < srcEnd && Character.isWhitespace(s.charAt(srcStart))) srcStart++;
        while (srcEnd > srcStart && Character.isWhitespace(s.charAt(srcEnd - 1))) srcEnd--;
        int srcSlash = s.lastIndexOf('/', srcEnd - 1);
        if (srcSlash > srcStart) {
            if (module == null) module = s.substring(srcStart, srcSlash);
            srcStart = srcSlash + 1;
        }
        String file = null;
        Integer line = null;
        boolean nativeMethod = false;
        int srcLen = srcEnd - srcStart;
        if (regionIs(s, srcStart, srcEnd, "Native Method") || regionIs(s, srcStart, srcEnd, "Native")) {
            nativeMethod = true;
        } else if (regionIs(s, srcStart, srcEnd, "Unknown Source") || regionIs(s, srcStart, srcEnd, "Unknown")
                || (srcLen >= 15 && s.startsWith("Unknown Source:", srcStart))) {
            file = null;
        } else {
            if (srcLen == 0 || indexOf(s, ' ', srcStart, srcEnd) >= 0 || indexOf(s, '\t', srcStart, srcEnd) >= 0) {
                return null;
            }
            int colon = s.lastIndexOf(':', srcEnd - 1);
            if (colon >= srcStart) {
                int digits = srcEnd - colon - 1;
                if (digits == 0 || digits > 9) return null;
                int value = 0;
                for (int i = colon + 1; i < srcEnd; i++) {
                    char c = s.charAt(i);
                    if (c < '0' || c > '9') return null;
                    value = value * 10 + (c - '0');
                }
                line = value;
                if (colon == srcStart) return null;
                file = s.substring(srcStart, colon);
            } else {
                if (strict) return null;
                file = s.substring(srcStart, srcEnd);
            }
        }
        String jar = null;
        String version = null;
        int a = close + 1;
        int n = s.length();
        while (a < n && (s.charAt(a) == ' ' || s.charAt(a) == '\t')) a++;
        if (a < n) {
            // "~[jar:version]" or "[jar:version]" right after the frame
            int b = s.charAt(a) == '[' ? a : (s.charAt(a) == '~' && a + 1 < n && s.charAt(a + 1) == '[' ? a + 1 : -1);
            int e = b < 0 ? -1 : s.indexOf(']', b);
            if (b >= 0 && e > b) {
                int colon = s.lastIndexOf(':', e - 1);
                if (colon <= b) colon = -1;
                int jarEnd = colon < 0 ? e : colon;
                if (jarEnd > b + 1 && !(jarEnd == b + 2 && s.charAt(b + 1) == '?')) jar = s.substring(b + 1, jarEnd);
                if (colon >= 0 && e > colon + 1 && !regionIs(s, colon + 1, e, "?") && !regionIs(s, colon + 1, e, "na")) {
                    version = s.substring(colon + 1, e);
                }
            } else if (strict) {
                return null;
            }
        }
        return new StackFrame(cls, method, file, line, module, jar, version, nativeMethod, false, raw);
    }

    private static boolean contains(String s, char c, int from, int to) {
        return indexOf(s, c, from, to) >= 0;
    }

    private static int indexOf(String s, char c, int from, int to) {
        int i = s.indexOf(c, from);
        return i >= 0 && i < to ? i : -1;
    }

    private static boolean startsWith(String s, String prefix, int at, int to) {
        return at + prefix.length() <= to && s.startsWith(prefix, at);
    }

    private static boolean regionIs(String s, int from, int to, String word) {
        return to - from == word.length() && s.startsWith(word, from);
    }

    /** A frame printed without "at", as in Flink's "is stuck in method:" or IntelliJ's frame lists. */
    static StackFrame parseBareFrame(String line) {
        String t = line.strip();
        if (t.isEmpty() || !Character.isJavaIdentifierStart(t.charAt(0))) return null;
        return parseFrameBody(t, t, true);
    }

    /** A frame line cut off while pasting: "at java.util.concurrent.ThreadPoolEx..." */
    static StackFrame partialFrame(String t) {
        String body = t.strip();
        body = body.length() > 3 ? body.substring(3).strip() : "";
        String name = body;
        while (name.endsWith(".") || name.endsWith("…")) name = name.substring(0, name.length() - 1);
        int open = name.indexOf('(');
        if (open >= 0) name = name.substring(0, open);
        int dot = name.lastIndexOf('.');
        String cls = dot > 0 ? name.substring(0, dot) : name;
        String method = dot > 0 ? name.substring(dot + 1) : "";
        return new StackFrame(cls, method, null, null, null, null, null, false, true, t.strip());
    }

    private static boolean hasLowerCase(String s) {
        for (int i = 0; i < s.length(); i++) if (Character.isLowerCase(s.charAt(i))) return true;
        return false;
    }

    static boolean allDigits(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }

    // ---------------------------------------------------------------- "... N more"

    /** N of "... N more", "... N common frames omitted", "... N more (…)" ; -1 if the line is not one. */
    public static int parseMore(String line) {
        String t = line.strip();
        if (!t.startsWith("...")) return -1;
        int i = 3;
        while (i < t.length() && t.charAt(i) == ' ') i++;
        int start = i;
        while (i < t.length() && i - start < 9 && Character.isDigit(t.charAt(i))) i++;
        if (i == start) return -1;
        String rest = t.substring(i).strip();
        if (rest.startsWith("more") || rest.startsWith("common frames omitted") || rest.startsWith("frames omitted")) {
            return Integer.parseInt(t.substring(start, i));
        }
        return -1;
    }

    // ---------------------------------------------------------------- headers

    /**
     * Finds an exception header in a line: "x.Y: msg", "x.Y", "Exception in thread "t" x.Y: msg", ": x.Y: msg" (py4j),
     * "Name{x.Y: msg}" (Flink toString), or - when {@code anywhere} - a strong header after a log message.
     */
    public static Header parseHeader(String line, boolean anywhere) {
        return parseHeader(line, anywhere, 0);
    }

    /** @param depth nesting of "Name{…}" / "logger: x.Y:" re-reads; bounded so hostile input cannot recurse deeply */
    private static Header parseHeader(String line, boolean anywhere, int depth) {
        if (depth > 2) return null;
        String t = line.strip();
        if (t.isEmpty()) return null;
        if (t.startsWith("Exception in thread \"")) {
            int q = t.indexOf('"', 21);
            if (q > 0) t = t.substring(q + 1).strip();
        } else if (t.startsWith(": ")) {
            t = t.substring(2).strip();
        }
        int limit = Math.min(t.length(), HEADER_SCAN_LIMIT);
        int j = 0;
        while (j < limit) {
            Header h = headerAt(t, j, depth, j > 0);
            if (h != null && j == 0 && h.strength != Strength.STRONG && !h.braceForm && anywhere && h.message != null) {
                // "com.foo.Logger: x.y.SomeException: msg" - a logger or message id before the real header
                Header inner = parseHeader(h.message, true, depth + 1);
                if (inner != null && inner.strength == Strength.STRONG) return inner;
            }
            if (h != null && (j == 0 || h.strength == Strength.STRONG)) return h;
            if (!anywhere) return null;
            int sp = nextTokenStart(t, j, limit);
            if (sp < 0) break;
            j = sp;
        }
        return null;
    }

    /** Tokens are separated by whitespace and by quotes (a trace inside a JSON value: {"stack":"x.Y: msg…). */
    private static int nextTokenStart(String t, int j, int limit) {
        int i = j;
        while (i < limit && !Character.isWhitespace(t.charAt(i)) && (i == j || t.charAt(i) != '"')) i++;
        while (i < limit && (Character.isWhitespace(t.charAt(i)) || t.charAt(i) == '"')) i++;
        return i < limit ? i : -1;
    }

    /** @param strongOnly only a STRONG header is wanted (mid-line): reject early, before allocating the message */
    private static Header headerAt(String t, int j, int depth, boolean strongOnly) {
        int n = t.length();
        // a quote or bracket glued to the type: "\"java.lang.X: …" from a JSON value, "(java.lang.X: …"
        for (int skip = 0; skip < 2 && j < n && "\"'`([{<>*".indexOf(t.charAt(j)) >= 0; skip++) j++;
        if (j >= n || !Character.isJavaIdentifierStart(t.charAt(j))) return null;
        int k = j;
        while (k < n && (Character.isJavaIdentifierPart(t.charAt(k)) || t.charAt(k) == '.')) k++;
        // cheap rejection first: a type is followed by ':', '{' or the end of the line (prose words are not)
        // ':' or a full-width '：' (an IME left on while typing or translating the trace)
        if (k < n && t.charAt(k) != ':' && t.charAt(k) != '\uFF1A' && t.charAt(k) != '{') return null;
        String token = t.substring(j, k);
        if (token.endsWith(".") || token.contains("..")) return null;
        int dot = token.lastIndexOf('.');
        String simple = token.substring(dot + 1);
        if (simple.isEmpty()) return null;
        boolean exceptionLike = simple.endsWith("Exception") || simple.endsWith("Error") || simple.endsWith("Throwable")
                || simple.endsWith("Failure") || simple.endsWith("Fault") || simple.endsWith("Exit")
                || simple.endsWith("Panic") || simple.endsWith("Interrupt");
        if (k < n && t.charAt(k) == '{' && exceptionLike) {
            int close = t.lastIndexOf('}');
            String inner = close > k ? t.substring(k + 1, close) : t.substring(k + 1);
            Header in = parseHeader(inner, false, depth + 1);
            String type = dot < 0 ? KNOWN_SIMPLE_NAMES.getOrDefault(token, token) : token;
            return new Header(type, inner.strip(), Strength.STRONG, true, in);
        }
        if (strongOnly && !(dot > 0 && exceptionLike)) return null;
        String message;
        if (k == n) {
            message = null;
        } else if (t.charAt(k) == ':' || t.charAt(k) == '\uFF1A') {
            if (k + 1 < n && t.charAt(k + 1) == '/') return null; // URL scheme "http://"
            message = t.substring(k + 1).strip();
            if (message.isEmpty()) message = null;
        } else {
            return null;
        }
        if (!Character.isUpperCase(simple.charAt(0)) && !exceptionLike) return null;
        if (!exceptionLike && dot < 0 && !hasLowerCase(simple)) return null; // "ERROR:", "SWITCHYARD036004:" are not types
        if (token.equals("Caused") || token.equals("Suppressed") || token.equals("java.lang.Thread.State")) return null;
        Strength s;
        if (dot > 0 && exceptionLike) s = Strength.STRONG;
        else if (dot > 0) s = Strength.MEDIUM;
        else s = Strength.WEAK;
        return new Header(token, message, s, false, null);
    }

    /** Leading-whitespace width (a tab counts as 4 columns, so mixed pastes compare sensibly). */
    static int indent(String s) {
        int w = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ') w++;
            else if (c == '\t') w += 4;
            else break;
        }
        return w;
    }

    // ---------------------------------------------------------------- thread dumps, whitespace

    /** A thread dump's thread header: {@code "name" #12 daemon prio=5 … tid=… nid=…}. */
    public static boolean isThreadHeader(String t) {
        if (!t.startsWith("\"")) return false;
        int q = t.indexOf('"', 1);
        if (q < 0) return false;
        return t.indexOf(" prio=", q) > 0 || t.indexOf(" tid=", q) > 0 || t.indexOf(" nid=", q) > 0
                || t.startsWith(" #", q + 1) || t.startsWith(" daemon", q + 1) || t.startsWith(" virtual", q + 1);
    }

    /** Runs of spaces and tabs become one space (a joined or re-indented line reads as the JVM prints it). */
    public static String collapseSpaces(String s) {
        boolean needed = false;
        for (int i = 0; i < s.length() && !needed; i++) {
            char c = s.charAt(i);
            needed = c == '\t' || (c == ' ' && i + 1 < s.length() && (s.charAt(i + 1) == ' ' || s.charAt(i + 1) == '\t'));
        }
        if (!needed) return s;
        StringBuilder b = new StringBuilder(s.length());
        boolean ws = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t') {
                if (!ws) b.append(' ');
                ws = true;
            } else {
                b.append(c);
                ws = false;
            }
        }
        return b.toString();
    }
}
