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
 * exception chain, never the paste — so editors can see which incidents to write next. Sightings are counted
 * in memory and written in batches, also while PostgreSQL is away (see {@link PendingSightings}).
 */
@ApplicationScoped
public class UnmatchedBacklog {

    private static final Logger LOG = Logger.getLogger(UnmatchedBacklog.class);

    @Inject
    EntityManager em;

    private final PendingSightings pending = new PendingSightings(this::write);

    public record Entry(String fingerprint, String rootType, String messageTemplate, String exceptions, long count,
            OffsetDateTime firstSeen, OffsetDateTime lastSeen) {
    }

    /**
     * Records the paste's signature when nothing matched confidently: counted in memory and written within a
     * second by a background thread (see {@link PendingSightings}). Never fails or delays the match.
     */
    public void recordIfUnmatched(MatchOutcome outcome) {
        Signature s = outcome.paste().primary();
        if (s == null || outcome.results().stream().anyMatch(MatchResult::confident)) {
            return;
        }
        pending.keep(new Sighting(s.fingerprint(), cut(s.rootCauseType(), 300), cut(s.rootCauseTemplate(), 500),
                cut(String.join(" <- ", s.exceptionTypes().stream().map(t -> t == null ? "?" : t).toList()), 2000), 1));
    }

    /** One signature seen {@code count} times. */
    record Sighting(String fingerprint, String rootType, String messageTemplate, String exceptions, long count) {
    }

    /**
     * One transaction for the batch, one statement per signature, sent together (JDBC batch). If the database
     * refuses the batch for its data (not because it is away), each row is written on its own, so that one bad
     * row costs only itself.
     */
    void write(List<Sighting> batch) {
        try {
            writeTogether(batch);
        } catch (RuntimeException e) {
            if (batch.size() == 1 || DatabaseFailures.unavailable(e)) {
                throw e;
            }
            int refused = 0;
            for (Sighting s : batch) {
                try {
                    writeTogether(List.of(s));
                } catch (RuntimeException one) {
                    if (DatabaseFailures.unavailable(one)) {
                        throw one;
                    }
                    refused++;
                }
            }
            if (refused > 0) {
                // the SQL error would quote the row's values, which come from a paste: never log them
                LOG.warnf("%d of %d unmatched signatures were refused by the database and not recorded", refused,
                        batch.size());
            }
        }
    }

    private void writeTogether(List<Sighting> batch) {
        QuarkusTransaction.requiringNew().run(() -> em.unwrap(org.hibernate.Session.class).doWork(connection -> {
            try (java.sql.PreparedStatement insert = connection.prepareStatement("""
                    insert into unmatched_signature (fingerprint, root_type, message_template, exceptions, count)
                    values (?, ?, ?, ?, ?)
                    on conflict (fingerprint) do update
                      set count = unmatched_signature.count + excluded.count, last_seen = now()""")) {
                for (Sighting s : batch) {
                    insert.setString(1, s.fingerprint());
                    insert.setString(2, s.rootType());
                    insert.setString(3, s.messageTemplate());
                    insert.setString(4, s.exceptions());
                    insert.setLong(5, s.count());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        }));
    }

    /** Signatures counted but not yet written (waiting for the next write, or for the database to return). */
    public int pendingCount() {
        return pending.size();
    }

    @PreDestroy
    void stop() {
        pending.stop();
        pending.flush(); // what was counted before a clean shutdown is kept
    }

    /** Most frequent first. */
    @SuppressWarnings("unchecked")
    public List<Entry> top(int page, int size) {
        pending.flush(); // every sighting made before this read is in it (unless the database is away)
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

    /**
     * At most {@code max} characters that PostgreSQL can store: U+0000 is removed (text columns refuse it, and one
     * such row used to fail the whole batch with everyone else's sightings).
     */
    static String cut(String s, int max) {
        if (s == null) {
            return null;
        }
        String storable = s.indexOf('\0') >= 0 ? s.replace("\0", "") : s;
        return storable.length() <= max ? storable : storable.substring(0, max);
    }
}
