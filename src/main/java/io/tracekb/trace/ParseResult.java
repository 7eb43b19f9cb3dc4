package io.tracekb.trace;

import java.util.List;

/**
 * Everything found in one paste.
 *
 * @param traces          all traces, in text order
 * @param primary         index of the primary trace (see {@link TraceParser} for the rule), -1 if none
 * @param hints           advice about the paste
 * @param inputTruncated  the input was longer than the parser's cap and only its start was read
 * @param repairs         names of the paste repairs that were applied (see {@link PasteRepair})
 * @param repairedLines   the text after paste repair, one entry per line, as the readers saw it
 */
public record ParseResult(List<ParsedTrace> traces, int primary, List<Hint> hints, boolean inputTruncated,
                          List<String> repairs, List<String> repairedLines) {
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
        return PasteRepair.renderText(repairedLines);
    }

    public ParsedTrace primaryTrace() {
        return primary < 0 ? null : traces.get(primary);
    }

    public boolean hasHint(String code) {
        for (Hint h : hints) if (h.code().equals(code)) return true;
        return false;
    }
}
