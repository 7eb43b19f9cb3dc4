package io.tracekb.backlog;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.tracekb.search.MatchOutcome;
import io.tracekb.search.MatchResult;
import io.tracekb.signature.Signature;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Counts the signatures of pastes that got no confident answer — fingerprint, root cause, message template and
 * exception chain, never the paste — so editors can see which incidents to write next.
 */
@ApplicationScoped
public class UnmatchedBacklog {

    private static final Logger LOG = Logger.getLogger(UnmatchedBacklog.class);

    @Inject
    EntityManager em;

    public record Entry(String fingerprint, String rootType, String messageTemplate, String exceptions, long count,
            OffsetDateTime firstSeen, OffsetDateTime lastSeen) {
    }

    /** Records the paste's signature when nothing matched confidently. Never fails the match it belongs to. */
    public void recordIfUnmatched(MatchOutcome outcome) {
        Signature s = outcome.paste().primary();
        if (s == null || outcome.results().stream().anyMatch(MatchResult::confident)) {
            return;
        }
        try {
            QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                    insert into unmatched_signature (fingerprint, root_type, message_template, exceptions)
                    values (?1, ?2, ?3, ?4)
                    on conflict (fingerprint) do update
                      set count = unmatched_signature.count + 1, last_seen = now()""")
                    .setParameter(1, s.fingerprint())
                    .setParameter(2, cut(s.rootCauseType(), 300))
                    .setParameter(3, cut(s.rootCauseTemplate(), 500))
                    .setParameter(4, cut(String.join(" <- ", s.exceptionTypes().stream()
                            .map(t -> t == null ? "?" : t).toList()), 2000))
                    .executeUpdate());
        } catch (RuntimeException e) {
            // the answer matters more than the statistic (e.g. while the database is away)
            LOG.debugf(e, "Could not record an unmatched signature");
        }
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
