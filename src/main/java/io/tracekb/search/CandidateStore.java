package io.tracekb.search;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;

/**
 * What the rerank reads of a candidate document (id, slug, titles, decoded trace shapes), decoded once per
 * segment and document and kept while the segment lives: segments never change, so a cached entry cannot go
 * stale, and popular incidents come back query after query. Bounded: past {@value #MAX_ENTRIES} entries the
 * cache starts again empty, which keeps the heap small at any index size.
 */
final class CandidateStore {

    /** About 10 KB each (three sample traces' frame keys): a bound of roughly 100 MB. */
    static final int MAX_ENTRIES = 10_000;
    private static final Set<String> FIELDS = Set.of(IndexFields.ID, IndexFields.SLUG, IndexFields.TRACES,
            IndexFields.TITLES, IndexFields.PRODUCT, IndexFields.AFFECTED_VERSIONS);
    private static final Map<Object, Map<Integer, Candidate>> BY_SEGMENT = new ConcurrentHashMap<>();
    private static final AtomicInteger SIZE = new AtomicInteger();

    /**
     * @param aboutAWrapper every sample trace ends at an exception that only reports a cause
     *                      ({@link TraceShape#causeCutOff()}): a property of the incident, decoded with it once
     */
    record Candidate(long id, String slug, String titles, List<TraceShape> traces, String product,
            AffectedVersions affected, boolean aboutAWrapper) {
    }

    private CandidateStore() {
    }

    static Candidate get(IndexReader reader, int doc) throws IOException {
        List<LeafReaderContext> leaves = reader.leaves();
        LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
        int local = doc - leaf.docBase;
        IndexReader.CacheHelper helper = leaf.reader().getCoreCacheHelper();
        if (helper == null) {
            return read(leaf, local);
        }
        Map<Integer, Candidate> segment = BY_SEGMENT.computeIfAbsent(helper.getKey(), key -> {
            helper.addClosedListener(BY_SEGMENT::remove); // a merged-away segment takes its entries along
            return new ConcurrentHashMap<>();
        });
        Candidate c = segment.get(local);
        if (c == null) {
            c = read(leaf, local);
            if (SIZE.incrementAndGet() > MAX_ENTRIES) {
                BY_SEGMENT.values().forEach(Map::clear);
                SIZE.set(0);
            }
            segment.put(local, c);
        }
        return c;
    }

    private static Candidate read(LeafReaderContext leaf, int local) throws IOException {
        Document d = leaf.reader().storedFields().document(local, FIELDS);
        List<TraceShape> traces = IncidentDocuments.traces(d);
        return new Candidate(Long.parseLong(d.get(IndexFields.ID)), d.get(IndexFields.SLUG), d.get(IndexFields.TITLES),
                traces, d.get(IndexFields.PRODUCT), AffectedVersions.parse(d.get(IndexFields.AFFECTED_VERSIONS)),
                !traces.isEmpty() && traces.stream().allMatch(TraceShape::causeCutOff));
    }
}
