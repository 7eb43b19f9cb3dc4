package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.db.EmbeddedDatabase;
import io.tracekb.testing.TestFiles;
import io.vertx.core.Vertx;
import jakarta.enterprise.inject.Vetoed;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The follower's connection over its life, without Quarkus: a real PostgreSQL that is not up yet when the
 * follower starts, comes up, and is restarted. The synchroniser records what it is asked to do. (Quarkus-wired,
 * with the index: IndexFollowerTest; two instances: TwoInstancesIT.)
 */
class IndexFollowerLifecycleTest {

    /** What the follower asked of the index; not a bean (it would inherit the scope) for the Quarkus tests. */
    @Vetoed
    static final class RecordingSynchronizer extends IndexSynchronizer {
        final AtomicInteger wholeComparisons = new AtomicInteger();
        final List<Long> incidents = new CopyOnWriteArrayList<>();

        @Override
        public int synchronizeWithDatabase() {
            wholeComparisons.incrementAndGet();
            return 0;
        }

        @Override
        public Changes synchronizeIncidents(Collection<Long> ids) {
            incidents.addAll(ids);
            return new Changes(ids.size(), 0);
        }
    }

    private Path dir;
    private Vertx vertx;
    private final RecordingSynchronizer synchronizer = new RecordingSynchronizer();

    @BeforeEach
    void setUp() throws Exception {
        dir = Files.createTempDirectory("tracekb-follower-");
        vertx = Vertx.vertx();
    }

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        TestFiles.deleteRecursively(dir);
    }

    @Test
    void aServerThatComesUpLaterIsListenedToThenEveryReconnectionComparesTheWholeIndex() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        IndexFollower follower = follower("jdbc:postgresql://localhost:" + port + "/postgres");
        long started = System.nanoTime();
        follower.onStart(null); // nothing listens on the port: start-up goes on, the follower retries
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("start-up does not wait for a refused server")
                .isLessThan(Duration.ofSeconds(5));
        assertThat(follower.listening()).isFalse();

        try (EmbeddedDatabase db = EmbeddedDatabase.start(dir.resolve("postgres"), port)) {
            within(Duration.ofSeconds(40), follower::listening);
            within(Duration.ofSeconds(10), () -> synchronizer.wholeComparisons.get() == 1);

            notify(db, "42");
            notify(db, "not-an-id"); // logged and ignored
            notify(db, "43");
            within(Duration.ofSeconds(5), () -> synchronizer.incidents.containsAll(List.of(42L, 43L)));

            try (Connection c = DriverManager.getConnection(db.jdbcUrl(), EmbeddedDatabase.USER, "");
                    Statement s = c.createStatement()) {
                s.execute("select pg_terminate_backend(pid) from pg_stat_activity where application_name = '"
                        + IndexFollower.APPLICATION_NAME + "'");
            }
            within(Duration.ofSeconds(5), () -> !follower.listening());
            within(Duration.ofSeconds(10), () -> follower.listening() && synchronizer.wholeComparisons.get() == 2);
            notify(db, "44");
            within(Duration.ofSeconds(5), () -> synchronizer.incidents.contains(44L));
        } finally {
            follower.onStop(null);
        }
        assertThat(follower.listening()).isFalse();
        assertThat(synchronizer.incidents).containsExactly(42L, 43L, 44L);
    }

    @Test
    void reconnectionsBackOffFromOneSecondDoublingUpToThirty() {
        assertThat(java.util.stream.IntStream.range(0, 8).mapToObj(IndexFollower::backOff).map(Duration::toSeconds))
                .containsExactly(1L, 2L, 4L, 8L, 16L, 30L, 30L, 30L);
        assertThat(IndexFollower.backOff(Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aUrlItCannotFollowLeavesItStoppedAndStartUpGoesOn() {
        IndexFollower follower = follower("jdbc:postgresql://a:5432,b:5432/kb");
        follower.onStart(null);
        assertThat(follower.listening()).isFalse();
        follower.onStop(null); // nothing to stop
        assertThat(synchronizer.wholeComparisons.get()).isZero();
    }

    private IndexFollower follower(String url) {
        IndexFollower f = new IndexFollower();
        f.enabled = true;
        f.reconcileInterval = Duration.ZERO;
        f.url = Optional.of(url);
        f.username = Optional.of(EmbeddedDatabase.USER);
        f.password = Optional.empty();
        f.searchIndex = synchronizer;
        f.vertx = vertx;
        return f;
    }

    private static void notify(EmbeddedDatabase db, String payload) throws Exception {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), EmbeddedDatabase.USER, "");
                Statement s = c.createStatement()) {
            s.execute("notify " + IndexFollower.CHANNEL + ", '" + payload + "'");
        }
    }

    private static void within(Duration bound, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited %s", bound).isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
