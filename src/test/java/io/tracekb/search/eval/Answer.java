package io.tracekb.search.eval;

import java.util.List;

/** Incidents a system returned for a query, best first, and whether it vouches for the first. */
record Answer(List<String> slugs, boolean confident) {
}
