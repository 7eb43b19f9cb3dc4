package io.tracekb.search;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Matches pastes against the application's index; the ranking itself lives in {@link Ranker}. */
@ApplicationScoped
public class IncidentMatcher {

    @Inject
    IndexSynchronizer searchIndex;

    @Inject
    MatchSettings settings;

    /** The configured threshold, else the shipped model's. */
    public double threshold() {
        return settings.confidenceThreshold().orElse(io.tracekb.search.ranking.RankingModel.shipped().threshold());
    }

    public MatchOutcome match(String text, int limit) {
        return match(PasteAnalysis.of(text), limit);
    }

    /** What a match answer shows of an indexed incident, read from the index (no database involved). */
    public java.util.Optional<io.tracekb.incident.IncidentData> card(String slug) {
        return IndexedCards.find(searchIndex.index(), slug);
    }

    /**
     * The meaningful frame keys of the indexed incident's sample traces (see {@link IncidentFrames}), read from the
     * index: what the results page highlights in a paste; empty when the incident is not indexed.
     */
    public java.util.Set<String> frameKeys(String slug) {
        return IncidentFrames.find(searchIndex.index(), slug);
    }

    /**
     * A match in which an incident that is not indexed (a draft) competes as if it were: what an editor sees before
     * publishing. {@code id} is the draft's database id.
     */
    public MatchOutcome matchIncluding(String text, long id, io.tracekb.incident.IncidentData draft, int limit) {
        return new Ranker(searchIndex.index(), io.tracekb.search.ranking.RankingModel.shipped(), threshold())
                .rankIncluding(PasteAnalysis.of(text), IndexedIncident.of(id, 0, draft), limit);
    }

    public MatchOutcome match(PasteAnalysis paste, int limit) {
        return new Ranker(searchIndex.index(), io.tracekb.search.ranking.RankingModel.shipped(), threshold()).rank(paste, limit);
    }
}
