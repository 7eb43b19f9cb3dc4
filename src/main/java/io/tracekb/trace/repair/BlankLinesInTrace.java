package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.SourceLine;
import java.util.ArrayList;
import java.util.List;

/** Drops a run of at most 2 empty lines between a non-empty line and a frame line. */
final class BlankLinesInTrace implements LinesRepair {
    private static final int MAX_RUN = 2;

    @Override
    public Repair repair() {
        return Repair.BLANK_LINES_IN_TRACE;
    }

    @Override
    public List<SourceLine> undo(List<SourceLine> in) {
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
            boolean drop = i > 0 && b < n && b - i <= MAX_RUN && JavaSyntax.isAtLine(in.get(b).text().strip());
            if (drop) dropped = true;
            else for (int k = i; k < b; k++) out.add(in.get(k));
            i = b;
        }
        return dropped ? out : null;
    }
}
