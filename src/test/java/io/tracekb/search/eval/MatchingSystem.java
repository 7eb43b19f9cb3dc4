package io.tracekb.search.eval;

/** Something a user could use to find the incident for a trace: TraceKB or a baseline. */
interface MatchingSystem extends AutoCloseable {

    String name();

    /** From now on, answer as if sample trace {@code trace} (0-based) of incident {@code slug} did not exist. */
    void holdOut(String slug, int trace);

    /** Undo {@link #holdOut}. */
    void restore();

    Answer answer(EvalQuery query);

    @Override
    default void close() {
    }
}
