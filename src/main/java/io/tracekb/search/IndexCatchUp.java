package io.tracekb.search;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * After the index could not be written (disk full, I/O error), saves are still committed in PostgreSQL but
 * missing from the index. This retries, every {@code kb.index.retry-interval}, to bring the index level with
 * the database (the same comparison of versions as at start), until it succeeds.
 */
@ApplicationScoped
public class IndexCatchUp {

    private static final Logger LOG = Logger.getLogger(IndexCatchUp.class);

    @Inject
    IndexSynchronizer searchIndex;

    @ConfigProperty(name = "kb.index.retry-interval", defaultValue = "10S")
    Duration interval;

    private ScheduledExecutorService retries;
    private volatile Instant behindSince;
    private int attempts;

    /** Records that the index missed writes, and makes sure a catch-up is scheduled. */
    public synchronized void behind(RuntimeException cause) {
        if (behindSince == null) {
            behindSince = Instant.now();
            LOG.errorf("Search index is behind the database: %s. Retrying every %d s.", cause.getMessage(),
                    interval.toSeconds());
            schedule();
        }
    }

    /** Since when the index misses saves of the database; null when it is level. */
    public Instant behindSince() {
        return behindSince;
    }

    private void schedule() {
        if (retries == null) {
            retries = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "tracekb-index-catch-up");
                t.setDaemon(true);
                return t;
            });
        }
        retries.schedule(this::attempt, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void attempt() {
        try {
            int changed = searchIndex.synchronizeWithDatabase();
            synchronized (this) {
                LOG.infof("Search index caught up with the database after %d attempt(s): %d incidents reindexed "
                        + "or removed (behind since %s)", attempts + 1, changed, behindSince);
                behindSince = null;
                attempts = 0;
            }
        } catch (RuntimeException e) {
            synchronized (this) {
                attempts++;
                if (attempts % 30 == 1) { // not one line per retry while a disk stays full for hours
                    LOG.warnf("Search index still behind the database (attempt %d): %s", attempts, e.getMessage());
                }
                schedule();
            }
        }
    }

    @PreDestroy
    synchronized void stop() {
        if (retries != null) {
            retries.shutdownNow();
        }
    }
}
