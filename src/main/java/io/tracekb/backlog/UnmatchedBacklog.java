package io.tracekb.backlog;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.tracekb.db.DatabaseFailures;
import io.tracekb.search.MatchOutcome;
import io.tracekb.search.MatchResult;
import io.tracekb.signature.Signature;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Counts the signatures of pastes that got no confident answer — fingerprint, root cause, message template and
 * exception chain, never the paste — so editors can see which incidents to write next. While PostgreSQL is
 * away, sightings are counted in memory and written when it is back (see {@link WaitingSightings}).
 */
@ApplicationScoped
public class UnmatchedBacklog {

    private static final Logger LOG = Logger.getLogger(UnmatchedBacklog.class);

    @Inject
    EntityManager em;

    private final WaitingSightings waiting = new WaitingSightings(this::write);

    public record Entry(String fingerprint, String rootType, String messageTemplate, String exceptions, long count,
            OffsetDateTime firstSeen, OffsetDateTime lastSeen) {
    }

    /** Records the paste's signature when nothing matched confidently. Never fails the match it belongs to. */
    public void recordIfUnmatched(MatchOutcome outcome) {
        Signature s = outcome.paste().primary();
        if (s == null || outcome.results().stream().anyMatch(MatchResult::confident)) {
            return;
        }
        Sighting sighting = new Sighting(s.fingerprint(), cut(s.rootCauseType(), 300), cut(s.rootCauseTemplate(), 500),
                cut(String.join(" <- ", s.exceptionTypes().stream().map(t -> t == null ? "?" : t).toList()), 2000), 1);
        if (waiting.isWaiting()) {
            // the database was away a moment ago: the match must not wait for it again
            waiting.keep(sighting);
            return;
        }
        try {
            write(sighting);
        } catch (RuntimeException e) {
            if (DatabaseFailures.unavailable(e)) {
                waiting.keep(sighting);
            } else {
                // the answer matters more than the statistic
                LOG.debugf(e, "Could not record an unmatched signature");
            }
        }
    }

    /** One signature seen {@code count} times. */
    record Sighting(String fingerprint, String rootType, String messageTemplate, String exceptions, long count) {
    }

    void write(Sighting s) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                insert into unmatched_signature (fingerprint, root_type, message_template, exceptions, count)
                values (?1, ?2, ?3, ?4, ?5)
                on conflict (fingerprint) do update
                  set count = unmatched_signature.count + excluded.count, last_seen = now()""")
                .setParameter(1, s.fingerprint())
                .setParameter(2, s.rootType())
                .setParameter(3, s.messageTemplate())
                .setParameter(4, s.exceptions())
                .setParameter(5, s.count())
                .executeUpdate());
    }

    /** Signatures waiting for the database to return, for operations and tests. */
    public int waitingCount() {
        return waiting.size();
    }

    @PreDestroy
    void stop() {
        waiting.stop();
    }

    /** Most frequent first. */
    @SuppressWarnings("unchecked")
    public List<Entry> top(int page, int size) {
        List<Object[]> rows = em.createNativeQuery("""
                select fingerprint, root_type, message_template, exceptions, count, first_seen, last_seen
                from unmatched_signature order by count desc, last_seen desc, fingerprint""")
                .setFirstResult(page * size).setMaxResults(size).getResultList();
        List<Entry> out = new ArrayList<>();
        for (Object[] r : rows) {
            out.add(new Entry((String) r[0], (String) r[1], (String) r[2], (String) r[3], ((Number) r[4]).longValue(),
                    toOffset(r[5]), toOffset(r[6])));
        }
        return out;
    }

    private static OffsetDateTime toOffset(Object o) {
        if (o instanceof OffsetDateTime odt) {
            return odt;
        }
        if (o instanceof java.time.Instant i) {
            return i.atOffset(java.time.ZoneOffset.UTC);
        }
        if (o instanceof java.sql.Timestamp t) {
            return t.toInstant().atOffset(java.time.ZoneOffset.UTC);
        }
        return null;
    }

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
