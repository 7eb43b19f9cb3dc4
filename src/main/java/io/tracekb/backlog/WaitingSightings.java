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
 * Unmatched signatures seen while the database was unavailable: counted per fingerprint in memory (bounded),
 * written by a background retry every few seconds once the database answers again, so that matching never
 * waits for the database.
 */
final class WaitingSightings {

    private static final Logger LOG = Logger.getLogger(WaitingSightings.class);
    /** Distinct signatures kept; beyond this the statistic loses counts, the matches lose nothing. */
    static final int MAX = 10_000;
    static final long RETRY_MILLIS = 2_000;

    private final Consumer<Sighting> writer;
    private final Map<String, Sighting> waiting = new LinkedHashMap<>();
    private ScheduledExecutorService retries;
    private long dropped;

    WaitingSightings(Consumer<Sighting> writer) {
        this.writer = writer;
    }

    synchronized boolean isWaiting() {
        return !waiting.isEmpty();
    }

    synchronized int size() {
        return waiting.size();
    }

    synchronized void keep(Sighting s) {
        if (waiting.isEmpty()) {
            LOG.warnf("Database unavailable: unmatched signatures are counted in memory (up to %d) and written "
                    + "when it is back; matching goes on from the search index", MAX);
            scheduleRetry();
        }
        Sighting before = waiting.get(s.fingerprint());
        if (before != null) {
            waiting.put(s.fingerprint(), new Sighting(before.fingerprint(), before.rootType(),
                    before.messageTemplate(), before.exceptions(), before.count() + s.count()));
        } else if (waiting.size() < MAX) {
            waiting.put(s.fingerprint(), s);
        } else {
            dropped++;
        }
    }

    synchronized void stop() {
        if (retries != null) {
            retries.shutdownNow();
        }
    }

    private void scheduleRetry() {
        if (retries == null) {
            retries = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "tracekb-backlog-retry");
                t.setDaemon(true);
                return t;
            });
        }
        retries.schedule(this::flush, RETRY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Writes what waits, oldest first; stops at the first sign the database is still away and tries again later. */
    void flush() {
        List<Sighting> batch;
        synchronized (this) {
            batch = new ArrayList<>(waiting.values());
        }
        if (batch.isEmpty()) {
            return;
        }
        int written = 0;
        for (Sighting s : batch) {
            try {
                writer.accept(s);
            } catch (RuntimeException e) {
                if (DatabaseFailures.unavailable(e)) {
                    synchronized (this) {
                        scheduleRetry();
                    }
                    return;
                }
                LOG.debugf(e, "Could not record an unmatched signature");
            }
            synchronized (this) {
                // sightings of the same signature that arrived meanwhile stay for the next round
                Sighting now = waiting.remove(s.fingerprint());
                if (now != null && now.count() > s.count()) {
                    waiting.put(s.fingerprint(), new Sighting(now.fingerprint(), now.rootType(), now.messageTemplate(),
                            now.exceptions(), now.count() - s.count()));
                }
            }
            written++;
        }
        synchronized (this) {
            if (!waiting.isEmpty()) {
                scheduleRetry();
                return;
            }
            LOG.infof("Database back: %d unmatched signatures written from memory%s", written,
                    dropped > 0 ? " (" + dropped + " more were not kept: the memory bound was reached)" : "");
            dropped = 0;
        }
    }
}
