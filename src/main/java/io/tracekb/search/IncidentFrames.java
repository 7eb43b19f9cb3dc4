package io.tracekb.search;

import io.tracekb.signature.UbiquitousFrames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.search.IndexSearcher;

/**
 * The frame keys of an indexed incident's sample traces, from the trace shapes stored for the rerank: the results
 * page marks the pasted frames an incident shares without reading (or re-parsing) its samples from the database.
 */
public final class IncidentFrames {

    private IncidentFrames() {
    }

    /**
     * Keys of the root-cause and outermost frames of every sample trace, without those found in nearly every trace
     * (Thread.run and the like: the shape flags them) so that a highlight shows what two traces really share.
     * Empty when the incident is not indexed.
     */
    public static Set<String> find(LuceneIndex index, String slug) {
        Set<String> keys = new HashSet<>();
        index.withSearcher(searcher -> {
            for (TraceShape t : shapes(searcher, slug)) {
                addMeaningful(t.frames(), t.ubiquitous(), keys);
                addMeaningful(t.outerFrames(), t.outerUbiquitous(), keys);
            }
        });
        return keys;
    }

    private static List<TraceShape> shapes(IndexSearcher searcher, String slug) {
        try {
            int doc = IncidentDocuments.docWith(searcher, IndexFields.SLUG, slug);
            // the rerank has usually decoded this candidate's shapes already: read them from its cache
            return doc < 0 ? List.of() : CandidateStore.get(searcher.getIndexReader(), doc).traces();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void addMeaningful(List<String> frames, List<Boolean> ubiquitous, Set<String> into) {
        for (int i = 0; i < frames.size(); i++) {
            // the flags are written with the keys; should one be missing, decide as the signature would have
            boolean common = ubiquitous != null && i < ubiquitous.size() ? Boolean.TRUE.equals(ubiquitous.get(i))
                    : UbiquitousFrames.isUbiquitous(frames.get(i));
            if (!common) {
                into.add(frames.get(i));
            }
        }
    }
}
