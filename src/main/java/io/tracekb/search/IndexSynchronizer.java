package io.tracekb.search;

import io.tracekb.incident.IncidentRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.Incident;
import io.tracekb.incident.IncidentSaved;
import io.tracekb.incident.IncidentStatus;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Keeps the Lucene index in step with PostgreSQL: at start it reindexes whatever differs from the database
 * (everything, when the index was missing, damaged or of another schema), and after every committed save it
 * reindexes that incident, so a save is matchable as soon as the save returns.
 */
@ApplicationScoped
public class IndexSynchronizer {

    @Inject
    IncidentRepository incidents;

    private static final Logger LOG = Logger.getLogger(IndexSynchronizer.class);

    @ConfigProperty(name = "kb.data-dir")
    Path dataDir;

    @Inject
    ArticleService articles;

    @Inject
    IndexStorage storage;

    @Inject
    IndexCatchUp catchUp;

    private volatile LuceneIndex index;
    /** The indexer of the bulk of saves running on this thread (see inBulk); null outside a bulk. */
    private final ThreadLocal<BulkIndexer> bulk = new ThreadLocal<>();
    /** Set while the start-up builds a missing or damaged index, so that every step of it is logged. */
    private volatile boolean rebuilding;

    /** Runs before the content import, which then updates the index through save events. */
    void onStart(@Observes @Priority(100) StartupEvent event) {
        // The database's list is read while the index is opened and checked, which takes longer: the two were a
        // fifth and a third of this method's time at 10k incidents, one after the other.
        CompletableFuture<Map<Long, Long>> wanted = CompletableFuture.supplyAsync(this::searchableVersions);
        LuceneIndex.Opened opened = LuceneIndex.open(dataDir.resolve("index"), storage::open);
        index = opened.index();
        if (opened.state() != LuceneIndex.OpenState.REUSED) {
            LOG.infof("Search index %s: building it from the database", switch (opened.state()) {
                case CREATED -> "missing (new or deleted)";
                case REPLACED_DAMAGED -> "damaged";
                default -> "of another schema version";
            });
            rebuilding = true;
        }
        try {
            synchronizeWithDatabase(databaseAnswer(wanted));
        } catch (java.io.UncheckedIOException e) {
            // start anyway: matching answers from what the index holds, and the catch-up keeps trying
            catchUp.behind(e);
        } finally {
            rebuilding = false;
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        if (index != null) {
            index.close();
        }
    }

    void onSaved(@Observes(during = TransactionPhase.AFTER_SUCCESS) IncidentSaved saved) {
        LuceneIndex current = index;
        if (current == null) {
            return; // not open yet: the start-up synchronisation will pick this save up
        }
        BulkIndexer inBulk = bulk.get();
        if (inBulk != null) {
            inBulk.add(saved); // indexed on another thread, committed with the rest of its bulk
            return;
        }
        try {
            current.put(IndexedIncident.of(saved.id(), saved.version(), saved.data()));
            current.commit();
        } catch (java.io.UncheckedIOException e) {
            // The save is committed in the database, which is the source of truth, so it stands (the caller gets its
            // 2xx); the index catches up when it can be written again, and readiness says so meanwhile.
            LOG.errorf("Incident %s (version %d) is saved but not yet searchable: %s", saved.data().slug(),
                    saved.version(), e.getMessage());
            catchUp.behind(e);
        }
    }

    /**
     * Runs many saves on this thread (the content import) and indexes them on the other cores meanwhile, with one
     * commit at the end. One by one, each save cost a commit (an fsync) and this thread's time to analyse it: the
     * first start's import of the 34 shipped incidents took 4.5 s, 1.3 s of it in commits. The saves are
     * matchable once this returns; a crash before that loses nothing, as the next start indexes what the index
     * lacks.
     */
    public <T> T inBulk(Supplier<T> saves) {
        LuceneIndex current = index;
        if (bulk.get() != null || current == null) {
            return saves.get(); // nested: the outer bulk indexes these saves; not open: the start-up sync will
        }
        BulkIndexer indexer = new BulkIndexer(current, Runtime.getRuntime().availableProcessors());
        bulk.set(indexer);
        try {
            return saves.get();
        } finally {
            bulk.remove();
            try {
                indexer.finish(); // also after a failure: what the database committed must be searchable
            } catch (RuntimeException e) {
                // as for a single save: the database has them, the catch-up indexes them once the index can be
                // written; and an exception of the saves themselves is not hidden by this one
                LOG.errorf("Saved incidents are not all searchable yet: %s", e.getMessage());
                catchUp.behind(e);
            }
        }
    }

    /** Reindexes every incident whose version in the database differs from the one in the index. */
    public int synchronizeWithDatabase() {
        return synchronizeWithDatabase(searchableVersions());
    }

    private int synchronizeWithDatabase(Map<Long, Long> wanted) {
        Map<Long, Long> indexed = index.indexedVersions();
        List<Long> stale = wanted.entrySet().stream()
                .filter(e -> !e.getValue().equals(indexed.get(e.getKey())))
                .map(Map.Entry::getKey).sorted().toList();
        Set<Long> gone = new HashSet<>(indexed.keySet());
        gone.removeAll(wanted.keySet());
        gone.forEach(index::remove);
        reindex(stale);
        if (stale.size() >= ParallelIndexer.PROGRESS_EVERY) {
            index.mergeSegments();
        }
        index.commit();
        if (!stale.isEmpty() || !gone.isEmpty()) {
            LOG.infof("Search index: %d incidents reindexed, %d removed, %d in the index", stale.size(), gone.size(),
                    index.size());
        }
        return stale.size() + gone.size();
    }

    /**
     * Brings a few incidents' documents in line with the database, one look-up each: reindexed when the version
     * in the database differs from the indexed one, removed when no longer published (or deleted). A save this
     * instance has already indexed costs one query and changes nothing. Used by {@link IndexFollower}.
     *
     * @return how many documents were reindexed and removed
     */
    public Changes synchronizeIncidents(java.util.Collection<Long> ids) {
        LuceneIndex current = index;
        int reindexed = 0;
        int removed = 0;
        for (long id : ids) {
            Long indexed = current.indexedVersion(id);
            Long published = QuarkusTransaction.requiringNew().call(() -> {
                Incident incident = incidents.findById(id);
                return incident == null || incident.status != IncidentStatus.PUBLISHED ? null : incident.version;
            });
            if (published == null) {
                if (indexed != null) {
                    current.remove(id);
                    removed++;
                }
            } else if (!published.equals(indexed)) {
                IndexedIncident incident = QuarkusTransaction.requiringNew().call(() -> {
                    Incident found = incidents.findById(id);
                    return found == null ? null
                            : IndexedIncident.of(found.id, found.version, articles.find(found.slug).orElseThrow());
                });
                if (incident != null) { // deleted in between: its own notification follows
                    current.put(incident);
                    reindexed++;
                }
            }
        }
        if (reindexed + removed > 0) {
            // visible now without waiting for an fsync; durability is not needed here, as whatever a crash
            // loses is found again by the comparison at the next start (and the next commit includes it)
            current.refresh();
        }
        return new Changes(reindexed, removed);
    }

    public record Changes(int reindexed, int removed) {
    }

    /** Rebuilds the whole index from the database, logging progress. */
    public int rebuild() {
        index.removeAll();
        List<Long> all = searchableVersions().keySet().stream().sorted().toList();
        reindex(all);
        index.mergeSegments();
        index.commit();
        LOG.infof("Search index rebuilt: %d incidents", all.size());
        return all.size();
    }

    public LuceneIndex index() {
        return index;
    }

    private void reindex(List<Long> ids) {
        long started = System.nanoTime();
        ParallelIndexer.index(index, ids, id -> QuarkusTransaction.requiringNew().call(() -> {
            Incident incident = incidents.findById(id);
            return incident == null ? null
                    : IndexedIncident.of(incident.id, incident.version, articles.find(incident.slug).orElseThrow());
        }), Runtime.getRuntime().availableProcessors(), done -> {
            if (done < ids.size() || ids.size() >= ParallelIndexer.PROGRESS_EVERY || rebuilding) {
                LOG.infof("Indexing: %d of %d incidents (%d ms)", done, ids.size(),
                        (System.nanoTime() - started) / 1_000_000);
                index.refresh(); // what is indexed so far is already matchable
            }
        });
    }

    /** The read's own exception, as if it had run on this thread: a database that cannot be read fails the start. */
    private static Map<Long, Long> databaseAnswer(CompletableFuture<Map<Long, Long>> read) {
        try {
            return read.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    private Map<Long, Long> searchableVersions() {
        return QuarkusTransaction.requiringNew().call(incidents::publishedVersions);
    }
}
