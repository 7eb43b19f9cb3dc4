package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.SourceLine;
import java.util.List;

/** "java.io.IOException:" + "Connection reset" + "at …": an exception header whose message went to the next line. */
final class HeaderMessage implements LineJoiner {
    @Override
    public boolean claims(List<SourceLine> in, int i, String t) {
        return t.endsWith(":") && i + 2 < in.size() && Wrapping.tailFollows(in, i)
                && JavaSyntax.isAtLine(Wrapping.stripped(in, i + 2)) && JavaSyntax.parseHeader(t, false) != null;
    }

    @Override
    public Joined join(List<SourceLine> in, int i, String t) {
        return new Joined(JavaSyntax.collapseSpaces(t + " " + Wrapping.stripped(in, i + 1)), 1);
    }
}
