package io.tracekb.search;

import io.micrometer.core.instrument.config.MeterFilter;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.tracekb.incident.IncidentSaved;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.pubsub.PgSubscriber;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Keeps this instance's index in step with changes made anywhere on the shared database — by another instance,
 * the content import, psql — with no broker but PostgreSQL: a trigger (V4) notifies channel
 * {@value #CHANNEL} with the incident's id at every commit, and this follower LISTENs through Vert.x's
 * {@link PgSubscriber} (one connection of its own, LISTEN again after every reconnection) and reindexes what
 * differs from the database ({@link IndexSynchronizer#synchronizeIncidents}) on a worker thread.
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
    static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    static final Duration LAST_RETRY = Duration.ofSeconds(30);
    /** A silent network failure shows only when something is sent: the connection is checked this often. */
    private static final Duration PING_EVERY = Duration.ofSeconds(30);
    private static final Duration LOCAL_SAVE_TRUSTED = Duration.ofSeconds(30);
    private static final Duration START_WAIT = Duration.ofSeconds(15);

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

    @Inject
    Vertx vertx;

    private final ChangesToCheck changes = new ChangesToCheck(LOCAL_SAVE_TRUSTED, System::nanoTime);
    /** One catch-up at a time, and none after shutdown began (held while the index is written). */
    private final ReentrantLock catchingUp = new ReentrantLock();
    private final AtomicBoolean catchUpQueued = new AtomicBoolean();
    /** Set by every (re)subscription: notifications may have been missed, so compare the whole index. */
    private volatile boolean compareAll;
    private volatile boolean running;
    private volatile boolean listening;
    private volatile PgSubscriber subscriber;
    private volatile long lastHeard;
    private volatile long nextReconcile;
    /** Whether the first connection led to a comparison (true) or failed (false): what start-up waits for. */
    private final CompletableFuture<Boolean> firstAttempt = new CompletableFuture<>();

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
        PgConnectOptions options;
        try {
            options = FollowerConnectOptions.of(url.get(), username, password);
        } catch (IllegalArgumentException e) {
            LOG.errorf("Index follower not started: %s. Changes made by other instances reach this index only at "
                    + "the next start", e.getMessage());
            return;
        }
        running = true;
        nextReconcile = System.nanoTime() + reconcileInterval.toNanos();
        PgSubscriber s = PgSubscriber.subscriber(vertx, options).reconnectPolicy(this::reconnectDelay);
        s.channel(CHANNEL)
                .subscribeHandler(v -> subscribed())
                .handler(this::notified);
        subscriber = s;
        s.connect().onFailure(e -> connectLater(s, 0, e));
        try {
            if (!firstAttempt.get(START_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                return; // connectLater logged it and goes on trying
            }
        } catch (TimeoutException e) {
            LOG.warnf("Index follower: not listening after %d s; going on in the background", START_WAIT.toSeconds());
        } catch (ExecutionException e) {
            LOG.warnf("Index follower: the first comparison failed (%s); going on in the background", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Before IndexSynchronizer closes the index (default priority), so that no write comes after the close. */
    void onStop(@Observes @Priority(1000) ShutdownEvent event) {
        PgSubscriber s = subscriber;
        if (s == null) {
            return;
        }
        running = false;
        listening = false;
        subscriber = null;
        s.close();
        boolean idle = false;
        try {
            // a catch-up that holds the lock finishes its write first; any later one sees running false and returns
            idle = catchingUp.tryLock(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (idle) {
            catchingUp.unlock();
            LOG.info("Index follower stopped");
        } else {
            LOG.warn("Index follower still busy at shutdown; the index is checked against the database at next start");
        }
    }

    /**
     * A save on this instance is indexed by IndexSynchronizer.onSaved right after its commit; its notification, heard
     * at the same moment, is left to that (see onLocalSave) instead of indexing the same incident twice.
     */
    void onLocalSaving(@Observes IncidentSaved saved) {
        if (running) {
            changes.savingHere(saved.id());
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
            changes.savedHere(saved.id());
            catchUpSoon();
        }
    }

    /**
     * Vert.x gives every new connection client meters, and the follower makes a new connection at each
     * reconnection, which Micrometer would refuse with a warning: its one connection is better left unmetered.
     */
    @Produces
    @Singleton
    MeterFilter followerConnectionUnmetered() {
        return MeterFilter.deny(id -> APPLICATION_NAME.equals(id.getTag("clientName")));
    }

    /** True while the follower holds its LISTEN connection. */
    public boolean listening() {
        return listening;
    }

    /**
     * Every second: the periodic comparison when it is due, a ping when the connection has been silent, and local
     * saves whose completion was never observed. Cheap when there is nothing to do.
     */
    @Scheduled(identity = "index-follower", every = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        if (!running) {
            return;
        }
        PgSubscriber s = subscriber;
        PgConnection c = s == null ? null : s.actualConnection();
        if (c != null && System.nanoTime() - lastHeard > PING_EVERY.toNanos()) {
            lastHeard = System.nanoTime();
            c.query("select 1").execute().onFailure(e -> c.close()); // closing it makes the subscriber reconnect
        }
        if (changes.anySavingHere() || reconcileDue()) {
            catchUpSoon();
        }
    }

    private void subscribed() {
        listening = true;
        compareAll = true;
        catchUpSoon();
    }

    private void notified(String payload) {
        lastHeard = System.nanoTime();
        try {
            changes.heard(Long.parseLong(payload));
        } catch (NumberFormatException e) {
            LOG.warnf("Index follower: ignored a notification on %s with payload '%s'", CHANNEL, payload);
            return;
        }
        catchUpSoon();
    }

    /** Called by the subscriber when its connection closed ({@code attempt} 0) and after each failed reconnection. */
    private long reconnectDelay(int attempt) {
        listening = false;
        if (!running) {
            return -1;
        }
        Duration delay = backOff(attempt);
        if (attempt == 0) {
            LOG.warnf("Index follower: lost the database connection; reconnecting in %d s, then comparing the whole "
                    + "index with the database", delay.toSeconds());
        } else {
            LOG.warnf("Index follower: reconnection %d failed; next attempt in %d s", attempt, delay.toSeconds());
        }
        return delay.toMillis();
    }

    /** 1, 2, 4, ... seconds, at most {@link #LAST_RETRY}. */
    static Duration backOff(int attempt) {
        long seconds = FIRST_RETRY.toSeconds() << Math.min(attempt, 10);
        return Duration.ofSeconds(Math.min(seconds, LAST_RETRY.toSeconds()));
    }

    /**
     * The first connection failed: the subscriber reconnects only a connection it once had, so the attempts until
     * one succeeds are made here, with the same back-off.
     */
    private void connectLater(PgSubscriber s, int attempt, Throwable failure) {
        firstAttempt.complete(false);
        if (!running || subscriber != s) {
            return;
        }
        Duration delay = backOff(attempt);
        LOG.warnf("Index follower: could not listen yet (%s); retrying in %d s", failure.getMessage(),
                delay.toSeconds());
        s.close().onComplete(closed -> vertx.setTimer(delay.toMillis(), timer -> {
            if (running && subscriber == s) {
                s.connect().onFailure(e -> connectLater(s, attempt + 1, e));
            }
        }));
    }

    /** Queues one catch-up on a worker thread, unless one is queued already (it will see what came meanwhile). */
    private void catchUpSoon() {
        if (running && catchUpQueued.compareAndSet(false, true)) {
            vertx.executeBlocking(() -> {
                catchUpQueued.set(false);
                catchUp();
                return null;
            }, false);
        }
    }

    private void catchUp() {
        catchingUp.lock();
        try {
            if (!running) {
                return;
            }
            if (compareAll) {
                compareAll = false;
                changes.forgetHeard(); // the comparison covers them
                int fixed = searchIndex.synchronizeWithDatabase();
                nextReconcile = System.nanoTime() + reconcileInterval.toNanos();
                LOG.infof("Index follower: listening on %s; index compared with the database (%d incidents caught up)",
                        CHANNEL, fixed);
                firstAttempt.complete(true);
            }
            Set<Long> changed = changes.take();
            if (!changed.isEmpty()) {
                apply(changed);
            }
            if (reconcileDue()) {
                nextReconcile = System.nanoTime() + reconcileInterval.toNanos();
                int fixed = searchIndex.synchronizeWithDatabase();
                if (fixed > 0) {
                    LOG.warnf("Index follower: the periodic comparison fixed %d incidents that no notification had "
                            + "brought", fixed);
                }
            }
        } catch (RuntimeException e) {
            // e.g. the pool's connections failed: the changes in hand are lost, so compare everything next time
            compareAll = true;
            firstAttempt.completeExceptionally(e);
            LOG.errorf(e, "Index follower: could not bring the index up to date; retrying in %d s",
                    FIRST_RETRY.toSeconds());
            vertx.setTimer(FIRST_RETRY.toMillis(), timer -> catchUpSoon());
        } finally {
            catchingUp.unlock();
        }
    }

    private boolean reconcileDue() {
        return !reconcileInterval.isZero() && !reconcileInterval.isNegative()
                && System.nanoTime() - nextReconcile > 0;
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

}
