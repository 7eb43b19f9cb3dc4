package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Changes made to the database behind the application's back — as another instance or psql would — reach this
 * instance's index through the V4 trigger and the {@link IndexFollower}, also after the follower lost its
 * connection. (Two real instances are checked by TwoInstancesIT.)
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class IndexFollowerTest {

    /** The bound for another instance; here the same path is taken, minus the HTTP hop. */
    static final long FOLLOW_BOUND_MS = 2000;

    @Inject
    ArticleService articles;

    @Inject
    IncidentMatcher matcher;

    @Inject
    IndexSynchronizer searchIndex;

    @Inject
    IndexFollower follower;

    @Inject
    AgroalDataSource dataSource;

    @BeforeEach
    void followerListens() throws InterruptedException {
        within(30_000, follower::listening);
    }

    @Test
    void aChangeMadeOutsideTheApplicationIsFollowed() throws Exception {
        String slug = SampleIncidents.uniqueSlug("follow");
        String trace = probeTrace(slug);
        long id = articles.create(withTrace(slug, trace), "test", null).id;
        assertThat(matches(trace)).contains(slug);

        sql("update incident set status = 'archived', version = version + 1 where id = ?", id);
        long archived = within(FOLLOW_BOUND_MS, () -> !matches(trace).contains(slug));

        sql("update incident set status = 'published', version = version + 1 where id = ?", id);
        long published = within(FOLLOW_BOUND_MS, () -> matches(trace).contains(slug));

        sql("update translation set title = 'Edited with SQL' where incident_id = ?", id);
        sql("update incident set version = version + 1 where id = ?", id);
        long edited = within(FOLLOW_BOUND_MS, () -> indexedVersionIsCurrent(id));
        System.out.printf("FOLLOW_DELAY in-process: archived %d ms, published again %d ms, edited %d ms%n",
                archived, published, edited);
    }

    @Test
    void aSaveInTheApplicationIsAlreadyIndexedWhenTheFollowerChecksIt() throws Exception {
        String slug = SampleIncidents.uniqueSlug("follow-local");
        String trace = probeTrace(slug);
        long id = articles.create(withTrace(slug, trace), "test", null).id;
        // the save returned: IndexSynchronizer.onSaved has indexed it, and the follower's check finds nothing to do
        assertThat(matches(trace)).contains(slug);
        assertThat(searchIndex.index().indexedVersion(id)).isEqualTo(currentVersion(id));
        assertThat(searchIndex.synchronizeIncidents(List.of(id))).isEqualTo(new IndexSynchronizer.Changes(0, 0));
    }

    @Test
    void afterALostConnectionTheFollowerReconnectsAndCatchesUp() throws Exception {
        String slug = SampleIncidents.uniqueSlug("follow-cut");
        String trace = probeTrace(slug);
        long id = articles.create(withTrace(slug, trace), "test", null).id;

        assertThat(sql("select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?",
                IndexFollower.APPLICATION_NAME)).isEqualTo(1);
        // made while the follower is (about to be) disconnected: heard after reconnecting, or found by the
        // comparison of the whole index that follows every reconnection
        sql("update incident set status = 'archived', version = version + 1 where id = ?", id);
        within(30_000, () -> !matches(trace).contains(slug));
        within(30_000, follower::listening);
        assertThat(sql("select 1 from pg_stat_activity where application_name = ?", IndexFollower.APPLICATION_NAME))
                .as("listening again").isEqualTo(1);
    }

    @Test
    void notificationsAreSentAtCommitAndNotOnRollback() throws Exception {
        String slug = SampleIncidents.uniqueSlug("follow-tx");
        long id = articles.create(SampleIncidents.minimal(slug), "test", null).id;
        try (Connection listener = dataSource.getConnection(); Connection writer = dataSource.getConnection()) {
            try (Statement s = listener.createStatement()) {
                s.execute("LISTEN " + IndexFollower.CHANNEL);
            }
            writer.setAutoCommit(false);
            try (PreparedStatement s = writer.prepareStatement("update incident set version = version + 1 where id = ?")) {
                s.setLong(1, id);
                s.executeUpdate();
            }
            assertThat(heard(listener, 300)).as("before commit").isEmpty();
            writer.rollback();
            assertThat(heard(listener, 300)).as("after rollback").isEmpty();
            try (PreparedStatement s = writer.prepareStatement("update incident set version = version + 1 where id = ?")) {
                s.setLong(1, id);
                s.executeUpdate();
                s.executeUpdate(); // two changes of one row in one transaction: one notification
            }
            writer.commit();
            writer.setAutoCommit(true);
            assertThat(heard(listener, 2000)).as("after commit").containsExactly(Long.toString(id));
            try (Statement s = listener.createStatement()) {
                s.execute("UNLISTEN *"); // the connection goes back to the pool
            }
        }
    }

    private static List<String> heard(Connection c, int waitMillis) throws SQLException {
        PGNotification[] n = c.unwrap(PGConnection.class).getNotifications(waitMillis);
        return n == null ? List.of() : java.util.Arrays.stream(n).map(PGNotification::getParameter).toList();
    }

    private boolean indexedVersionIsCurrent(long id) {
        try {
            return Long.valueOf(currentVersion(id)).equals(searchIndex.index().indexedVersion(id));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private long currentVersion(long id) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("select version from incident where id = ?")) {
            s.setLong(1, id);
            try (ResultSet rs = s.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getLong(1);
            }
        }
    }

    private List<String> matches(String trace) {
        return matcher.match(trace, 10).results().stream().map(MatchResult::slug).toList();
    }

    /** Runs one statement as psql would, outside the application; returns the update count or the first value. */
    private int sql(String statement, Object parameter) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(statement)) {
            s.setObject(1, parameter);
            if (s.execute()) {
                try (ResultSet rs = s.getResultSet()) {
                    int rows = 0;
                    while (rs.next()) {
                        rows++;
                    }
                    return rows;
                }
            }
            return s.getUpdateCount();
        }
    }

    /** Polls until {@code condition} holds; fails after {@code boundMs}; returns the milliseconds it took. */
    private static long within(long boundMs, BooleanSupplier condition) throws InterruptedException {
        long started = System.nanoTime();
        while (!condition.getAsBoolean()) {
            long ms = (System.nanoTime() - started) / 1_000_000;
            assertThat(ms).as("milliseconds waited").isLessThanOrEqualTo(boundMs);
            Thread.sleep(10);
        }
        return (System.nanoTime() - started) / 1_000_000;
    }

    private static IncidentData withTrace(String slug, String trace) {
        IncidentData d = SampleIncidents.minimal(slug);
        return new IncidentData(d.slug(), d.product(), d.tags(), d.affectedVersions(), d.status(), d.translations(),
                d.fixes(), List.of(new SampleTraceData(null, trace, "test")));
    }

    static String probeTrace(String slug) {
        return "io.tracekb.probe." + slug.replace("-", "") + ".ProbeFailedException: probe " + slug + " failed\n"
                + "\tat io.tracekb.probe.Probe.attempt(Probe.java:42)\n"
                + "\tat io.tracekb.probe.Probe.run(Probe.java:17)\n";
    }
}
