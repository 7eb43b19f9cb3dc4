package io.tracekb.search.eval;

import io.tracekb.incident.IncidentData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Lucene's BM25 (its default similarity) over the raw text of {@link BaselineDocuments} with the standard
 * analyzer: the paste's distinct terms OR-ed. Every hit counts as an answer.
 */
final class Bm25Baseline extends KeyedBaseline {

    private final ByteBuffersDirectory dir = new ByteBuffersDirectory();
    private final StandardAnalyzer analyzer = new StandardAnalyzer();
    private final DirectoryReader reader;

    Bm25Baseline(List<IncidentData> incidents) {
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(analyzer))) {
            for (BaselineDocuments.Doc d : BaselineDocuments.of(incidents)) {
                Document doc = new Document();
                doc.add(new StringField("slug", d.slug(), Field.Store.YES));
                doc.add(new StringField("key", d.key(), Field.Store.NO));
                doc.add(new TextField("text", d.text(), Field.Store.NO));
                w.addDocument(doc);
            }
            w.commit();
            reader = DirectoryReader.open(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String name() {
        return "baseline: Lucene BM25 on raw text";
    }

    @Override
    public Answer answer(EvalQuery query) {
        try {
            Set<String> terms = new LinkedHashSet<>();
            try (TokenStream ts = analyzer.tokenStream("text", query.text())) {
                CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
                ts.reset();
                while (ts.incrementToken() && terms.size() < IndexSearcher.getMaxClauseCount() - 1) {
                    terms.add(term.toString());
                }
                ts.end();
            }
            BooleanQuery.Builder words = new BooleanQuery.Builder();
            terms.forEach(t -> words.add(new TermQuery(new Term("text", t)), BooleanClause.Occur.SHOULD));
            return search(reader, words.build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            reader.close();
            dir.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
