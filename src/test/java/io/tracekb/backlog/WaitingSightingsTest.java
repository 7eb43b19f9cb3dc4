package io.tracekb.backlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.backlog.UnmatchedBacklog.Sighting;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Unmatched signatures seen while the database is away are counted in memory and all written once it is back. */
class WaitingSightingsTest {

    final AtomicBoolean databaseUp = new AtomicBoolean(false);
    final Map<String, Long> written = new ConcurrentHashMap<>();
    final WaitingSightings waiting = new WaitingSightings(s -> {
        if (!databaseUp.get()) {
            throw new IllegalStateException(new SQLException("Connection to localhost:5432 refused", "08001"));
        }
        written.merge(s.fingerprint(), s.count(), Long::sum);
    });

    @Test
    void sightingsWaitWhileTheDatabaseIsAwayAndAreWrittenWithTheirCountsWhenItReturns() throws Exception {
        waiting.keep(sighting("a"));
        waiting.keep(sighting("a"));
        waiting.keep(sighting("b"));
        assertThat(waiting.isWaiting()).isTrue();
        assertThat(waiting.size()).isEqualTo(2);

        Thread.sleep(WaitingSightings.RETRY_MILLIS + 500); // a retry while still away writes nothing, loses nothing
        assertThat(written).isEmpty();
        assertThat(waiting.size()).isEqualTo(2);

        databaseUp.set(true);
        waiting.keep(sighting("a"));
        long deadline = System.currentTimeMillis() + 4 * WaitingSightings.RETRY_MILLIS;
        while (waiting.isWaiting() && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        waiting.stop();

        assertThat(waiting.isWaiting()).isFalse();
        assertThat(written).isEqualTo(Map.of("a", 3L, "b", 1L));
    }

    private static Sighting sighting(String fingerprint) {
        return new Sighting(fingerprint, "java.lang.IllegalStateException", "sealed", "java.lang.IllegalStateException", 1);
    }
}
