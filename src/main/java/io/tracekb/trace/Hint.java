package io.tracekb.trace;

import java.util.Map;

/**
 * Advice about the paste itself, as a language-neutral code; the application translates the code.
 * Codes: {@code NO_TRACE_FOUND}, {@code SEVERAL_TRACES}, {@code TRUNCATED_BEFORE_ROOT_CAUSE},
 * {@code INPUT_TRUNCATED_AT_LIMIT}, {@code REPAIRED_DAMAGE} (param {@code repairs}), {@code THREAD_DUMP}.
 */
public record Hint(String code, Map<String, String> params) {
    public static final String NO_TRACE_FOUND = "NO_TRACE_FOUND";
    public static final String SEVERAL_TRACES = "SEVERAL_TRACES";
    public static final String TRUNCATED_BEFORE_ROOT_CAUSE = "TRUNCATED_BEFORE_ROOT_CAUSE";
    public static final String INPUT_TRUNCATED_AT_LIMIT = "INPUT_TRUNCATED_AT_LIMIT";
    public static final String REPAIRED_DAMAGE = "REPAIRED_DAMAGE";
    public static final String THREAD_DUMP = "THREAD_DUMP";

    public Hint {
        params = params == null ? Map.of() : Map.copyOf(params);
    }

    public static Hint of(String code) {
        return new Hint(code, Map.of());
    }
}
