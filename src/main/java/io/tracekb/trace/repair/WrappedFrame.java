package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.SourceLine;
import java.util.List;

/** "at org.apache.flink.runtime." + "taskmanager.Task.run(Task.java:1)": an "at" line that parses only when joined. */
final class WrappedFrame implements LineJoiner {
    /** At most this many following lines go into one frame. */
    static final int MAX_JOIN = 4;

    @Override
    public boolean claims(List<SourceLine> in, int i, String t) {
        return JavaSyntax.isAtLine(t) && JavaSyntax.parseAtFrame(t) == null;
    }

    @Override
    public Joined join(List<SourceLine> in, int i, String t) {
        int n = in.size();
        String cand = t;
        int used = 0;
        for (int m = 1; m <= MAX_JOIN && i + m < n; m++) {
            String next = Wrapping.stripped(in, i + m);
            if (next.isEmpty() || Wrapping.structural(next)) break;
            cand = cand.equals("at") ? "at " + next : cand.stripTrailing() + next;
            if (JavaSyntax.parseAtFrame(cand) != null) {
                used = m;
                break;
            }
        }
        if (used == 0) return null;
        while (i + used + 1 < n && Wrapping.jarSuffixContinues(cand, Wrapping.stripped(in, i + used + 1))) {
            cand = Wrapping.appendJarSuffix(cand, Wrapping.stripped(in, i + used + 1));
            used++;
        }
        return new Joined(Wrapping.lead(in.get(i).text()) + JavaSyntax.collapseSpaces(cand), used);
    }
}
