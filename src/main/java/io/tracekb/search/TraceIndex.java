package io.tracekb.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.jboss.logging.Logger;

/**
 * The Lucene index on disk: one document per searchable incident, derived from PostgreSQL. Opened at start
 * (rebuilt when missing, damaged or of another schema version), updated near-real-time after each save.
 * Safe for concurrent searches and writes: IndexWriter and SearcherManager are thread-safe.
 */
public final class TraceIndex implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(TraceIndex.class);

    private final Path path;
    private final Directory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;

    private TraceIndex(Path path, Directory directory, IndexWriter writer) throws IOException {
        this.path = path;
        this.directory = directory;
        this.writer = writer;
        this.searchers = new SearcherManager(writer, null);
    }

    /** What opening found, so that the caller knows whether to rebuild from the database. */
    public enum OpenState { REUSED, CREATED, REPLACED_OTHER_SCHEMA, REPLACED_DAMAGED }

    public record Opened(TraceIndex index, OpenState state) {
    }

    public static Opened open(Path path) {
        try {
            Files.createDirectories(path);
            OpenState state = inspect(path);
            if (state == OpenState.REPLACED_DAMAGED || state == OpenState.REPLACED_OTHER_SCHEMA) {
                LOG.warnf("Search index in %s is %s; it will be rebuilt from the database", path,
                        state == OpenState.REPLACED_DAMAGED ? "damaged" : "of another schema version");
                deleteContents(path);
            }
            Directory dir = FSDirectory.open(path);
            IndexWriterConfig config = new IndexWriterConfig(Analyzers.perField())
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    // fewer, larger segments while (re)building; memory is released at each flush
                    .setRAMBufferSizeMB(128);
            IndexWriter writer = new IndexWriter(dir, config);
            return new Opened(new TraceIndex(path, dir, writer), state);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the search index in " + path.toAbsolutePath(), e);
        }
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
            try (DirectoryReader reader = DirectoryReader.open(dir)) {
                // touching stored fields of every segment finds most truncation and bit rot early
                StoredFields stored = reader.storedFields();
                if (reader.maxDoc() > 0) {
                    stored.document(0);
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
                StoredFields stored = searcher.getIndexReader().storedFields();
                var liveDocs = org.apache.lucene.index.MultiBits.getLiveDocs(searcher.getIndexReader());
                for (int doc = 0; doc < searcher.getIndexReader().maxDoc(); doc++) {
                    if (liveDocs != null && !liveDocs.get(doc)) {
                        continue;
                    }
                    Document d = stored.document(doc, Set.of(IndexFields.ID, IncidentDocuments.VERSION));
                    versions.put(Long.parseLong(d.get(IndexFields.ID)),
                            d.getField(IncidentDocuments.VERSION).numericValue().longValue());
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
                org.apache.lucene.search.TopDocs top = searcher.search(
                        new org.apache.lucene.search.TermQuery(new Term(IndexFields.ID, Long.toString(incidentId))), 1);
                if (top.scoreDocs.length > 0) {
                    Document d = searcher.storedFields().document(top.scoreDocs[0].doc, Set.of(IncidentDocuments.VERSION));
                    version[0] = d.getField(IncidentDocuments.VERSION).numericValue().longValue();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return version[0];
    }

    /** Adds or replaces an incident; one that is not searchable (draft, archived) is removed. */
    public void put(IndexedIncident incident) {
        try {
            Term id = new Term(IndexFields.ID, Long.toString(incident.id()));
            if (incident.searchable()) {
                writer.updateDocument(id, IncidentDocuments.toDocument(incident));
            } else {
                writer.deleteDocuments(id);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not index incident " + incident.slug(), e);
        }
    }

    public void remove(long incidentId) {
        try {
            writer.deleteDocuments(new Term(IndexFields.ID, Long.toString(incidentId)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void removeAll() {
        try {
            writer.deleteAll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Makes everything written so far durable and visible to searches. */
    public void commit() {
        try {
            writer.setLiveCommitData(List.of(Map.entry(IndexFields.SCHEMA_KEY, IndexFields.SCHEMA_VERSION)));
            writer.commit();
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not commit the search index in " + path, e);
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
        try {
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void withSearcher(Consumer<IndexSearcher> work) {
        IndexSearcher searcher;
        try {
            searcher = searchers.acquire();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            work.accept(searcher);
        } finally {
            try {
                searchers.release(searcher);
            } catch (IOException e) {
                LOG.warn("Could not release an index searcher", e);
            }
        }
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
            commit();
            searchers.close();
            writer.close();
            directory.close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not close the search index cleanly; it will be checked at next start", e);
        }
    }
}
