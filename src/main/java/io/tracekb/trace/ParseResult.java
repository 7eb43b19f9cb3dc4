package io.tracekb.trace;

import io.tracekb.trace.repair.Repair;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything found in one paste.
 *
 * @param traces          all traces, in text order
 * @param primary         index of the primary trace (see {@link TraceParser} for the rule), -1 if none
 * @param hints           advice about the paste
 * @param inputTruncated  the input was longer than the parser's cap and only its start was read
 * @param repairs         the paste repairs that were applied, in the order they ran
 * @param repairedLines   the text after paste repair, one entry per line, as the readers saw it
 */
public record ParseResult(List<ParsedTrace> traces, int primary, List<Hint> hints, boolean inputTruncated,
                          List<Repair> repairs, List<String> repairedLines) {
    public ParseResult {
        traces = List.copyOf(traces);
        hints = List.copyOf(hints);
        repairs = List.copyOf(repairs);
        repairedLines = List.copyOf(repairedLines);
    }

    /**
     * The repaired text rendered canonically (frames as "\tat …" with single spaces, other lines trimmed) - what
     * a "clean up my paste" button would show. Computed on demand.
     */
    public List<String> normalizedLines() {
        List<String> out = new ArrayList<>(repairedLines.size());
        for (String l : repairedLines) {
            String t = l.strip();
            if (JavaSyntax.isAtLine(t) || t.startsWith("- ")) out.add("\t" + JavaSyntax.collapseSpaces(t));
            else if (JavaSyntax.parseMore(t) >= 0) out.add("\t" + t);
            else out.add(t);
        }
        return out;
    }

    public ParsedTrace primaryTrace() {
        return primary < 0 ? null : traces.get(primary);
    }

    public boolean hasHint(HintCode code) {
        for (Hint h : hints) if (h.code().equals(code)) return true;
        return false;
    }
}
