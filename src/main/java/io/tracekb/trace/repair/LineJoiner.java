package io.tracekb.trace.repair;

import io.tracekb.trace.SourceLine;
import java.util.List;

/** One way a chat client or a narrow window breaks a trace line, and how to put it back ({@link WrappedLines}). */
interface LineJoiner {
    /** The re-joined line and how many of the following lines went into it. */
    record Joined(String text, int used) {
    }

    /**
     * Whether line {@code i} (stripped: {@code t}) looks like the first part of a line of this kind. Only the first
     * joiner that claims a line tries to join it.
     */
    boolean claims(List<SourceLine> in, int i, String t);

    /** The joined line, or null when no join gives a valid line. */
    Joined join(List<SourceLine> in, int i, String t);
}
