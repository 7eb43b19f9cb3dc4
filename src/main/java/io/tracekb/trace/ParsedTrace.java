package io.tracekb.trace;

import java.util.List;

/**
 * One trace found in the pasted text.
 *
 * @param language   the runtime that printed it
 * @param kind       exception, frame list or thread dump
 * @param exceptions the cause chain, outermost first; the root cause is the last. A FRAME_LIST holds one entry with a
 *                   null type; a THREAD_DUMP holds none.
 * @param threads    threads of a dump, else empty
 * @param firstLine  0-based first line in the original text
 * @param lastLine   0-based last line (inclusive) in the original text
 * @param linkedTo   index of a related trace (the Java trace inside a py4j error and back), else -1
 */
public record ParsedTrace(TraceLanguage language, TraceKind kind, List<ParsedException> exceptions, List<ThreadInfo> threads,
                          int firstLine, int lastLine, int linkedTo) {
    public ParsedTrace {
        exceptions = List.copyOf(exceptions);
        threads = List.copyOf(threads);
    }

    /** Index of the root cause in {@link #exceptions()}: the last one; -1 when there are none. */
    public int rootCause() {
        return exceptions.size() - 1;
    }

    public ParsedTrace withLinkedTo(int other) {
        return new ParsedTrace(language, kind, exceptions, threads, firstLine, lastLine, other);
    }

    /** Total number of frames over the chain (restored frames included). */
    public int frameCount() {
        int n = 0;
        for (ParsedException e : exceptions) n += e.frames().size();
        for (ThreadInfo t : threads) n += t.frames().size();
        return n;
    }
}
