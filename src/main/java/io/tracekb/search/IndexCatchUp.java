package io.tracekb.search;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * After the index could not be written (disk full, I/O error), saves are still committed in PostgreSQL but
 * missing from the index. This retries, every {@code kb.index.retry-interval} (Quarkus' scheduler, one attempt at a
 * time), to bring the index level with the database (the same comparison of versions as at start), until it
 * succeeds; while the index is level, a tick does nothing.
 */
@ApplicationScoped
public class IndexCatchUp {

    private static final Logger LOG = Logger.getLogger(IndexCatchUp.class);

    @Inject
    IndexSynchronizer searchIndex;

    @ConfigProperty(name = "kb.index.retry-interval", defaultValue = "10S")
    Duration interval;

    private volatile Instant behindSince;
    private int attempts;

    /** Records that the index missed writes; the next tick tries to catch up. */
    public synchronized void behind(RuntimeException cause) {
        if (behindSince == null) {
            behindSince = Instant.now();
            LOG.errorf("Search index is behind the database: %s. Retrying every %d s.", cause.getMessage(),
                    interval.toSeconds());
        }
    }

    /** Since when the index misses saves of the database; null when it is level. */
    public Instant behindSince() {
        return behindSince;
    }

    @Scheduled(identity = "index-catch-up", every = "${kb.index.retry-interval:10S}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void attempt() {
        if (behindSince == null) {
            return;
        }
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
            }
        }
    }
}
