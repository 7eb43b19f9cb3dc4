package io.tracekb.trace;

import java.util.List;

/**
 * One exception of a cause chain.
 *
 * @param type              exception type as printed (qualified when the trace qualifies it); null for a FRAME_LIST
 * @param message           message, may be null, may be multi-line
 * @param frames            frames, including those the JVM elided as "... N more", restored from the enclosing trace
 * @param omittedFrames     N of "... N more" / "... N common frames omitted", as printed
 * @param restoredFrames    how many of those were restored from the enclosing exception (the last ones of
 *                          {@code frames}); fewer than N when the paste holds fewer
 * @param suppressed        suppressed exceptions, each with its own cause chain
 * @param circularReference this entry comes from "[CIRCULAR REFERENCE: ...]"; its frames are those of the exception referred to
 * @param truncated         the paste ends (or breaks off) inside this exception's frames
 * @param headerLine        0-based line of the header in the original text, -1 if none
 */
public record ParsedException(String type, String message, List<StackFrame> frames, int omittedFrames,
                              int restoredFrames, List<ExceptionChain> suppressed, boolean circularReference, boolean truncated,
                              int headerLine) {
    public ParsedException {
        frames = List.copyOf(frames);
        suppressed = List.copyOf(suppressed);
        if (omittedFrames < 0) omittedFrames = 0;
        if (restoredFrames < 0 || restoredFrames > frames.size()) restoredFrames = 0;
    }

    /** Frames printed for this exception itself (not restored from the enclosing one). */
    public int printedFrameCount() {
        return frames.size() - restoredFrames;
    }
}
