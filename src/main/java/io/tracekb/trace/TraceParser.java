package io.tracekb.trace;

import io.tracekb.trace.repair.PasteRepair;
import io.tracekb.trace.repair.Repair;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds every trace in pasted text. Entry point of the library: {@code new TraceParser().parse(text)}.
 *
 * <p>{@link #parse(String)} never throws and never hangs: it reads at most {@code maxChars} characters, every step is
 * a linear scan (no backtracking regular expressions), and look-aheads are bounded by constants.
 *
 * <p><b>Primary trace rule.</b> Among the traces found, the primary one is chosen by, in order:
 * <ol>
 *   <li>kind: an EXCEPTION trace before a FRAME_LIST, before a THREAD_DUMP;</li>
 *   <li>the longer cause chain (more exceptions);</li>
 *   <li>more frames;</li>
 *   <li>the later one in the text (logs end with the fatal error).</li>
 * </ol>
 */
public final class TraceParser {
    public static final int DEFAULT_MAX_CHARS = 1_048_576;

    private final int maxChars;
    /** How often the last-resort safety net caught something: tests assert it stays 0. */
    static final java.util.concurrent.atomic.AtomicLong safetyNetUses = new java.util.concurrent.atomic.AtomicLong();

    public TraceParser() {
        this(DEFAULT_MAX_CHARS);
    }

    public TraceParser(int maxChars) {
        if (maxChars <= 0) throw new IllegalArgumentException("maxChars must be positive");
        this.maxChars = maxChars;
    }

    public int maxChars() {
        return maxChars;
    }

    /** Parses pasted text; never throws. {@code null} is treated as empty text. */
    public ParseResult parse(String text) {
        if (text == null) text = "";
        boolean truncated = text.length() > maxChars;
        if (truncated) {
            int cut = maxChars;
            if (Character.isHighSurrogate(text.charAt(cut - 1))) cut--;
            text = text.substring(0, cut);
        }
        try {
            return doParse(text, truncated);
        } catch (RuntimeException | StackOverflowError e) {
            safetyNetUses.incrementAndGet();
            // last-resort safety net: a bug must not turn a paste into a 500
            List<Hint> hints = new ArrayList<>();
            hints.add(Hint.of(HintCode.NO_TRACE_FOUND));
            if (truncated) hints.add(limitHint());
            return new ParseResult(List.of(), -1, hints, truncated, List.of(), List.of());
        }
    }

    private Hint limitHint() {
        return new Hint(HintCode.INPUT_TRUNCATED_AT_LIMIT, Map.of("maxChars", Integer.toString(maxChars)));
    }

    private ParseResult doParse(String text, boolean truncated) {
        PasteRepair.Repaired repaired = PasteRepair.repair(text);
        List<SourceLine> lines = repaired.lines();
        JavaTraceReader java = new JavaTraceReader(lines);
        ThreadDumpReader dumps = new ThreadDumpReader(lines);
        PythonTraceReader python = new PythonTraceReader(lines);
        OtherRuntimeReader others = new OtherRuntimeReader(lines, java);
        List<ParsedTrace> traces = new ArrayList<>();
        int n = lines.size();
        int i = 0;
        int floor = 0;
        while (i < n) {
            String t = lines.get(i).text();
            if (t.isBlank()) {
                i++;
                continue;
            }
            ReadResult r = dumps.read(i);
            if (r == null) r = python.read(i);
            if (r == null && java.kind(i) == JavaTraceReader.LineKind.OTHER) r = others.read(i);
            if (r == null) r = java.read(i, floor);
            if (r != null && r.end() > i) {
                traces.add(r.trace());
                i = r.end();
                floor = i;
            } else {
                i++;
            }
        }
        linkPy4j(traces);
        int primary = choosePrimary(traces);
        List<Hint> hints = new ArrayList<>();
        if (traces.isEmpty()) hints.add(Hint.of(HintCode.NO_TRACE_FOUND));
        if (traces.size() > 1) hints.add(new Hint(HintCode.SEVERAL_TRACES, Map.of("count", Integer.toString(traces.size()))));
        for (ParsedTrace tr : traces) {
            if (tr.kind() == TraceKind.THREAD_DUMP) {
                hints.add(Hint.of(HintCode.THREAD_DUMP));
                break;
            }
        }
        if (primary >= 0) {
            ParsedTrace p = traces.get(primary);
            for (ParsedException e : p.exceptions()) {
                if (e.truncated()) {
                    hints.add(Hint.of(HintCode.TRUNCATED_BEFORE_ROOT_CAUSE));
                    break;
                }
            }
        }
        List<Repair> repairs = repaired.repairs();
        List<String> damage = new ArrayList<>();
        for (Repair r : repairs) {
            // log prefixes are normal, not damage; nor is CRLF: every browser sends a textarea's text with it
            if (r != Repair.LOG_PREFIXES && r != Repair.LINE_ENDINGS) damage.add(r.name());
        }
        if (!damage.isEmpty()) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("repairs", String.join(",", damage));
            hints.add(new Hint(HintCode.REPAIRED_DAMAGE, params));
        }
        if (truncated) hints.add(limitHint());
        List<String> repairedText = new ArrayList<>(lines.size());
        for (SourceLine l : lines) repairedText.add(l.text());
        return new ParseResult(traces, primary, hints, truncated, repairs, repairedText);
    }

    /** A py4j error ("…Py4JJavaError: …") and the Java trace printed right after it point at each other. */
    private static void linkPy4j(List<ParsedTrace> traces) {
        for (int k = 0; k + 1 < traces.size(); k++) {
            ParsedTrace py = traces.get(k);
            ParsedTrace jv = traces.get(k + 1);
            if (py.language() != TraceLanguage.PYTHON || jv.language() != TraceLanguage.JAVA || py.exceptions().isEmpty()) continue;
            String type = py.exceptions().get(0).type();
            if (type != null && type.endsWith("Py4JJavaError") && jv.firstLine() - py.lastLine() <= 2) {
                traces.set(k, py.withLinkedTo(k + 1));
                traces.set(k + 1, jv.withLinkedTo(k));
            }
        }
    }

    /** See the class comment for the rule. */
    static int choosePrimary(List<ParsedTrace> traces) {
        int best = -1;
        for (int k = 0; k < traces.size(); k++) {
            if (best < 0 || compare(traces.get(k), traces.get(best)) >= 0) best = k;
        }
        return best;
    }

    private static int compare(ParsedTrace a, ParsedTrace b) {
        int c = Integer.compare(rank(a.kind()), rank(b.kind()));
        if (c != 0) return c;
        c = Integer.compare(a.exceptions().size(), b.exceptions().size());
        if (c != 0) return c;
        return Integer.compare(a.frameCount(), b.frameCount());
    }

    private static int rank(TraceKind k) {
        switch (k) {
            case EXCEPTION: return 2;
            case FRAME_LIST: return 1;
            default: return 0;
        }
    }
}
