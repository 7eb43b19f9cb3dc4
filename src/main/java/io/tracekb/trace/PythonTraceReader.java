package io.tracekb.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads Python tracebacks, including chained ones ("During handling of the above exception…", "The above exception
 * was the direct cause…"). Python prints the earliest exception first; the model keeps the outermost first, so the
 * printed order is reversed. A py4j error's Java part (": java.lang…") is read by {@link JavaTraceReader} and linked.
 */
final class PythonTraceReader {
    static final String START = "Traceback (most recent call last):";
    private final List<SourceLine> lines;

    PythonTraceReader(List<SourceLine> lines) {
        this.lines = lines;
    }

    ReadResult read(int i) {
        if (!lines.get(i).text().strip().startsWith(START)) return null;
        int n = lines.size();
        List<ParsedException> printed = new ArrayList<>();
        int j = i;
        int last = i;
        while (j < n && lines.get(j).text().strip().startsWith(START)) {
            int headerLine = j;
            j++;
            List<StackFrame> frames = new ArrayList<>();
            while (j < n) {
                String raw = lines.get(j).text();
                String t = raw.strip();
                if (t.isEmpty()) {
                    j++;
                    continue;
                }
                if (!Character.isWhitespace(raw.charAt(0)) && !t.startsWith("File \"")) break;
                if (t.startsWith("File \"")) {
                    StackFrame f = parseFrame(t);
                    if (f != null) frames.add(f);
                }
                j++;
            }
            if (j >= n) {
                printed.add(new ParsedException(null, null, frames, 0, 0, List.of(), false, true, lines.get(headerLine).orig()));
                last = n - 1;
                break;
            }
            String fin = lines.get(j).text().strip();
            int colon = fin.indexOf(": ");
            String type = colon > 0 && isTypeName(fin.substring(0, colon)) ? fin.substring(0, colon) : (isTypeName(fin) ? fin : null);
            String message = colon > 0 && type != null ? fin.substring(colon + 2) : (type == null ? fin : null);
            // Python prints innermost call last: keep the JVM convention (top of stack first)
            List<StackFrame> topFirst = new ArrayList<>(frames.size());
            for (int k = frames.size() - 1; k >= 0; k--) topFirst.add(frames.get(k));
            printed.add(new ParsedException(type, message, topFirst, 0, 0, List.of(), false, false, lines.get(j).orig()));
            last = j;
            j++;
            // chained: blank, "During handling…" / "The above exception…", blank, "Traceback…"
            int m = j;
            while (m < n && lines.get(m).text().isBlank()) m++;
            if (m < n) {
                String t = lines.get(m).text().strip();
                if (t.startsWith("During handling of the above exception") || t.startsWith("The above exception was")) {
                    m++;
                    while (m < n && lines.get(m).text().isBlank()) m++;
                    if (m < n && lines.get(m).text().strip().startsWith(START)) {
                        j = m;
                        continue;
                    }
                }
            }
            break;
        }
        List<ParsedException> chain = new ArrayList<>(printed.size());
        for (int k = printed.size() - 1; k >= 0; k--) chain.add(printed.get(k));
        ParsedTrace t = new ParsedTrace(TraceLanguage.PYTHON, TraceKind.EXCEPTION, chain, List.of(), lines.get(i).orig(),
                lines.get(last).orig(), -1);
        return new ReadResult(t, last + 1);
    }

    static boolean isTypeName(String s) {
        if (s.isEmpty() || !Character.isJavaIdentifierStart(s.charAt(0))) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isJavaIdentifierPart(c) && c != '.') return false;
        }
        return true;
    }

    /** {@code File "/x/site-packages/pkg/mod.py", line 3, in f} → class "pkg.mod", method "f". */
    static StackFrame parseFrame(String t) {
        int q1 = t.indexOf('"');
        int q2 = q1 < 0 ? -1 : t.indexOf('"', q1 + 1);
        if (q2 < 0) return null;
        String file = t.substring(q1 + 1, q2);
        Integer line = null;
        int l = t.indexOf(", line ", q2);
        if (l > 0) {
            int e = l + 7;
            while (e < t.length() && Character.isDigit(t.charAt(e))) e++;
            if (e > l + 7 && e - (l + 7) < 10) line = Integer.parseInt(t.substring(l + 7, e));
        }
        int in = t.indexOf(", in ", q2);
        String func = in > 0 ? t.substring(in + 5).strip() : "<module>";
        return new StackFrame(moduleOf(file), func, file, line, null, null, null, false, false, t);
    }

    /** A module name that does not depend on where Python is installed. */
    static String moduleOf(String file) {
        String f = file.replace('\\', '/');
        int sp = Math.max(f.lastIndexOf("site-packages/"), f.lastIndexOf("dist-packages/"));
        if (sp >= 0) f = f.substring(sp + 14);
        else {
            int slash = f.lastIndexOf('/');
            if (slash >= 0) f = f.substring(slash + 1);
        }
        if (f.endsWith(".py")) f = f.substring(0, f.length() - 3);
        return f.replace('/', '.');
    }
}
