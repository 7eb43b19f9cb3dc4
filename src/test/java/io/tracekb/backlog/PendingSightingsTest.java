package io.tracekb.backlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.backlog.UnmatchedBacklog.Sighting;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Unmatched signatures are counted in memory and written in batches in the background; while the database is
 * away they wait, and all are written with their counts once it is back.
 */
class PendingSightingsTest {

    final AtomicBoolean databaseUp = new AtomicBoolean(true);
    final Map<String, Long> written = new ConcurrentHashMap<>();
    final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
    final AtomicInteger attempts = new AtomicInteger();
    /** Delays of 50 and 100 ms instead of 1 and 2 s: the schedule is the same, the test waits less. */
    static final long FLUSH = 50;
    static final long RETRY = 100;
    final PendingSightings pending = new PendingSightings(batch -> {
        attempts.incrementAndGet();
        if (!databaseUp.get()) {
            throw new IllegalStateException(new SQLException("Connection to localhost:5432 refused", "08001"));
        }
        batchSizes.add(batch.size());
        batch.forEach(s -> written.merge(s.fingerprint(), s.count(), Long::sum));
    }, FLUSH, RETRY);

    @AfterEach
    void stop() {
        pending.stop();
    }

    @Test
    void sightingsAreWrittenInTheBackgroundAsOneBatchWithTheirCounts() throws Exception {
        pending.keep(sighting("a"));
        pending.keep(sighting("a"));
        pending.keep(sighting("b"));
        assertThat(written).isEmpty(); // nothing on the caller's thread

        waitUntilWritten();

        assertThat(written).isEqualTo(Map.of("a", 2L, "b", 1L));
        assertThat(batchSizes).containsExactly(2);
    }

    @Test
    void aFlushWritesAtOnceSoThatAReaderSeesEverySightingMadeBefore() {
        pending.keep(sighting("a"));
        pending.flush();
        assertThat(written).isEqualTo(Map.of("a", 1L));
        assertThat(pending.size()).isZero();
    }

    @Test
    void sightingsWaitWhileTheDatabaseIsAwayAndAreWrittenWithTheirCountsWhenItReturns() throws Exception {
        databaseUp.set(false);
        pending.keep(sighting("a"));
        pending.keep(sighting("a"));
        pending.keep(sighting("b"));
        // the first write and at least two retries fail: they write nothing and lose nothing
        long deadline = System.currentTimeMillis() + 100 * RETRY;
        while (attempts.get() < 3 && System.currentTimeMillis() < deadline) Thread.sleep(10);
        assertThat(attempts.get()).isGreaterThanOrEqualTo(3);
        assertThat(written).isEmpty();
        assertThat(pending.size()).isEqualTo(2);
        assertThat(pending.databaseAway()).isTrue();

        databaseUp.set(true);
        pending.keep(sighting("a"));
        waitUntilWritten();

        assertThat(written).isEqualTo(Map.of("a", 3L, "b", 1L));
        assertThat(pending.databaseAway()).isFalse();
    }

    @Test
    void noCountIsLostOrWrittenTwiceWhenSightingsArriveFromManyThreadsDuringFlushes() throws Exception {
        int threads = 4;
        int each = 5_000;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new java.util.ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    pending.keep(sighting("f" + (i % 7)));
                    if (i % 1000 == 0) {
                        pending.flush(); // a reader flushing while the background thread may flush too
                    }
                }
            });
            w.start();
            workers.add(w);
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        pending.flush();

        assertThat(written.values().stream().mapToLong(Long::longValue).sum()).isEqualTo((long) threads * each);
        assertThat(written).hasSize(7);
    }

    private void waitUntilWritten() throws InterruptedException {
        long deadline = System.currentTimeMillis() + 100 * RETRY;
        while (pending.size() > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(pending.size()).isZero();
    }

    private static Sighting sighting(String fingerprint) {
        return new Sighting(fingerprint, "java.lang.IllegalStateException", "sealed", "java.lang.IllegalStateException", 1);
    }
}
