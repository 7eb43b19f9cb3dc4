package io.tracekb.trace.repair;

import io.tracekb.trace.SourceLine;
import java.util.List;

/** {@code Exception in thread "main} + {@code " java.lang.X: y}: the thread's name was cut inside its quotes. */
final class ThreadNameWrapped implements LineJoiner {
    @Override
    public boolean claims(List<SourceLine> in, int i, String t) {
        return t.startsWith("Exception in thread \"") && Wrapping.count(t, '"') % 2 == 1 && i + 1 < in.size()
                && !in.get(i + 1).text().isBlank();
    }

    @Override
    public Joined join(List<SourceLine> in, int i, String t) {
        return new Joined(t + Wrapping.stripped(in, i + 1), 1);
    }
}
