package io.tracekb.trace;

/** What a {@link Hint} advises; the code is language-neutral (the REST API sends its name), the application words it. */
public enum HintCode {
    /** No stack trace was recognised: the paste is searched as free text. */
    NO_TRACE_FOUND,
    /** Several traces; the primary one was used (param {@code count}). */
    SEVERAL_TRACES,
    /** The primary trace is cut off before its root cause. */
    TRUNCATED_BEFORE_ROOT_CAUSE,
    /** The paste was longer than the parser's cap (param {@code maxChars}). */
    INPUT_TRUNCATED_AT_LIMIT,
    /** Pasting damage was repaired (param {@code repairs}: the repairs' names). */
    REPAIRED_DAMAGE,
    /** A thread dump, not an exception. */
    THREAD_DUMP
}
