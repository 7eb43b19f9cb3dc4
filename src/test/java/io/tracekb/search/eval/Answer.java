package io.tracekb.search.eval;

import java.util.List;

/**
 * Incidents a system returned for a query, best first, and whether it vouches for the first; {@code scores}, one
 * per slug, from a system whose scores claim a meaning (TraceKB's in [0, 1]), else empty.
 */
record Answer(List<String> slugs, boolean confident, List<Double> scores) {

    Answer(List<String> slugs, boolean confident) {
        this(slugs, confident, List.of());
    }
}
