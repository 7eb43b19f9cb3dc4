package io.tracekb.api;

import io.tracekb.trace.Hint;

/** Advice about a paste, in the asker's language (English for languages without a translation): {@link ApiMessages}. */
public final class HintMessages {

    private HintMessages() {
    }

    public static String message(Hint hint, String lang) {
        return message(hint, ApiBundle.in(lang));
    }

    public static String message(Hint hint, ApiMessages m) {
        return switch (hint.code()) {
            case NO_TRACE_FOUND -> m.hint_no_trace_found();
            case SEVERAL_TRACES -> m.hint_several_traces();
            case TRUNCATED_BEFORE_ROOT_CAUSE -> m.hint_truncated_before_root_cause();
            case INPUT_TRUNCATED_AT_LIMIT -> m.hint_input_truncated_at_limit();
            case REPAIRED_DAMAGE -> m.hint_repaired_damage();
            case THREAD_DUMP -> m.hint_thread_dump();
        };
    }
}
