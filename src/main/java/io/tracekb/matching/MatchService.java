package io.tracekb.matching;

import io.tracekb.incident.ArticleService;
import io.tracekb.incident.IncidentData;
import io.tracekb.backlog.UnmatchedBacklog;
import io.tracekb.db.DatabaseFailures;
import io.tracekb.search.MatchOutcome;
import io.tracekb.search.MatchResult;
import io.tracekb.search.IncidentMatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The one way a paste is matched, whoever asks (REST, the results page, chat): the client's rate limit, the match,
 * the unmatched backlog, and the incidents to show. Callers only read the request and render the answer.
 */
@ApplicationScoped
public class MatchService {

    @Inject
    IncidentMatcher matcher;

    @Inject
    ArticleService articles;

    @Inject
    RateLimiter rateLimiter;

    @Inject
    UnmatchedBacklog backlog;

    /**
     * The ranked incidents for one paste and, for each result's slug, the incident to show (null when it cannot
     * be shown).
     */
    public record Answer(MatchOutcome outcome, Function<String, IncidentData> incidents) {
    }

    /**
     * Matches {@code text} for {@code client} (its address; see {@link RateLimiter}), recording the paste's signature
     * when nothing matched confidently.
     *
     * @throws RateLimitedException when the client has used its share
     */
    public MatchOutcome match(String client, String text, int limit) {
        rateLimiter.acquire(client);
        MatchOutcome outcome = matcher.match(text, limit);
        backlog.recordIfUnmatched(outcome); // in memory; written by a background thread
        return outcome;
    }

    /**
     * An editor's preview: {@code text} matched as if the unpublished incident {@code slug} were published (it
     * competes with every indexed incident). Rate-limited like any match; never recorded in the backlog, since
     * the preview is about the draft, not about what users paste.
     *
     * @return empty when the incident does not exist or is already published (then a plain match says it all)
     */
    public Optional<Answer> previewWithUnpublished(String client, String text, String slug, int limit) {
        Optional<ArticleService.Stored> stored = articles.findStored(slug)
                .filter(s -> s.data().status() != io.tracekb.incident.IncidentStatus.PUBLISHED);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        rateLimiter.acquire(client);
        IncidentData draft = stored.get().data();
        MatchOutcome outcome = matcher.matchIncluding(text, stored.get().id(), draft, limit);
        Function<String, IncidentData> shown = shownIncidents();
        return Optional.of(new Answer(outcome, s -> s.equals(slug) ? draft : shown.apply(s)));
    }

    /** {@link #match} with the incidents to show, read from the index, else from the database. */
    public Answer answer(String client, String text, int limit) {
        return new Answer(match(client, text, limit), shownIncidents());
    }

    /**
     * The incidents of the results when the index holds all of them, so that the answer needs no database (and
     * can be built on the event loop); empty when one must be read from the database.
     */
    public Optional<Function<String, IncidentData>> indexedIncidents(MatchOutcome outcome) {
        Map<String, IncidentData> cards = new HashMap<>();
        for (MatchResult r : outcome.results()) {
            matcher.card(r.slug()).ifPresent(card -> cards.put(r.slug(), card));
        }
        return cards.size() < outcome.results().size() ? Optional.empty() : Optional.of(cards::get);
    }

    /**
     * Titles and fixes of matched incidents come with the index, so a match needs no database (it keeps answering
     * while PostgreSQL is down); an incident indexed without them is read from the database.
     */
    public Function<String, IncidentData> shownIncidents() {
        return slug -> matcher.card(slug).orElseGet(() -> articles.findPublished(slug).orElse(null));
    }

    /**
     * {@link #shownIncidents()}, but an incident that must be read from the database is left out while the
     * database is down: the rest of the answer is still worth having (the results page).
     */
    public Function<String, IncidentData> shownIncidentsWhileDatabaseIsDown() {
        return leftOutWhileDatabaseDown(shownIncidents());
    }

    public static Function<String, IncidentData> leftOutWhileDatabaseDown(Function<String, IncidentData> incidents) {
        return slug -> {
            try {
                return incidents.apply(slug);
            } catch (RuntimeException e) {
                if (DatabaseFailures.unavailable(e)) {
                    return null;
                }
                throw e;
            }
        };
    }

    /** The frame keys of an incident's samples, read from the index: what the results page highlights. */
    public Set<String> frameKeys(String slug) {
        return matcher.frameKeys(slug);
    }
}
