package io.tracekb.search;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.tracekb.incident.IncidentSaved;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Keeps this instance's index in step with changes made anywhere on the shared database — by another instance,
 * the content import, psql — with no broker but PostgreSQL: a trigger (V4) notifies channel
 * {@value #CHANNEL} with the incident's id at every commit, and this follower LISTENs on one dedicated
 * connection and reindexes what differs from the database ({@link IndexSynchronizer#synchronizeIncidents}).
 *
 * <p>Notifications sent while it was not listening are lost, so after every (re)connection it compares the
 * whole index with the database, and again every {@code kb.search.follow.reconcile-interval} as a safety net.
 */
@ApplicationScoped
public class IndexFollower {

    private static final Logger LOG = Logger.getLogger(IndexFollower.class);

    static final String CHANNEL = "tracekb_incidents";
    /** Name of the listening connection in pg_stat_activity. */
    public static final String APPLICATION_NAME = "tracekb-index-follower";
    /** From this many changed incidents at once (a bulk import, a mass update), one full comparison is cheaper. */
    static final int FULL_SYNC_FROM = 500;
    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    private static final Duration LAST_RETRY = Duration.ofSeconds(30);
    /** A silent network failure shows only when something is sent: the connection is checked this often. */
    private static final Duration PING_EVERY = Duration.ofSeconds(30);
    private static final int WAIT_MILLIS = 500;
    private static final Duration LOCAL_SAVE_TRUSTED = Duration.ofSeconds(30);

    @ConfigProperty(name = "kb.search.follow.enabled", defaultValue = "true")
    boolean enabled;

    @ConfigProperty(name = "kb.search.follow.reconcile-interval", defaultValue = "5M")
    Duration reconcileInterval;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    Optional<String> url;

    @ConfigProperty(name = "quarkus.datasource.username")
    Optional<String> username;

    @ConfigProperty(name = "quarkus.datasource.password")
    Optional<String> password;

    @Inject
    IndexSynchronizer searchIndex;

    /** Incidents saved on this instance, checked once more after IndexSynchronizer.onSaved wrote them (see onLocalSave). */
    private final Set<Long> savedHere = ConcurrentHashMap.newKeySet();
    /** Incidents whose save on this instance is committing or being indexed by onSaved: id → since (nanoTime). */
    private final Map<Long, Long> savingHere = new ConcurrentHashMap<>();
    private volatile boolean running;
    /** Wakes a back-off pause at shutdown; interrupting the thread instead could hit Lucene's file channels. */
    private final CountDownLatch stopping = new CountDownLatch(1);
    private volatile boolean listening;
    private volatile Connection connection;
    private Thread thread;

    /**
     * After the start-up synchronisation (priority 100) and the content import (default priority). Listens and
     * compares before the instance is ready, so that what other instances saved meanwhile (while they imported
     * the same content/, for one) is matchable here from the first request.
     */
    void onStart(@Observes @Priority(5000) StartupEvent event) {
        if (!enabled) {
            LOG.info("Index follower disabled (kb.search.follow.enabled=false): changes made by other instances "
                    + "reach this index only at the next start");
            return;
        }
        if (url.isEmpty()) {
            LOG.warn("Index follower not started: quarkus.datasource.jdbc.url is not set");
            return;
        }
        running = true;
        boolean caughtUp;
        try {
            listenAndCatchUp();
            caughtUp = true;
        } catch (SQLException | RuntimeException e) {
            LOG.warnf("Index follower: could not listen yet (%s); retrying in the background", e.getMessage());
            closeConnection();
            caughtUp = false;
        }
        boolean compareFirst = !caughtUp;
        thread = new Thread(() -> run(compareFirst), "tracekb-index-follower");
        thread.setDaemon(true);
        thread.start();
    }

    /** Before IndexSynchronizer closes the index (default priority), so that no write comes after the close. */
    void onStop(@Observes @Priority(1000) ShutdownEvent event) {
        if (thread == null) {
            return;
        }
        running = false;
        closeConnection(); // unblocks a wait for notifications
        stopping.countDown();
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.warn("Index follower still busy at shutdown; the index is checked against the database at next start");
        } else {
            LOG.info("Index follower stopped");
        }
        thread = null;
    }

    /**
     * A save on this instance is indexed by IndexSynchronizer.onSaved right after its commit; its notification, heard
     * at the same moment, is left to that (see onLocalSave) instead of indexing the same incident twice.
     */
    void onLocalSaving(@Observes IncidentSaved saved) {
        if (running) {
            savingHere.put(saved.id(), System.nanoTime());
        }
    }

    /**
     * IndexSynchronizer.onSaved (default priority, so called before this) indexes a local save from the event's data,
     * possibly after this follower already indexed a newer version saved elsewhere. Checking the id once more
     * afterwards makes the database, not the order of those two writes, decide what stays indexed. Also after a
     * rollback: nothing changed then, and the check says so.
     */
    void onLocalSave(@Observes(during = TransactionPhase.AFTER_COMPLETION) @Priority(5000) IncidentSaved saved) {
        if (running) {
            savingHere.remove(saved.id());
            savedHere.add(saved.id());
        }
    }

    /** True while the follower holds its LISTEN connection. */
    public boolean listening() {
        return listening;
    }

    /** Notifications sent while nobody listened are lost: after LISTEN, compare the whole index once. */
    private void listenAndCatchUp() throws SQLException {
        if (connection == null) {
            connect();
        }
        int fixed = searchIndex.synchronizeWithDatabase();
        LOG.infof("Index follower: listening on %s; index compared with the database (%d incidents caught up)",
                CHANNEL, fixed);
    }

    private void run(boolean compareFirst) {
        Duration retry = FIRST_RETRY;
        boolean compareAll = compareFirst;
        long nextReconcile = System.nanoTime() + reconcileInterval.toNanos();
        long lastHeard = System.nanoTime();
        while (running) {
            try {
                if (compareAll) {
                    listenAndCatchUp();
                    compareAll = false;
                    retry = FIRST_RETRY;
                    lastHeard = System.nanoTime();
                    nextReconcile = System.nanoTime() + reconcileInterval.toNanos();
                }
                Set<Long> changed = awaitChanges();
                if (!changed.isEmpty()) {
                    lastHeard = System.nanoTime();
                    apply(changed);
                } else if (System.nanoTime() - lastHeard > PING_EVERY.toNanos()) {
                    ping();
                    lastHeard = System.nanoTime();
                }
                if (reconciles() && System.nanoTime() - nextReconcile > 0) {
                    int fixed = searchIndex.synchronizeWithDatabase();
                    if (fixed > 0) {
                        LOG.warnf("Index follower: the periodic comparison fixed %d incidents that no notification "
                                + "had brought", fixed);
                    }
                    nextReconcile = System.nanoTime() + reconcileInterval.toNanos();
                }
            } catch (SQLException e) {
                if (!running) {
                    break;
                }
                listening = false;
                closeConnection();
                compareAll = true;
                LOG.warnf("Index follower: lost the database connection (%s); reconnecting in %d s, then comparing "
                        + "the whole index with the database", e.getMessage(), retry.toSeconds());
                retry = pause(retry);
            } catch (RuntimeException e) {
                if (!running) {
                    break;
                }
                // e.g. the pool's connections failed too: the changes in hand are lost, so compare everything
                compareAll = true;
                LOG.errorf(e, "Index follower: could not bring the index up to date; retrying in %d s",
                        retry.toSeconds());
                retry = pause(retry);
            }
        }
        listening = false;
        closeConnection();
    }

    private boolean reconciles() {
        return !reconcileInterval.isZero() && !reconcileInterval.isNegative();
    }

    private void connect() throws SQLException {
        Properties props = new Properties();
        username.ifPresent(u -> props.setProperty("user", u));
        password.ifPresent(p -> props.setProperty("password", p));
        props.setProperty("ApplicationName", APPLICATION_NAME);
        props.setProperty("tcpKeepAlive", "true");
        props.setProperty("connectTimeout", "10");
        props.setProperty("socketTimeout", "60");
        // Its own connection, not a pooled one held forever: LISTEN belongs to the session.
        Connection c = new org.postgresql.Driver().connect(url.get(), props);
        if (c == null) {
            throw new SQLException("Not a PostgreSQL JDBC URL: " + url.get());
        }
        try (Statement s = c.createStatement()) {
            s.execute("LISTEN " + CHANNEL);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        connection = c;
        listening = true;
    }

    /** Waits up to {@link #WAIT_MILLIS} for notifications; returns the ids heard and those saved here since. */
    private Set<Long> awaitChanges() throws SQLException {
        Connection c = connection;
        if (c == null) {
            throw new SQLException("connection closed");
        }
        PGNotification[] notifications = c.unwrap(PGConnection.class).getNotifications(WAIT_MILLIS);
        Set<Long> ids = new TreeSet<>();
        if (notifications != null) {
            for (PGNotification n : notifications) {
                try {
                    ids.add(Long.parseLong(n.getParameter()));
                } catch (NumberFormatException e) {
                    LOG.warnf("Index follower: ignored a notification on %s with payload '%s'", n.getName(),
                            n.getParameter());
                }
            }
        }
        long now = System.nanoTime();
        // skipped now, checked when onLocalSave queues it; a mark older than that is stale (the save's
        // completion was never observed) and no longer trusted
        ids.removeIf(id -> {
            Long since = savingHere.get(id);
            if (since != null && now - since >= LOCAL_SAVE_TRUSTED.toNanos()) {
                savingHere.remove(id, since);
                return false;
            }
            return since != null;
        });
        for (Long id : savedHere) {
            savedHere.remove(id);
            ids.add(id);
        }
        return ids;
    }

    private void apply(Set<Long> ids) {
        if (ids.size() >= FULL_SYNC_FROM) {
            int fixed = searchIndex.synchronizeWithDatabase();
            LOG.infof("Index follower: %d incidents changed at once; whole index compared (%d reindexed or removed)",
                    ids.size(), fixed);
            return;
        }
        long started = System.nanoTime();
        IndexSynchronizer.Changes changes = searchIndex.synchronizeIncidents(ids);
        if (changes.reindexed() + changes.removed() > 0) {
            LOG.infof("Index follower: incidents %s changed: %d reindexed, %d removed (%d ms)", ids,
                    changes.reindexed(), changes.removed(), (System.nanoTime() - started) / 1_000_000);
        } else {
            LOG.debugf("Index follower: incidents %s already up to date", ids);
        }
    }

    private void ping() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("select 1");
        }
    }

    private Duration pause(Duration retry) {
        try {
            stopping.await(retry.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
        Duration next = retry.multipliedBy(2);
        return next.compareTo(LAST_RETRY) > 0 ? LAST_RETRY : next;
    }

    private void closeConnection() {
        Connection c = connection;
        connection = null;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.debug("Index follower: closing the connection failed", e);
            }
        }
    }
}
