package io.tracekb.search;

import io.tracekb.incident.IncidentSaved;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Indexes the saves of a bulk (the content import) on background threads while the next ones are saved, and
 * commits the index once when the bulk ends. An incident always goes to the same thread, so that two of its
 * versions saved in one bulk are indexed in the order they were saved.
 */
final class BulkIndexer {

    private final LuceneIndex index;
    private final ExecutorService[] lanes;
    private final List<Future<?>> pending = new ArrayList<>();

    BulkIndexer(LuceneIndex index, int threads) {
        this.index = index;
        this.lanes = new ExecutorService[Math.max(1, threads)];
        for (int i = 0; i < lanes.length; i++) {
            lanes[i] = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "tracekb-bulk-indexer");
                t.setDaemon(true);
                return t;
            });
        }
    }

    /** Queues a committed save for indexing. */
    void add(IncidentSaved saved) {
        pending.add(lanes[(int) Math.floorMod(saved.id(), (long) lanes.length)].submit(() -> {
            // another thread or instance may have indexed a newer version since this one was saved
            Long indexed = index.indexedVersion(saved.id());
            if (indexed == null || indexed <= saved.version()) {
                index.put(IndexedIncident.of(saved.id(), saved.version(), saved.data()));
            }
        }));
    }

    /**
     * Waits until every queued save is indexed, then commits the index (also when some could not be indexed:
     * the others are kept).
     *
     * @throws UncheckedIOException the first write to the index that failed
     */
    void finish() {
        RuntimeException failure = null;
        try {
            for (Future<?> f : pending) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause() instanceof RuntimeException re ? re
                                : new IllegalStateException("Indexing failed", e.getCause());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Indexing interrupted", e);
        } finally {
            for (ExecutorService lane : lanes) {
                lane.shutdownNow();
            }
        }
        if (!pending.isEmpty()) {
            try {
                index.commit();
            } catch (UncheckedIOException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
