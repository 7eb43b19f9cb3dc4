package io.tracekb.search;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.TranslationData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.BytesRef;

/**
 * What a match answer shows of an incident — titles per language and the fixes — stored with its Lucene
 * document, so that matching needs nothing but the index: it keeps answering while PostgreSQL is away, and
 * costs no database round trip per result. Bodies and sample traces stay out: they are not shown there.
 */
public final class IndexedCards {

    private static final ObjectMapper JSON = new ObjectMapper();

    private IndexedCards() {
    }

    static IncidentData cardOf(IncidentData data) {
        Map<String, TranslationData> titles = new LinkedHashMap<>();
        if (data.translations() != null) {
            data.translations().forEach((lang, t) -> {
                if (t != null) {
                    titles.put(lang, new TranslationData(t.title(), null, null, t.original()));
                }
            });
        }
        return new IncidentData(data.slug(), data.product(), null, null, data.status(), titles,
                data.fixes() == null ? List.of() : data.fixes(), List.of());
    }

    static void addTo(Document doc, IncidentData card) {
        if (card == null) {
            return;
        }
        try {
            doc.add(new StoredField(IndexFields.CARD, new BytesRef(JSON.writeValueAsBytes(card))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Decoded cards of the current index reader: a match shows up to fifty of them, and popular incidents come
     * back request after request, while decoding a card's JSON cost a fifth of a match's CPU. Cards never change
     * within one reader (a save opens a new one), so an entry cannot go stale; the old reader's map goes with it.
     */
    private static final Map<Object, Map<String, Optional<IncidentData>>> BY_READER =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());
    /** Cards are a few KB each: at most about 20 MB per reader, then the map starts again empty. */
    static final int MAX_CACHED = 5_000;

    /**
     * The card of the indexed incident {@code slug}; empty when it is not indexed or was indexed without one.
     * The returned card is shared between requests: read it, never change it.
     */
    public static Optional<IncidentData> find(LuceneIndex index, String slug) {
        @SuppressWarnings("unchecked")
        Optional<IncidentData>[] found = new Optional[] { Optional.empty() };
        index.withSearcher(searcher -> found[0] = cached(searcher, slug));
        return found[0];
    }

    private static Optional<IncidentData> cached(IndexSearcher searcher, String slug) {
        IndexReader.CacheHelper helper = searcher.getIndexReader().getReaderCacheHelper();
        if (helper == null) {
            return find(searcher, slug);
        }
        Map<String, Optional<IncidentData>> cards = BY_READER.computeIfAbsent(helper.getKey(),
                key -> new ConcurrentHashMap<>());
        Optional<IncidentData> card = cards.get(slug);
        if (card == null) {
            card = find(searcher, slug);
            if (cards.size() >= MAX_CACHED) {
                cards.clear();
            }
            cards.put(slug, card);
        }
        return card;
    }

    private static Optional<IncidentData> find(IndexSearcher searcher, String slug) {
        try {
            int doc = IncidentDocuments.docWith(searcher, IndexFields.SLUG, slug);
            if (doc < 0) {
                return Optional.empty();
            }
            Document stored = searcher.storedFields().document(doc, Set.of(IndexFields.CARD));
            BytesRef bytes = stored.getBinaryValue(IndexFields.CARD);
            if (bytes == null) {
                return Optional.empty();
            }
            return Optional.of(JSON.readValue(bytes.bytes, bytes.offset, bytes.length, IncidentData.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
