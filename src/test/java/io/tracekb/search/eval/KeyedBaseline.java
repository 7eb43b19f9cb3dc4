package io.tracekb.search.eval;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;

/**
 * What the text baselines share: documents keyed {@code slug#trace}, one of which a held-out query leaves out, and
 * the answer as the distinct slugs of the best Lucene documents.
 */
abstract class KeyedBaseline implements MatchingSystem {

    /** The key of the held-out sample trace, or null. */
    protected String excluded;

    @Override
    public void holdOut(String slug, int trace) {
        excluded = slug + "#" + trace;
    }

    @Override
    public void restore() {
        excluded = null;
    }

    /**
     * The distinct incidents of the 50 best documents for {@code query}, the held-out sample's document left out;
     * best first, at most five, every one counting as an answer.
     */
    Answer search(IndexReader reader, Query query) throws IOException {
        BooleanQuery.Builder b = new BooleanQuery.Builder().add(query, BooleanClause.Occur.MUST);
        if (excluded != null) {
            b.add(new TermQuery(new Term("key", excluded)), BooleanClause.Occur.MUST_NOT);
        }
        IndexSearcher searcher = new IndexSearcher(reader);
        List<String> slugs = new ArrayList<>();
        for (ScoreDoc hit : searcher.search(b.build(), 50).scoreDocs) {
            String slug = searcher.storedFields().document(hit.doc).get("slug");
            if (!slugs.contains(slug)) {
                slugs.add(slug);
            }
        }
        return new Answer(slugs.subList(0, Math.min(5, slugs.size())), !slugs.isEmpty());
    }
}
