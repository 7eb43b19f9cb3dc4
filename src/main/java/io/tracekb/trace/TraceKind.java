package io.tracekb.trace;

/** What kind of text a {@link ParsedTrace} was read from. */
public enum TraceKind {
    /** An exception (or error / panic) with a header and its frames. */
    EXCEPTION,
    /** Frames with no exception header, e.g. Flink's "is stuck in method:" or a pasted frame excerpt. */
    FRAME_LIST,
    /** A jstack / jcmd thread dump: many threads, no exception. */
    THREAD_DUMP
}
