package io.tracekb.trace;

import java.util.Map;

/** Advice about the paste itself: a {@link HintCode} and its parameters; the application translates the code. */
public record Hint(HintCode code, Map<String, String> params) {
    public Hint {
        params = params == null ? Map.of() : Map.copyOf(params);
    }

    public static Hint of(HintCode code) {
        return new Hint(code, Map.of());
    }
}
