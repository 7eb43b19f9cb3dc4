package io.tracekb.trace.repair;

import io.tracekb.trace.SourceLine;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Undoes the damage pasting does to a trace, before any reader looks at it: an ordered chain of small repairs, the
 * way a Lucene analyzer chains char filters and token filters. Each repair is a linear scan; every line keeps the
 * number of the line it came from, so that traces can point back into what the user pasted.
 */
public final class PasteRepair {
    /** On the whole text, in order, before it is cut into lines. */
    static final List<TextRepair> TEXT_REPAIRS = List.of(new LineEndings(), new HtmlMarkup(), new HtmlEntities());
    /** On each line, in order; a repair may cut a line into several, and the next repair sees each of them. */
    static final List<LineRepair> LINE_REPAIRS = List.of(new JsonEscapes(), new QuoteMarkers(), new LogLinePrefixes(),
            new FlattenedTrace());
    /** On the list of lines, in order. */
    static final List<LinesRepair> LINES_REPAIRS = List.of(new WrappedLines(), new BlankLinesInTrace());

    /** The repaired lines and the repairs applied, in {@link Repair}'s order. */
    public record Repaired(List<SourceLine> lines, List<Repair> repairs) {
    }

    private PasteRepair() {
    }

    public static Repaired repair(String text) {
        Set<Repair> applied = EnumSet.noneOf(Repair.class);
        for (TextRepair r : TEXT_REPAIRS) {
            if (r.finds(text)) {
                text = r.undo(text);
                applied.add(r.repair());
            }
        }
        List<SourceLine> lines = new ArrayList<>();
        int orig = 0;
        int start = 0;
        while (true) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl;
            for (String line : repairLine(text.substring(start, end), applied)) lines.add(new SourceLine(line, orig));
            orig++;
            if (nl < 0) break;
            start = nl + 1;
        }
        for (LinesRepair r : LINES_REPAIRS) {
            List<SourceLine> repaired = r.undo(lines);
            if (repaired != null) {
                lines = repaired;
                applied.add(r.repair());
            }
        }
        return new Repaired(lines, List.copyOf(applied));
    }

    private static List<String> repairLine(String line, Set<Repair> applied) {
        List<String> lines = List.of(line);
        for (LineRepair r : LINE_REPAIRS) {
            List<String> out = null;
            for (int k = 0; k < lines.size(); k++) {
                List<String> repaired = r.undo(lines.get(k));
                if (repaired != null && out == null) out = new ArrayList<>(lines.subList(0, k));
                if (out != null) out.addAll(repaired != null ? repaired : List.of(lines.get(k)));
            }
            if (out != null) {
                lines = out;
                applied.add(r.repair());
            }
        }
        return lines;
    }
}
