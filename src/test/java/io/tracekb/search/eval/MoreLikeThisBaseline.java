package io.tracekb.search.eval;

import io.tracekb.incident.IncidentData;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.queries.mlt.MoreLikeThis;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Baseline (b): Lucene MoreLikeThis over the raw text of every sample trace — what an Elasticsearch user would
 * set up. Every hit counts as an answer: MoreLikeThis has no notion of confidence.
 */
final class MoreLikeThisBaseline extends KeyedBaseline {

    private final ByteBuffersDirectory dir = new ByteBuffersDirectory();
    private final DirectoryReader reader;
    private final StandardAnalyzer analyzer = new StandardAnalyzer();

    MoreLikeThisBaseline(List<IncidentData> incidents) {
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(analyzer))) {
            for (IncidentData d : incidents) {
                for (int i = 0; i < d.sampleTraces().size(); i++) {
                    Document doc = new Document();
                    doc.add(new StringField("slug", d.slug(), Field.Store.YES));
                    doc.add(new StringField("key", d.slug() + "#" + i, Field.Store.NO));
                    doc.add(new TextField("text", d.sampleTraces().get(i).text(), Field.Store.NO));
                    w.addDocument(doc);
                }
            }
            w.commit();
            reader = DirectoryReader.open(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String name() {
        return "baseline: Lucene MoreLikeThis on raw text";
    }

    @Override
    public Answer answer(EvalQuery query) {
        try {
            MoreLikeThis mlt = new MoreLikeThis(reader);
            mlt.setAnalyzer(analyzer);
            mlt.setFieldNames(new String[] { "text" });
            mlt.setMinTermFreq(1);
            mlt.setMinDocFreq(1);
            Query like = mlt.like("text", new StringReader(query.text()));
            return search(reader, like);
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
