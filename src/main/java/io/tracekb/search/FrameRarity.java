package io.tracekb.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;

/**
 * df/N of frame keys, cached per index reader: the same frames come back query after query, and a term
 * dictionary seek per frame per candidate was the largest cost of the rerank. A refreshed reader gets a
 * fresh cache; the old one goes with the old reader.
 */
final class FrameRarity {

    private static final int MAX_ENTRIES = 500_000;
    private static final Map<Object, Map<String, Double>> BY_READER = Collections.synchronizedMap(new WeakHashMap<>());

    private FrameRarity() {
    }

    static ToDoubleFunction<String> of(IndexReader reader) {
        IndexReader.CacheHelper helper = reader.getReaderCacheHelper();
        Map<String, Double> cache = helper == null ? new ConcurrentHashMap<>()
                : BY_READER.computeIfAbsent(helper.getKey(), k -> new ConcurrentHashMap<>());
        double docs = Math.max(1, reader.numDocs());
        return key -> {
            Double r = cache.get(key);
            if (r == null) {
                if (cache.size() > MAX_ENTRIES) {
                    cache.clear();
                }
                try {
                    r = reader.docFreq(new Term(IndexFields.FRAME, key)) / docs;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                cache.put(key, r);
            }
            return r;
        };
    }
}
