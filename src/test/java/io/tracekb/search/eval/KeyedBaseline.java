package io.tracekb.search.eval;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;

/**
 * What the text baselines share: documents keyed {@code slug#trace}, one of which a held-out query leaves out, and
 * the answer as the distinct slugs of the best documents.
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

    /** The distinct incidents of the hits, best first, at most five; every one counts as an answer. */
    static Answer topSlugs(IndexSearcher searcher, ScoreDoc[] hits) throws IOException {
        List<String> slugs = new ArrayList<>();
        for (ScoreDoc hit : hits) {
            String slug = searcher.storedFields().document(hit.doc).get("slug");
            if (!slugs.contains(slug)) {
                slugs.add(slug);
            }
        }
        return new Answer(slugs.subList(0, Math.min(5, slugs.size())), !slugs.isEmpty());
    }
}
