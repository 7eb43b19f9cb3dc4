package io.tracekb.trace.repair;

import io.tracekb.trace.SourceLine;
import java.util.List;

/** "- locked <0x…> (a java.lang." + "Object)": a thread dump's lock line with an unclosed parenthesis. */
final class LockLine implements LineJoiner {
    @Override
    public boolean claims(List<SourceLine> in, int i, String t) {
        return t.startsWith("- ") && t.lastIndexOf('(') > t.lastIndexOf(')') && Wrapping.tailFollows(in, i);
    }

    @Override
    public Joined join(List<SourceLine> in, int i, String t) {
        return new Joined(Wrapping.lead(in.get(i).text()) + t + " " + Wrapping.stripped(in, i + 1), 1);
    }
}
