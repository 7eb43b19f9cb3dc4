package io.tracekb.search;

import java.util.List;

/**
 * One matching incident: score in [0, 1], whether it reaches the confidence threshold, and why it matched (the
 * evidence that contributed; phrased for the asker by {@code io.tracekb.api.ReasonMessages}).
 */
public record MatchResult(long incidentId, String slug, double score, boolean confident, boolean sameFingerprint,
        List<Reason> why) {
}
