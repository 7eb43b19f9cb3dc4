package io.tracekb.search;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Matches pastes against the application's index; the ranking itself lives in {@link Ranker}. */
@ApplicationScoped
public class Matcher {

    @Inject
    SearchIndex searchIndex;

    /**
     * Overrides the shipped model's threshold, which was chosen on the development part of the labelled set for a
     * confident precision of 0.99 (see the model file's report).
     */
    @ConfigProperty(name = "kb.match.confidence-threshold")
    java.util.Optional<Double> thresholdOverride;

    public double threshold() {
        return thresholdOverride.orElse(io.tracekb.search.ranking.RankingModel.shipped().threshold());
    }

    public MatchOutcome match(String text, int limit) {
        return match(PasteAnalysis.of(text), limit);
    }

    /** What a match answer shows of an indexed incident, read from the index (no database involved). */
    public java.util.Optional<io.tracekb.article.IncidentData> card(String slug) {
        return IncidentCards.find(searchIndex.index(), slug);
    }

    /**
     * The meaningful frame keys of the indexed incident's sample traces (see {@link IncidentFrames}), read from the
     * index: what the results page highlights in a paste; empty when the incident is not indexed.
     */
    public java.util.Set<String> frameKeys(String slug) {
        return IncidentFrames.find(searchIndex.index(), slug);
    }

    public MatchOutcome match(PasteAnalysis paste, int limit) {
        return new Ranker(searchIndex.index(), io.tracekb.search.ranking.RankingModel.shipped(), threshold()).rank(paste, limit);
    }
}
