package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.SourceLine;
import java.util.List;

/** A thread dump's {@code "name" #12 prio=5 …} header broken over up to three more lines. */
final class ThreadDumpHeader implements LineJoiner {
    private static final int MAX_LINES = 3;

    @Override
    public boolean claims(List<SourceLine> in, int i, String t) {
        return JavaSyntax.isThreadHeader(t);
    }

    @Override
    public Joined join(List<SourceLine> in, int i, String t) {
        int n = in.size();
        String cand = in.get(i).text();
        int m = 1;
        while (m <= MAX_LINES && i + m < n) {
            String next = in.get(i + m).text();
            if (next.isBlank() || Character.isWhitespace(next.charAt(0)) || next.startsWith("\"")
                    || next.startsWith("java.lang.Thread.State") || Wrapping.structural(next.strip())) break;
            // inside an open "[0x…" the break cut a word: no space
            cand = Wrapping.count(cand, '[') > Wrapping.count(cand, ']') ? cand.stripTrailing() + next.strip()
                    : cand.stripTrailing() + " " + next.strip();
            m++;
        }
        return m > 1 ? new Joined(cand, m - 1) : null;
    }
}
