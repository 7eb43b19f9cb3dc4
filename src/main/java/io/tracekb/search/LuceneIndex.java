package io.tracekb.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.jboss.logging.Logger;

/**
 * The Lucene index on disk: one document per searchable incident, derived from PostgreSQL. Opened at start
 * (rebuilt when missing, damaged or of another schema version), updated near-real-time after each save.
 * Safe for concurrent searches and writes: IndexWriter and SearcherManager are thread-safe.
 * <p>
 * When the index cannot be written (disk full, I/O error) searches go on from the last good state, the failure
 * is kept for the health check ({@link #failure()}), and the next write opens a new writer on the last commit
 * (Lucene closes a writer after such a "tragic" error); what was lost is reindexed from the database by
 * {@link IndexSynchronizer}.
 */
public final class LuceneIndex implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(LuceneIndex.class);

    private final Path path;
    private final Directory directory;
    private volatile IndexWriter writer;
    private volatile SearcherManager searchers;
    private volatile WriteFailure failure;
    /** The latest version this instance wrote per incident (see {@link #put}); a long per incident. */
    private final Map<Long, Long> written = new java.util.concurrent.ConcurrentHashMap<>();
    /** Striped so that writes of different incidents (the bulk's and the rebuild's threads) rarely wait. */
    private final Object[] writeLocks = java.util.stream.Stream.generate(Object::new).limit(64).toArray();

    /** Why the index could not be written, and since when; cleared by the next successful commit. */
    public record WriteFailure(String message, java.time.Instant since) {
    }

    /** Opens the directory the index lives in; tests put a full disk underneath (see IndexStorage). */
    @FunctionalInterface
    interface Storage {
        Directory open(Path path) throws IOException;
    }

    private LuceneIndex(Path path, Directory directory, IndexWriter writer) throws IOException {
        this.path = path;
        this.directory = directory;
        this.writer = writer;
        this.searchers = new SearcherManager(writer, null);
    }

    /** What opening found, so that the caller knows whether to rebuild from the database. */
    public enum OpenState { REUSED, CREATED, REPLACED_OTHER_SCHEMA, REPLACED_DAMAGED }

    public record Opened(LuceneIndex index, OpenState state) {
    }

    public static Opened open(Path path) {
        return open(path, FSDirectory::open);
    }

    static Opened open(Path path, Storage storage) {
        try {
            Files.createDirectories(path);
            OpenState state = inspect(path);
            // from now on a crash must lead to the whole check at the next start
            CleanCloseRecord.delete(path);
            if (state == OpenState.REPLACED_DAMAGED || state == OpenState.REPLACED_OTHER_SCHEMA) {
                LOG.warnf("Search index in %s is %s; it will be rebuilt from the database", path,
                        state == OpenState.REPLACED_DAMAGED ? "damaged" : "of another schema version");
                deleteContents(path);
            }
            Directory dir = storage.open(path);
            IndexWriter writer = new IndexWriter(dir, writerConfig());
            return new Opened(new LuceneIndex(path, dir, writer), state);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the search index in " + path.toAbsolutePath(), e);
        }
    }

    /** A new config per writer: Lucene binds a config to the writer it was used for. */
    private static IndexWriterConfig writerConfig() {
        return new IndexWriterConfig(Analyzers.perField())
                .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                // fewer, larger segments while (re)building; memory is released at each flush
                .setRAMBufferSizeMB(128);
    }

    private static OpenState inspect(Path path) {
        try (Directory dir = FSDirectory.open(path)) {
            if (!DirectoryReader.indexExists(dir)) {
                return OpenState.CREATED;
            }
            SegmentInfos infos = SegmentInfos.readLatestCommit(dir);
            if (!IndexFields.SCHEMA_VERSION.equals(infos.getUserData().get(IndexFields.SCHEMA_KEY))) {
                return OpenState.REPLACED_OTHER_SCHEMA;
            }
            if (CleanCloseRecord.matches(path, infos)) {
                return OpenState.REUSED; // closed cleanly and untouched since: see CleanCloseRecord
            }
            try (DirectoryReader reader = DirectoryReader.open(dir)) {
                // every file's checksum: a torn or overwritten segment is found now, not by some later query
                for (org.apache.lucene.index.LeafReaderContext leaf : reader.leaves()) {
                    leaf.reader().checkIntegrity();
                }
            }
            return OpenState.REUSED;
        } catch (IOException | RuntimeException e) {
            return OpenState.REPLACED_DAMAGED;
        }
    }

    private static void deleteContents(Path path) throws IOException {
        try (Stream<Path> files = Files.list(path)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    /** id → version of every indexed incident, to find what changed in the database since the last run. */
    public Map<Long, Long> indexedVersions() {
        Map<Long, Long> versions = new HashMap<>();
        withSearcher(searcher -> {
            try {
                // doc values, not stored fields: reading every stored document (traces, cards) took seconds at
                // 10k incidents, on every start and every reconciliation of the follower
                for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
                    NumericDocValues ids = leaf.reader().getNumericDocValues(IndexFields.ID_COLUMN);
                    NumericDocValues versionsOf = leaf.reader().getNumericDocValues(IndexFields.VERSION_COLUMN);
                    if (ids == null || versionsOf == null) {
                        continue; // a segment without documents with values
                    }
                    Bits live = leaf.reader().getLiveDocs();
                    for (int doc = ids.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = ids.nextDoc()) {
                        if ((live == null || live.get(doc)) && versionsOf.advanceExact(doc)) {
                            versions.put(ids.longValue(), versionsOf.longValue());
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return versions;
    }

    /** The indexed version of one incident (as of the last refresh), or null when it is not in the index. */
    public Long indexedVersion(long incidentId) {
        Long[] version = new Long[1];
        withSearcher(searcher -> {
            try {
                int doc = IncidentDocuments.docWith(searcher, IndexFields.ID, Long.toString(incidentId));
                if (doc >= 0) {
                    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
                    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
                    NumericDocValues versions = leaf.reader().getNumericDocValues(IndexFields.VERSION_COLUMN);
                    if (versions != null && versions.advanceExact(doc - leaf.docBase)) {
                        version[0] = versions.longValue();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return version[0];
    }

    /**
     * Adds or replaces an incident; one that is not searchable (draft, archived) is removed. A version older than
     * one this index has already written for the incident is ignored: two writers (a save's own indexing, the
     * follower, a bulk) may read an incident at different moments and write in the other order, and the index's
     * own view ({@link #indexedVersion}) lags behind its writes until a refresh, so it cannot decide this.
     *
     * @return whether the version was written
     */
    public boolean put(IndexedIncident incident) {
        Term id = new Term(IndexFields.ID, Long.toString(incident.id()));
        synchronized (writeLocks[Math.floorMod(incident.id(), writeLocks.length)]) {
            Long latest = written.get(incident.id());
            if (latest != null && latest > incident.version()) {
                return false;
            }
            write("index incident " + incident.slug(), w -> {
                if (incident.searchable()) {
                    w.updateDocument(id, IncidentDocuments.toDocument(incident));
                } else {
                    w.deleteDocuments(id);
                }
            });
            written.put(incident.id(), incident.version());
            return true;
        }
    }

    public void remove(long incidentId) {
        write("remove incident " + incidentId, w -> w.deleteDocuments(new Term(IndexFields.ID, Long.toString(incidentId))));
    }

    public void removeAll() {
        write("empty the index", IndexWriter::deleteAll);
    }

    /** Makes everything written so far durable and visible to searches. */
    public void commit() {
        write("commit", w -> {
            w.setLiveCommitData(List.of(Map.entry(IndexFields.SCHEMA_KEY, IndexFields.SCHEMA_VERSION)));
            w.commit();
            searchers.maybeRefreshBlocking();
        });
        WriteFailure was = failure;
        if (was != null) {
            failure = null;
            LOG.infof("Search index in %s can be written again (failing since %s)", path, was.since());
        }
    }

    /**
     * Merges the index into one segment. Stage 1 looks each query term up once per segment, so after a bulk
     * (re)build, which leaves several segments, one segment makes every query cheaper; small later saves add
     * small segments that the merge policy folds in as usual.
     */
    public void mergeSegments() {
        try {
            writer.forceMerge(1);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not merge the search index in " + path, e);
        }
    }

    /** Makes writes visible to searches without the cost of a commit (near-real-time). */
    public void refresh() {
        write("refresh", w -> searchers.maybeRefreshBlocking());
    }

    /** Why the index could not be written lately; empty when its last write or commit went well. */
    public java.util.Optional<WriteFailure> failure() {
        return java.util.Optional.ofNullable(failure);
    }

    @FunctionalInterface
    private interface WriterWork {
        void run(IndexWriter writer) throws IOException;
    }

    private void write(String what, WriterWork work) {
        try {
            work.run(openWriter());
        } catch (IOException | org.apache.lucene.store.AlreadyClosedException e) {
            throw failed(what, e);
        }
    }

    /** The writer, or a new one on the last commit when Lucene closed the previous one after an I/O error. */
    private IndexWriter openWriter() throws IOException {
        IndexWriter current = writer;
        if (current.isOpen()) {
            return current;
        }
        synchronized (this) {
            if (writer.isOpen()) {
                return writer;
            }
            IndexWriter reopened = new IndexWriter(directory, writerConfig());
            SearcherManager previous = searchers;
            try {
                searchers = new SearcherManager(reopened, null);
            } catch (IOException | RuntimeException e) {
                reopened.rollback();
                throw e;
            }
            writer = reopened;
            previous.close(); // searches holding its last searcher finish with it
            LOG.debugf("Search index in %s: writer reopened on the last commit", path); // once per retry: not INFO
            return reopened;
        }
    }

    private UncheckedIOException failed(String what, Exception e) {
        Throwable cause = writer.getTragicException() != null ? writer.getTragicException() : e;
        String message = "Search index in " + path.toAbsolutePath() + " cannot be written (" + what + "): "
                + cause.getMessage();
        WriteFailure before = failure;
        if (before == null) {
            // once per episode: searches go on from the last good state, the database keeps every save
            LOG.errorf(cause, "%s. Matching goes on from the index as it was; saves are kept in the database and "
                    + "reindexed once the index can be written again.", message);
        }
        failure = new WriteFailure(message, before == null ? java.time.Instant.now() : before.since());
        return new UncheckedIOException(message, e instanceof IOException io ? io : new IOException(e));
    }

    public void withSearcher(Consumer<IndexSearcher> work) {
        SearcherManager manager = searchers;
        IndexSearcher searcher;
        try {
            try {
                searcher = manager.acquire();
            } catch (org.apache.lucene.store.AlreadyClosedException replaced) {
                manager = searchers; // the writer was just reopened: take the new manager's searcher
                searcher = manager.acquire();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            work.accept(searcher);
        } finally {
            try {
                manager.release(searcher);
            } catch (IOException e) {
                LOG.warn("Could not release an index searcher", e);
            }
        }
    }

    /**
     * Runs {@code work} on a searcher over this index plus one incident that is not in it (an editor's draft),
     * held in memory for this call only: the draft competes with every indexed incident, with the index's own
     * statistics, and nothing is written to the index.
     */
    public void withSearcherIncluding(IndexedIncident extra, Consumer<IndexSearcher> work) {
        withSearcher(main -> {
            try (org.apache.lucene.store.ByteBuffersDirectory dir = new org.apache.lucene.store.ByteBuffersDirectory()) {
                try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(Analyzers.perField()))) {
                    w.addDocument(IncidentDocuments.toDocument(extra));
                }
                try (DirectoryReader draft = DirectoryReader.open(dir);
                        org.apache.lucene.index.MultiReader both = new org.apache.lucene.index.MultiReader(
                                new org.apache.lucene.index.IndexReader[] { main.getIndexReader(), draft }, false)) {
                    IndexSearcher searcher = new IndexSearcher(both);
                    searcher.setSimilarity(main.getSimilarity());
                    work.accept(searcher);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    public int size() {
        int[] n = new int[1];
        withSearcher(s -> n[0] = s.getIndexReader().numDocs());
        return n[0];
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        try {
            // commit() throws when it fails: past it, the index on disk is this commit
            boolean open = writer.isOpen();
            if (open) {
                commit();
            }
            searchers.close();
            writer.close();
            if (open) {
                CleanCloseRecord.write(path, SegmentInfos.readLatestCommit(directory));
            }
            directory.close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not close the search index cleanly; it will be checked at next start", e);
        }
    }
}
