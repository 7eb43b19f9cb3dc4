package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Stage 1's query: what it keeps and what it leaves out, looked up in a real index on disk. */
class CandidateQueryTest {

    static final String PASTE = """
            java.lang.IllegalStateException: widget frobnication failed for shard 7
            \tat com.example.Frobnicator.frobnicate(Frobnicator.java:42)
            \tat com.example.Runner.run(Runner.java:7)
            """;

    Path dir;
    TraceIndex index;

    @BeforeEach
    void setUp() throws IOException {
        dir = Files.createTempDirectory("index-");
        index = TraceIndex.open(dir).index();
    }

    @AfterEach
    void tearDown() {
        index.close();
        TestFiles.deleteRecursively(dir);
    }

    @Test
    void termsNoIncidentHasAreLeftOut() throws IOException {
        index.put(incident(1, "Widget frobnication", "java.lang.IllegalStateException: widget frobnication failed"));
        index.commit();

        Set<String> terms = termsOf(PASTE);

        assertThat(terms).contains("root:java.lang.IllegalStateException", "text_terms:frobnic")
                .noneMatch(t -> t.startsWith("fingerprint:")) // no incident has this paste's fingerprint
                .noneMatch(t -> t.equals("template:shard")); // nor the word "shard" in a message
    }

    @Test
    void inALargeIndexWordsInMostIncidentsAreLeftOutButKeywordsAreKept() throws IOException {
        int docs = CandidateQuery.COMMON_MIN_DOCS + 200;
        for (int i = 1; i <= docs; i++) {
            // every incident says "widget" and has the same root type; one in ten says "frobnication"
            String message = i % 10 == 0 ? "widget frobnication failed" : "widget broke number " + i;
            index.put(incident(i, "Incident " + i, "java.lang.IllegalStateException: " + message));
        }
        index.commit();

        Set<String> terms = termsOf(PASTE);

        assertThat(terms).doesNotContain("text_terms:widget", "template:widget")
                .contains("text_terms:frobnic", "template:frobnication")
                // a keyword is decisive however common: the root cause's type stays
                .contains("root:java.lang.IllegalStateException");
    }

    @Test
    void inASmallIndexEvenAWordInEveryIncidentIsKept() throws IOException {
        for (int i = 1; i <= 30; i++) {
            index.put(incident(i, "Incident " + i, "java.lang.IllegalStateException: widget broke number " + i));
        }
        index.commit();

        assertThat(termsOf(PASTE)).contains("text_terms:widget", "template:widget");
    }

    private Set<String> termsOf(String paste) {
        Set<String> terms = new HashSet<>();
        index.withSearcher(searcher -> {
            try {
                Query q = CandidateQuery.of(PasteAnalysis.of(paste), searcher);
                for (BooleanClause c : ((BooleanQuery) q).clauses()) {
                    TermQuery t = (TermQuery) ((BoostQuery) c.getQuery()).getQuery();
                    terms.add(t.getTerm().field() + ":" + t.getTerm().text());
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        return terms;
    }

    private static IndexedIncident incident(long id, String title, String trace) {
        PasteAnalysis paste = PasteAnalysis.of(trace + "\n\tat com.example.Other.call(Other.java:1)\n");
        return new IndexedIncident(id, 1, "incident-" + id, "flink", true,
                Map.of("en", title + "\n" + trace), List.of(TraceShape.of(paste)), List.of(title), null);
    }
}
