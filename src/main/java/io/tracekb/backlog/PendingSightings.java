package io.tracekb.backlog;

import io.tracekb.backlog.UnmatchedBacklog.Sighting;
import io.tracekb.db.DatabaseFailures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Unmatched signatures not yet written: counted per fingerprint in memory (bounded) and written in one batch
 * by a background thread, within {@value #FLUSH_MILLIS} ms normally, every {@value #RETRY_MILLIS} ms while the
 * database is unavailable (tests pass shorter delays). A match therefore never waits for the database (a write per unmatched paste was a
 * round trip and a transaction on the answer's path), and a burst of the same failure is one row update.
 * A crash loses at most the last second's counts: a statistic, never an incident.
 */
final class PendingSightings {

    private static final Logger LOG = Logger.getLogger(PendingSightings.class);
    /** Distinct signatures kept; beyond this the statistic loses counts, the matches lose nothing. */
    static final int MAX = 10_000;
    static final long FLUSH_MILLIS = 1_000;
    static final long RETRY_MILLIS = 2_000;

    private final Consumer<List<Sighting>> writer;
    private final long flushMillis;
    private final long retryMillis;
    private final Map<String, Sighting> pending = new LinkedHashMap<>();
    private ScheduledExecutorService flusher;
    private boolean scheduled;
    private boolean databaseAway;
    private long dropped;
    /** One flush at a time: two would write the same batch twice. */
    private final Object flushing = new Object();

    /** @param writer writes a batch in one transaction (all or nothing) */
    PendingSightings(Consumer<List<Sighting>> writer) {
        this(writer, FLUSH_MILLIS, RETRY_MILLIS);
    }

    PendingSightings(Consumer<List<Sighting>> writer, long flushMillis, long retryMillis) {
        this.writer = writer;
        this.flushMillis = flushMillis;
        this.retryMillis = retryMillis;
    }

    synchronized int size() {
        return pending.size();
    }

    synchronized boolean databaseAway() {
        return databaseAway;
    }

    synchronized void keep(Sighting s) {
        Sighting before = pending.get(s.fingerprint());
        if (before != null) {
            pending.put(s.fingerprint(), new Sighting(before.fingerprint(), before.rootType(),
                    before.messageTemplate(), before.exceptions(), before.count() + s.count()));
        } else if (pending.size() < MAX) {
            pending.put(s.fingerprint(), s);
        } else {
            dropped++;
        }
        schedule(databaseAway ? retryMillis : flushMillis);
    }

    synchronized void stop() {
        if (flusher != null) {
            flusher.shutdownNow();
        }
    }

    private void schedule(long millis) {
        if (scheduled) {
            return;
        }
        if (flusher == null) {
            flusher = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "tracekb-backlog-writer");
                t.setDaemon(true);
                return t;
            });
        }
        scheduled = true;
        flusher.schedule(this::flush, millis, TimeUnit.MILLISECONDS);
    }

    /**
     * Writes what is pending in one batch; on a sign that the database is away keeps all of it and tries again
     * later. Also called before the backlog is read, so that a reader sees every sighting made before.
     */
    void flush() {
        synchronized (flushing) {
            flushOnce();
        }
    }

    private void flushOnce() {
        List<Sighting> batch;
        synchronized (this) {
            scheduled = false;
            batch = new ArrayList<>(pending.values());
        }
        if (batch.isEmpty()) {
            return;
        }
        try {
            writer.accept(batch);
        } catch (RuntimeException e) {
            synchronized (this) {
                if (DatabaseFailures.unavailable(e)) {
                    if (!databaseAway) {
                        LOG.warnf("Database unavailable: unmatched signatures are counted in memory (up to %d) and "
                                + "written when it is back; matching goes on from the search index", MAX);
                    }
                    databaseAway = true;
                    schedule(retryMillis);
                    return;
                }
                // the answers matter more than the statistic: a batch the database refuses is dropped
                // not the exception itself: PostgreSQL's message quotes the rows' values, which come from pastes
                LOG.warnf("Could not record %d unmatched signatures: %s", batch.size(), e.getClass().getName());
            }
        }
        synchronized (this) {
            for (Sighting s : batch) {
                // sightings of the same signature that arrived meanwhile stay for the next round
                Sighting now = pending.remove(s.fingerprint());
                if (now != null && now.count() > s.count()) {
                    pending.put(s.fingerprint(), new Sighting(now.fingerprint(), now.rootType(), now.messageTemplate(),
                            now.exceptions(), now.count() - s.count()));
                }
            }
            if (databaseAway) {
                LOG.infof("Database back: %d unmatched signatures written from memory%s", batch.size(),
                        dropped > 0 ? " (" + dropped + " more were not kept: the memory bound was reached)" : "");
                databaseAway = false;
                dropped = 0;
            }
            if (!pending.isEmpty()) {
                schedule(flushMillis);
            }
        }
    }
}
