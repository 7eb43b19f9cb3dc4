package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.SourceLine;
import io.tracekb.trace.StackFrame;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-joins trace lines that a chat client or a narrow window broke, each kind by its {@link LineJoiner}, and only
 * when the join gives a valid line. A frame line that parses keeps its parsed frame, so readers do not parse it again.
 */
final class WrappedLines implements LinesRepair {
    /** Tried in order; the first that claims a line is the only one to try it, except the last resort below. */
    static final List<LineJoiner> JOINERS = List.of(new WrappedFrame(), new CircularReference(), new JarSuffix(),
            new ThreadNameWrapped(), new HeaderMessage(), new ThreadDumpHeader(), new LockLine());
    /** Tried on every line that no joiner claimed or joined. */
    static final LineJoiner LAST_RESORT = new HeaderWrappedAtDot();

    @Override
    public Repair repair() {
        return Repair.WRAPPED_LINES;
    }

    @Override
    public List<SourceLine> undo(List<SourceLine> in) {
        List<SourceLine> out = new ArrayList<>(in.size());
        int n = in.size();
        boolean joined = false;
        // a StackOverflowError repeats the same frame lines hundreds of times: parse each distinct line once
        Map<String, StackFrame> frames = new HashMap<>();
        for (int i = 0; i < n; i++) {
            SourceLine cur = in.get(i);
            String t = cur.text().strip();
            StackFrame frame = JavaSyntax.isAtLine(t) ? frames.computeIfAbsent(t, JavaSyntax::parseAtFrame) : null;
            if (frame != null && !(i + 1 < n && Wrapping.mayContinueJar(t, in.get(i + 1).text())
                    && Wrapping.jarSuffixContinues(t, Wrapping.stripped(in, i + 1)))) {
                out.add(new SourceLine(cur.text(), cur.orig(), frame));
                continue;
            }
            LineJoiner.Joined join = null;
            for (LineJoiner joiner : JOINERS) {
                if (joiner.claims(in, i, t)) {
                    join = joiner.join(in, i, t);
                    break;
                }
            }
            if (join == null && LAST_RESORT.claims(in, i, t)) join = LAST_RESORT.join(in, i, t);
            if (join == null) {
                out.add(cur);
            } else {
                out.add(new SourceLine(join.text(), cur.orig()));
                i += join.used();
                joined = true;
            }
        }
        return joined ? out : null;
    }
}
