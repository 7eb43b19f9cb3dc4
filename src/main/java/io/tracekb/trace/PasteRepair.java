package io.tracekb.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Undoes the damage pasting does to a trace, before any reader looks at it. Each step is a linear scan; the line
 * numbers of the original text are kept so that traces can point back into what the user pasted.
 *
 * <p>Steps, in order (their names are reported in {@link ParseResult#repairs()}):
 * {@code LINE_ENDINGS} (CRLF / CR), {@code HTML_MARKUP} (a JIRA export's {@code <p>}, {@code <br/>} and
 * {@code <span>} tags), {@code HTML_ENTITIES} (&amp;lt;init&amp;gt;), {@code JSON_ESCAPES}
 * ("\n\tat " inside a JSON string), {@code QUOTE_MARKERS} (a mail reply's "> " or a Markdown "#### " before
 * trace lines), {@code LOG_PREFIXES} (timestamp / level / thread / logger, Maven "[ERROR] ",
 * Ant "[java] ", JUL "SEVERE: "), {@code FLATTENED} (a whole trace on one line), {@code WRAPPED_LINES} (frame,
 * header, thread-header and lock lines broken by a chat client - re-joined only when the join gives a valid line),
 * {@code BLANK_LINES_IN_TRACE} (empty lines between frames).
 */
public final class PasteRepair {
    public static final String LINE_ENDINGS = "LINE_ENDINGS";
    public static final String HTML_MARKUP = "HTML_MARKUP";
    public static final String HTML_ENTITIES = "HTML_ENTITIES";
    public static final String JSON_ESCAPES = "JSON_ESCAPES";
    public static final String LOG_PREFIXES = "LOG_PREFIXES";
    public static final String QUOTE_MARKERS = "QUOTE_MARKERS";
    public static final String FLATTENED = "FLATTENED";
    public static final String WRAPPED_LINES = "WRAPPED_LINES";
    public static final String BLANK_LINES_IN_TRACE = "BLANK_LINES_IN_TRACE";

    private static final int MAX_JOIN = 4;

    /** The repaired lines and the names of the repairs applied. */
    record Repaired(List<SourceLine> lines, List<String> repairs) {
    }

    private PasteRepair() {
    }

    static Repaired repair(String text) {
        Set<String> repairs = new LinkedHashSet<>();
        if (text.indexOf('\r') >= 0) {
            text = text.replace("\r\n", "\n").replace('\r', '\n');
            repairs.add(LINE_ENDINGS);
        }
        if (text.indexOf('<') >= 0 && HTML_LINE_MARKUP.matcher(text).find()) {
            text = stripMarkup(text);
            repairs.add(HTML_MARKUP);
        }
        if (text.indexOf('&') >= 0 && (text.contains("&lt;") || text.contains("&gt;") || text.contains("&amp;")
                || text.contains("&quot;") || text.contains("&#"))) {
            text = decodeHtml(text);
            repairs.add(HTML_ENTITIES);
        }
        List<SourceLine> lines = new ArrayList<>();
        int orig = 0;
        int start = 0;
        int n = text.length();
        boolean json = false;
        boolean prefix = false;
        boolean quoted = false;
        boolean flat = false;
        while (start <= n) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? n : nl;
            String line = text.substring(start, end);
            if (line.indexOf('\\') >= 0 && looksJsonEscaped(line)) {
                line = decodeJson(line);
                json = true;
            }
            for (String part : split(line, '\n')) {
                int qm = quoteMarkerEnd(part);
                if (qm > 0) {
                    part = part.substring(qm);
                    quoted = true;
                }
                int cs = LogPrefixes.contentStart(part);
                if (cs > 0) {
                    part = part.substring(cs);
                    prefix = true;
                }
                List<String> pieces = unflatten(part);
                if (pieces.size() > 1) flat = true;
                for (String p : pieces) lines.add(new SourceLine(p, orig));
            }
            orig++;
            if (nl < 0) break;
            start = nl + 1;
        }
        if (json) repairs.add(JSON_ESCAPES);
        if (quoted) repairs.add(QUOTE_MARKERS);
        if (prefix) repairs.add(LOG_PREFIXES);
        if (flat) repairs.add(FLATTENED);
        lines = joinWrapped(lines, repairs);
        lines = dropBlankLinesBeforeFrames(lines, repairs);
        return new Repaired(lines, new ArrayList<>(repairs));
    }

    // ------------------------------------------------------------ quote markers

    /**
     * Where a trace line starts after the markers a mail reply ("> ", ">> ", "> > ") or a Markdown heading
     * ("#### ") put before it: the offset after the markers and one space, so that a frame keeps its own
     * indentation. 0 when the line has no markers, or when what follows them is not a trace line: quoted prose and
     * headings keep theirs.
     */
    static int quoteMarkerEnd(String line) {
        int n = line.length();
        int i = 0;
        while (i < n && line.charAt(i) == ' ') i++;
        if (i >= n || (line.charAt(i) != '>' && line.charAt(i) != '#')) return 0;
        int end = -1;
        // "> > > ", ">> ", "#### ": marker runs, each followed by a space or a tab; at most a few levels
        for (int levels = 0; levels < 8 && i < n && (line.charAt(i) == '>' || line.charAt(i) == '#'); levels++) {
            char marker = line.charAt(i);
            int run = i;
            while (i < n && i - run < 8 && line.charAt(i) == marker) i++;
            if (i >= n || (line.charAt(i) != ' ' && line.charAt(i) != '\t')) return 0; // "#include", ">>="
            end = line.charAt(i) == ' ' ? i + 1 : i;
            i++;
            while (i < n && line.charAt(i) == ' ') i++;
        }
        String rest = line.substring(end);
        rest = rest.substring(LogPrefixes.contentStart(rest)).strip();
        if (JavaSyntax.startsWithAt(rest) || rest.startsWith("Caused by:") || rest.startsWith("Suppressed:")
                || JavaSyntax.parseMore(rest) >= 0) {
            return end;
        }
        // only a qualified exception type: "# Note: ..." and "# state.backend: rocksdb" in a quoted config file
        // read like weaker headers
        JavaSyntax.Header header = JavaSyntax.parseHeader(rest, false);
        return header != null && header.strength() == JavaSyntax.Strength.STRONG ? end : 0;
    }

    // ------------------------------------------------------------ HTML / JSON

    /** Line markup of an HTML page or a JIRA export: only then are tags taken for markup rather than text. */
    private static final java.util.regex.Pattern HTML_LINE_MARKUP = java.util.regex.Pattern.compile(
            "<(?:br|p)\\s*/?>", java.util.regex.Pattern.CASE_INSENSITIVE);
    /**
     * Tags that format text on a web page. Named one by one: a frame's {@code <init>} / {@code <clinit>} and a
     * message's {@code List<String>} are not markup.
     */
    private static final java.util.regex.Pattern TAG = java.util.regex.Pattern.compile(
            "</?(?:br|p|span|div|pre|code|tt|a|b|i|em|strong|font|ul|ol|li)(?:\\s[^<>]*)?/?>",
            java.util.regex.Pattern.CASE_INSENSITIVE);

    /** Removes formatting tags; a line break or paragraph tag that does not end a line ends it. */
    static String stripMarkup(String s) {
        java.util.regex.Matcher m = TAG.matcher(s);
        StringBuilder b = new StringBuilder(s.length());
        int last = 0;
        while (m.find()) {
            b.append(s, last, m.start());
            String tag = m.group().toLowerCase(java.util.Locale.ROOT);
            boolean breaks = tag.startsWith("<br") || tag.startsWith("<p") || tag.startsWith("</p")
                    || tag.startsWith("<div") || tag.startsWith("</div") || tag.startsWith("<li");
            boolean atLineEnd = m.end() >= s.length() || s.charAt(m.end()) == '\n' || s.charAt(m.end()) == '\r';
            if (breaks && !atLineEnd && b.length() > 0 && b.charAt(b.length() - 1) != '\n') {
                b.append('\n');
            }
            last = m.end();
        }
        b.append(s, last, s.length());
        return b.toString();
    }

    static String decodeHtml(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '&') {
                int semi = s.indexOf(';', i);
                if (semi > i && semi - i <= 10) {
                    String ent = s.substring(i + 1, semi);
                    String rep = entity(ent);
                    if (rep != null) {
                        b.append(rep);
                        i = semi;
                        continue;
                    }
                }
            }
            b.append(c);
        }
        return b.toString();
    }

    private static String entity(String e) {
        switch (e) {
            case "lt": return "<";
            case "gt": return ">";
            case "amp": return "&";
            case "quot": return "\"";
            case "apos": return "'";
            case "nbsp": return " ";
            default:
                if (e.length() > 1 && e.charAt(0) == '#') {
                    try {
                        int cp = e.charAt(1) == 'x' || e.charAt(1) == 'X' ? Integer.parseInt(e.substring(2), 16)
                                : Integer.parseInt(e.substring(1));
                        if (cp >= 0 && cp <= 0x10FFFF) return new String(Character.toChars(cp));
                    } catch (NumberFormatException ignored) {
                        return null;
                    }
                }
                return null;
        }
    }

    private static boolean looksJsonEscaped(String line) {
        if (!line.contains("\\n") && !line.contains("\\u000a") && !line.contains("\\u000A")) return false;
        return line.contains("\\tat ") || line.contains("\\u0009at ") || line.contains("\\nat ")
                || line.contains("\\n at ") || line.contains("\\n  at ") || line.contains("\\n    at ")
                || line.contains("\\nCaused by:") || line.contains("\\n\\tCaused by:") || line.contains("\\nTraceback")
                || line.contains("\\n  File \"");
    }

    static String decodeJson(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < n) {
                char d = s.charAt(i + 1);
                switch (d) {
                    case 'n': b.append('\n'); i++; continue;
                    case 'r': i++; continue;
                    case 't': b.append('\t'); i++; continue;
                    case '"': b.append('"'); i++; continue;
                    case '\\': b.append('\\'); i++; continue;
                    case '/': b.append('/'); i++; continue;
                    case 'u':
                        if (i + 5 < n + 0 && i + 6 <= n) {
                            String hex = s.substring(i + 2, i + 6);
                            try {
                                int cp = Integer.parseInt(hex, 16);
                                if (cp != '\r') b.append(cp == 0x0a ? '\n' : (char) cp);
                                i += 5;
                                continue;
                            } catch (NumberFormatException ignored) {
                                // not an escape
                            }
                        }
                        break;
                    default:
                        break;
                }
            }
            b.append(c);
        }
        return b.toString();
    }

    private static List<String> split(String s, char sep) {
        if (s.indexOf(sep) < 0) return List.of(s);
        List<String> out = new ArrayList<>();
        int st = 0;
        while (true) {
            int i = s.indexOf(sep, st);
            if (i < 0) {
                out.add(s.substring(st));
                return out;
            }
            out.add(s.substring(st, i));
            st = i + 1;
        }
    }

    // ------------------------------------------------------------ flattened traces

    /** Splits a trace flattened onto one line before " at x.y.Z.m(", " Caused by: ", " ... N more", etc. */
    static List<String> unflatten(String line) {
        if (line.length() < 24 || !twoFrameStarts(line)) return List.of(line);
        List<Integer> cuts = new ArrayList<>();
        int frames = 0;
        int n = line.length();
        for (int i = 1; i < n - 4; i++) {
            char c = line.charAt(i);
            if (c != ' ' && c != '\t') continue;
            char p = line.charAt(i - 1);
            if (p == ' ' || p == '\t') continue; // cut at the first whitespace of a run only
            int j = i;
            while (j < n && (line.charAt(j) == ' ' || line.charAt(j) == '\t')) j++;
            if (j >= n) break;
            if (line.startsWith("at ", j) && frameAhead(line, j + 3)) {
                cuts.add(i);
                frames++;
            } else if (line.startsWith("Caused by: ", j) || line.startsWith("Suppressed: ", j)
                    || line.startsWith("[CIRCULAR REFERENCE", j)
                    || (line.startsWith("... ", j) && JavaSyntax.parseMore(line.substring(j, Math.min(n, j + 40))) >= 0)) {
                cuts.add(i);
            }
        }
        if (frames < 2) return List.of(line);
        List<String> out = new ArrayList<>(cuts.size() + 1);
        int st = 0;
        for (int cut : cuts) {
            out.add(line.substring(st, cut));
            int k = cut;
            while (k < n && (line.charAt(k) == ' ' || line.charAt(k) == '\t')) k++;
            st = k;
        }
        out.add(line.substring(st));
        // keep frames indented like the JVM prints them
        for (int k = 1; k < out.size(); k++) {
            String s = out.get(k);
            if (s.startsWith("at ") || s.startsWith("... ")) out.set(k, "\t" + s);
        }
        return out;
    }

    /** Cheap pre-check: " at " / "\tat " occurs at least twice after the line's first character. */
    private static boolean twoFrameStarts(String line) {
        int a = nextAt(line, 1);
        return a >= 0 && nextAt(line, a + 3) >= 0;
    }

    private static int nextAt(String line, int from) {
        int a = line.indexOf("at ", from);
        while (a > 0) {
            char p = line.charAt(a - 1);
            if (p == ' ' || p == '\t') return a;
            a = line.indexOf("at ", a + 1);
        }
        return -1;
    }

    /** An identifier with a dot followed by "(" before any whitespace. */
    private static boolean frameAhead(String s, int i) {
        int n = s.length();
        int limit = Math.min(n, i + 500);
        boolean dot = false;
        if (i >= n || !(Character.isJavaIdentifierStart(s.charAt(i)))) return false;
        for (int k = i; k < limit; k++) {
            char c = s.charAt(k);
            if (c == '(') return dot;
            if (c == '.') dot = true;
            else if (Character.isWhitespace(c)) return false;
        }
        return false;
    }

    // ------------------------------------------------------------ wrapped lines

    private static List<SourceLine> joinWrapped(List<SourceLine> in, Set<String> repairs) {
        List<SourceLine> out = new ArrayList<>(in.size());
        int n = in.size();
        boolean joined = false;
        // a StackOverflowError repeats the same frame lines hundreds of times: parse each distinct line once
        Map<String, StackFrame> frameCache = new HashMap<>();
        for (int i = 0; i < n; i++) {
            SourceLine cur = in.get(i);
            String raw = cur.text();
            String t = raw.strip();
            StackFrame parsed = null;
            if (JavaSyntax.isAtLine(t)) {
                parsed = frameCache.get(t);
                if (parsed == null) {
                    parsed = JavaSyntax.parseAtFrame(t);
                    if (parsed != null) frameCache.put(t, parsed);
                }
            }
            if (parsed != null && !(i + 1 < n && mayContinueJar(t, in.get(i + 1).text())
                    && jarSuffixContinues(t, in.get(i + 1).text().strip()))) {
                out.add(new SourceLine(raw, cur.orig(), parsed));
                continue;
            }
            if (JavaSyntax.isAtLine(t) && parsed == null) {
                String cand = t;
                int used = 0;
                for (int m = 1; m <= MAX_JOIN && i + m < n; m++) {
                    String nt = in.get(i + m).text().strip();
                    if (nt.isEmpty() || structural(nt)) break;
                    cand = cand.equals("at") ? "at " + nt : cand.stripTrailing() + nt;
                    if (JavaSyntax.parseAtFrame(cand) != null) {
                        used = m;
                        break;
                    }
                }
                if (used > 0) {
                    while (i + used + 1 < n && jarSuffixContinues(cand, in.get(i + used + 1).text().strip())) {
                        String nt = in.get(i + used + 1).text().strip();
                        cand = cand.lastIndexOf('[') > cand.lastIndexOf(')') || cand.endsWith("~") ? cand + nt : cand + " " + nt;
                        used++;
                    }
                    out.add(new SourceLine(lead(raw) + collapse(cand), cur.orig()));
                    i += used;
                    joined = true;
                    continue;
                }
            } else if ((t.startsWith("[CIRCULAR REFERENCE") || t.startsWith("Caused by: [CIRCULAR REFERENCE"))
                    && t.indexOf(']') < 0) {
                // "[CIRCULAR REFERENCE: x.Y: a long message]" wrapped by a chat client
                int m = 1;
                boolean hard = raw.length() >= 40;
                while (m <= 20 && i + m < n && !in.get(i + m).text().isBlank()) {
                    String nx = in.get(i + m).text();
                    if (nx.indexOf(']') >= 0) break;
                    if (nx.length() != raw.length()) hard = false;
                    m++;
                }
                if (m <= 20 && i + m < n && in.get(i + m).text().indexOf(']') >= 0) {
                    StringBuilder b = new StringBuilder(raw.stripTrailing().length() < raw.length() && !hard ? raw.stripTrailing() : raw);
                    for (int k = 1; k <= m; k++) {
                        String nx = in.get(i + k).text();
                        b.append(hard ? nx : " " + nx.strip());
                    }
                    out.add(new SourceLine(b.toString(), cur.orig()));
                    i += m;
                    joined = true;
                    continue;
                }
            } else if (JavaSyntax.isAtLine(t) && i + 1 < n && jarSuffixContinues(t, in.get(i + 1).text().strip())) {
                // "at x.Y.m(Y.java:1) ~[flink-dist_2.12-1.1" + "3.1.jar:1.13.1]"
                String nt = in.get(i + 1).text().strip();
                String cand = t.lastIndexOf('[') > t.lastIndexOf(')') || t.endsWith("~") ? t + nt : t + " " + nt;
                out.add(new SourceLine(lead(raw) + cand, cur.orig()));
                i++;
                joined = true;
                continue;
            } else if (t.startsWith("Exception in thread \"") && count(t, '"') % 2 == 1 && i + 1 < n
                    && !in.get(i + 1).text().isBlank()) {
                out.add(new SourceLine(t + in.get(i + 1).text().strip(), cur.orig()));
                i++;
                joined = true;
                continue;
            } else if (t.endsWith(":") && i + 2 < n && !in.get(i + 1).text().isBlank()
                    && !structural(in.get(i + 1).text().strip())
                    && JavaSyntax.isAtLine(in.get(i + 2).text().strip())
                    && JavaSyntax.parseHeader(t, false) != null) {
                out.add(new SourceLine(collapse(t + " " + in.get(i + 1).text().strip()), cur.orig()));
                i++;
                joined = true;
                continue;
            } else if (isThreadHeader(t)) {
                String cand = raw;
                int m = 1;
                while (m <= 3 && i + m < n) {
                    String nx = in.get(i + m).text();
                    if (nx.isBlank() || Character.isWhitespace(nx.charAt(0)) || nx.startsWith("\"")
                            || nx.startsWith("java.lang.Thread.State") || structural(nx.strip())) break;
                    cand = count(cand, '[') > count(cand, ']') ? cand.stripTrailing() + nx.strip()
                            : cand.stripTrailing() + " " + nx.strip();
                    m++;
                }
                if (m > 1) {
                    out.add(new SourceLine(cand, cur.orig()));
                    i += m - 1;
                    joined = true;
                    continue;
                }
            } else if (t.startsWith("- ") && t.lastIndexOf('(') > t.lastIndexOf(')') && i + 1 < n
                    && !in.get(i + 1).text().isBlank() && !structural(in.get(i + 1).text().strip())) {
                out.add(new SourceLine(lead(raw) + t + " " + in.get(i + 1).text().strip(), cur.orig()));
                i++;
                joined = true;
                continue;
            }
            if (i + 1 < n && endsWithPackagePrefix(t)) {
                // "org.apache.flink.runtime.checkpoint." + "CheckpointException: …": a header wrapped at a dot
                String cand = t + in.get(i + 1).text().strip();
                String header = cand.startsWith("Caused by: ") ? cand.substring(11) : cand;
                JavaSyntax.Header h = JavaSyntax.parseHeader(header, false);
                if (h != null && h.strength() == JavaSyntax.Strength.STRONG) {
                    out.add(new SourceLine(lead(raw) + cand, cur.orig()));
                    i++;
                    joined = true;
                    continue;
                }
            }
            out.add(cur);
        }
        if (joined) repairs.add(WRAPPED_LINES);
        return out;
    }

    /** "x.y.z." (optionally after "Caused by: "): at least two segments, identifier characters only, a final dot. */
    private static boolean endsWithPackagePrefix(String t) {
        if (t.length() < 4 || t.charAt(t.length() - 1) != '.') return false;
        int from = t.startsWith("Caused by: ") ? 11 : 0;
        int dots = 0;
        for (int k = from; k < t.length(); k++) {
            char c = t.charAt(k);
            if (c == '.') {
                if (k == from || t.charAt(k - 1) == '.') return false;
                dots++;
            } else if (!Character.isJavaIdentifierPart(c)) {
                return false;
            }
        }
        return dots >= 2 && Character.isJavaIdentifierStart(t.charAt(from));
    }

    private static String lead(String raw) {
        int k = 0;
        while (k < raw.length() && (raw.charAt(k) == ' ' || raw.charAt(k) == '\t')) k++;
        return raw.substring(0, k);
    }

    /** Allocation-free pre-check for {@link #jarSuffixContinues}: an unclosed '[' or a next line starting "[" / "~[". */
    private static boolean mayContinueJar(String t, String next) {
        int open = t.lastIndexOf('[');
        if (open > t.lastIndexOf(')') && t.indexOf(']', open) < 0) return true;
        int k = 0;
        while (k < next.length() && (next.charAt(k) == ' ' || next.charAt(k) == '\t')) k++;
        return k < next.length() && (next.charAt(k) == '[' || next.charAt(k) == '~');
    }

    /** A valid frame whose jar suffix was cut off, or whose jar suffix went to the next line. */
    private static boolean jarSuffixContinues(String t, String next) {
        if (next.isEmpty() || structural(next) || next.length() > 200) return false;
        int close = t.lastIndexOf(')');
        if (close < 0) return false;
        int open = t.lastIndexOf('[');
        if (open > close && t.indexOf(']', open) < 0) return next.indexOf(']') >= 0 && next.indexOf(' ') < 0;
        String after = t.substring(close + 1).strip();
        return (after.isEmpty() || after.equals("~")) && (next.startsWith("~[") || next.startsWith("["))
                && next.endsWith("]") && next.indexOf(' ') < 0;
    }

    /** Lines that start a new element of a trace and so are never the tail of a wrapped line. */
    private static boolean structural(String t) {
        return JavaSyntax.isAtLine(t) || t.startsWith("Caused by:") || t.startsWith("Suppressed:")
                || t.startsWith("...") || t.startsWith("- ") || t.startsWith("[CIRCULAR") || t.startsWith("\"")
                || t.startsWith("java.lang.Thread.State");
    }

    static boolean isThreadHeader(String t) {
        if (!t.startsWith("\"")) return false;
        int q = t.indexOf('"', 1);
        if (q < 0) return false;
        return t.indexOf(" prio=", q) > 0 || t.indexOf(" tid=", q) > 0 || t.indexOf(" nid=", q) > 0
                || t.startsWith(" #", q + 1) || t.startsWith(" daemon", q + 1) || t.startsWith(" virtual", q + 1);
    }

    /** Drops a run of at most 2 empty lines between a non-empty line and a frame line. */
    private static List<SourceLine> dropBlankLinesBeforeFrames(List<SourceLine> in, Set<String> repairs) {
        List<SourceLine> out = new ArrayList<>(in.size());
        int n = in.size();
        boolean dropped = false;
        int i = 0;
        while (i < n) {
            if (!in.get(i).text().isBlank()) {
                out.add(in.get(i++));
                continue;
            }
            int b = i;
            while (b < n && in.get(b).text().isBlank()) b++;
            boolean drop = i > 0 && b < n && b - i <= 2 && JavaSyntax.isAtLine(in.get(b).text().strip());
            if (drop) dropped = true;
            else for (int k = i; k < b; k++) out.add(in.get(k));
            i = b;
        }
        if (dropped) repairs.add(BLANK_LINES_IN_TRACE);
        return out;
    }

    static String collapse(String s) {
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

    private static int count(String s, char c) {
        int k = 0;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == c) k++;
        return k;
    }

    /** The repaired text rendered canonically, one entry per line: frames as "\tat …", everything else trimmed. */
    static List<String> renderText(List<String> lines) {
        List<String> out = new ArrayList<>(lines.size());
        for (String l : lines) {
            String t = l.strip();
            if (JavaSyntax.isAtLine(t) || t.startsWith("- ")) out.add("\t" + collapse(t));
            else if (JavaSyntax.parseMore(t) >= 0) out.add("\t" + t);
            else out.add(t);
        }
        return out;
    }
}
