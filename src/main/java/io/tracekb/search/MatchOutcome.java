package io.tracekb.search;

import java.util.List;

/** The answer to one paste: what was understood of it, and the ranked incidents. */
public record MatchOutcome(PasteAnalysis paste, List<MatchResult> results) {
}
