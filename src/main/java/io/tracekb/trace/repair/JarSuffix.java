package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.SourceLine;
import java.util.List;

/** "at x.Y.m(Y.java:1) ~[flink-dist_2.12-1.1" + "3.1.jar:1.13.1]": a valid frame whose jar suffix wrapped. */
final class JarSuffix implements LineJoiner {
    @Override
    public boolean claims(List<SourceLine> in, int i, String t) {
        return JavaSyntax.isAtLine(t) && i + 1 < in.size() && Wrapping.jarSuffixContinues(t, Wrapping.stripped(in, i + 1));
    }

    @Override
    public Joined join(List<SourceLine> in, int i, String t) {
        return new Joined(Wrapping.lead(in.get(i).text()) + Wrapping.appendJarSuffix(t, Wrapping.stripped(in, i + 1)), 1);
    }
}
