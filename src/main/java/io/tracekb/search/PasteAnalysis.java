package io.tracekb.search;

import io.tracekb.trace.HintCode;
import io.tracekb.signature.Signature;
import io.tracekb.signature.SignatureBuilder;
import io.tracekb.trace.Hint;
import io.tracekb.trace.ParseResult;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.TraceParser;
import java.util.ArrayList;
import java.util.List;

/**
 * A paste taken apart: the parse, a signature per trace, the primary one, and the prose around the traces
 * (which is searched as text in its own language).
 */
public record PasteAnalysis(ParseResult parse, List<Signature> signatures, String prose) {

    private static final TraceParser PARSER = new TraceParser();
    private static final SignatureBuilder SIGNATURES = new SignatureBuilder();

    public static PasteAnalysis of(String text) {
        ParseResult parse = PARSER.parse(text);
        List<Signature> signatures = new ArrayList<>(parse.traces().size());
        for (ParsedTrace t : parse.traces()) {
            signatures.add(SIGNATURES.build(t));
        }
        return new PasteAnalysis(withCutOffHint(parse, signatures), signatures, prose(text, parse.traces()));
    }

    /**
     * The parse, told also when the primary trace ends at an exception that only reports a cause the paste does
     * not hold (the parser sees where a trace breaks off; which exceptions only wrap is the signature's knowledge).
     */
    private static ParseResult withCutOffHint(ParseResult parse, List<Signature> signatures) {
        if (parse.primary() < 0 || signatures.get(parse.primary()).causeCutOff() == null
                || parse.hints().stream().anyMatch(h -> h.code().equals(HintCode.TRUNCATED_BEFORE_ROOT_CAUSE))) {
            return parse;
        }
        List<Hint> hints = new ArrayList<>(parse.hints());
        hints.add(Hint.of(HintCode.TRUNCATED_BEFORE_ROOT_CAUSE));
        return new ParseResult(parse.traces(), parse.primary(), hints, parse.inputTruncated(), parse.repairs(),
                parse.repairedLines());
    }

    /**
     * Whether an answer to this paste may be vouched for: not when its primary trace ends before the exception
     * that names the failure, since then no incident can be known to be the user's.
     */
    public boolean showsItsFailure() {
        Signature p = primary();
        return p == null || p.causeCutOff() == null;
    }

    public Signature primary() {
        return parse.primary() < 0 ? null : signatures.get(parse.primary());
    }

    /** The lines outside every trace, capped: prose helps find candidates but must not flood the query. */
    static String prose(String text, List<ParsedTrace> traces) {
        if (text == null) {
            return "";
        }
        String[] lines = text.split("\r\n|\r|\n", -1);
        boolean[] inTrace = new boolean[lines.length];
        for (ParsedTrace t : traces) {
            for (int i = Math.max(0, t.firstLine()); i <= Math.min(lines.length - 1, t.lastLine()); i++) {
                inTrace[i] = true;
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines.length && sb.length() < 20_000; i++) {
            if (!inTrace[i] && !lines[i].isBlank()) {
                sb.append(lines[i], 0, Math.min(lines[i].length(), 2_000)).append('\n');
            }
        }
        return sb.toString();
    }
}
