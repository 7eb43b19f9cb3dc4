package io.tracekb.search;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Indexes many incidents on every core: turning an incident into a document (parsing its sample traces,
 * analysing its text in three languages) is the cost of a rebuild, and Lucene's IndexWriter takes documents
 * from several threads at once.
 */
public final class ParallelIndexer {

    /** Progress is reported every this many incidents. */
    public static final int PROGRESS_EVERY = 1000;

    private ParallelIndexer() {
    }

    /**
     * @param load     turns an item into the incident to index, or null to skip it; runs on a worker thread
     * @param progress called with the number done, every {@value #PROGRESS_EVERY} and at the end
     * @return the number of items indexed
     */
    public static <T> int index(LuceneIndex index, List<T> items, Function<T, IndexedIncident> load, int threads,
            IntConsumer progress) {
        int workers = Math.max(1, Math.min(threads, items.size()));
        AtomicInteger next = new AtomicInteger();
        AtomicInteger indexed = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "tracekb-indexer");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new java.util.ArrayList<>();
            for (int w = 0; w < workers; w++) {
                futures.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < items.size(); i = next.getAndIncrement()) {
                        IndexedIncident incident = load.apply(items.get(i));
                        if (incident != null) {
                            index.put(incident);
                            indexed.incrementAndGet();
                        }
                        int d = done.incrementAndGet();
                        if (d % PROGRESS_EVERY == 0) {
                            progress.accept(d);
                        }
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Indexing interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("Indexing failed", cause);
        } finally {
            pool.shutdownNow();
        }
        progress.accept(done.get());
        return indexed.get();
    }
}
