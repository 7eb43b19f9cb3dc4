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
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Stage 1's query: what it keeps and what it leaves out, looked up in a real index on disk; and it stays within
 * Lucene's clause limit whatever is pasted, keeping the primary trace's terms.
 */
class CandidateQueryTest {

    static final String PASTE = """
            java.lang.IllegalStateException: widget frobnication failed for shard 7
            \tat com.example.Frobnicator.frobnicate(Frobnicator.java:42)
            \tat com.example.Runner.run(Runner.java:7)
            """;

    Path dir;
    LuceneIndex index;

    @BeforeEach
    void setUp() throws IOException {
        dir = Files.createTempDirectory("index-");
        index = LuceneIndex.open(dir).index();
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

    @Test
    void aChainOfTenThousandDistinctCausesStaysWithinTheClauseLimit() throws IOException {
        StringBuilder b = new StringBuilder("a.TopException: top\n\tat a.B.c(B.java:1)\n");
        for (int i = 0; i < 10_000; i++) {
            b.append("Caused by: a.Cause").append(i).append("Exception: ").append(i).append("\n\t... 1 more\n");
        }
        PasteAnalysis paste = PasteAnalysis.of(b.toString());
        assertThat(paste.primary().exceptionTypes()).hasSize(10_001);

        BooleanQuery q = (BooleanQuery) CandidateQuery.of(paste, CandidateQuery.EVERY_TERM);

        assertThat(q.clauses()).hasSizeLessThanOrEqualTo(IndexSearcher.getMaxClauseCount());
        Set<Term> terms = allTerms(q);
        assertThat(terms).contains(new Term(IndexFields.FINGERPRINT, paste.primary().fingerprint()),
                new Term(IndexFields.ROOT, "a.Cause9999Exception"), new Term(IndexFields.FRAME, "a.B.c"));
    }

    @Test
    void hundredsOfTracesInOnePasteKeepThePrimaryTracesTermsFirst() throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            b.append("x.Failure").append(i).append("Exception: run ").append(i).append('\n');
            for (int f = 0; f < 8; f++) {
                b.append("\tat p").append(i).append(".Worker").append(f).append(".step(Worker.java:").append(f + 1)
                        .append(")\n");
            }
            b.append('\n');
        }
        PasteAnalysis paste = PasteAnalysis.of(b.toString());
        assertThat(paste.signatures()).hasSizeGreaterThan(300);

        BooleanQuery q = (BooleanQuery) CandidateQuery.of(paste, CandidateQuery.EVERY_TERM);

        assertThat(q.clauses()).hasSize(IndexSearcher.getMaxClauseCount());
        assertThat(allTerms(q)).contains(new Term(IndexFields.FINGERPRINT, paste.primary().fingerprint()),
                new Term(IndexFields.ROOT, paste.primary().rootCauseType()));
    }

    @Test
    void latinLinesBesideATraceSkipTheJapaneseAndChineseAnalyzersButJapaneseLinesDoNot() throws IOException {
        String trace = "java.io.IOException: Stream closed\n\tat org.example.Reader.read(Reader.java:10)\n";
        PasteAnalysis latin = PasteAnalysis.of("2024-01-02 10:00:00 ERROR reader gave up after 12 retries\n" + trace);
        PasteAnalysis japanese = PasteAnalysis.of("チェックポイントの後でジョブが失敗しました\n" + trace);
        PasteAnalysis freeText = PasteAnalysis.of("job failed after checkpoint");

        Set<String> latinFields = fields((BooleanQuery) CandidateQuery.of(latin, CandidateQuery.EVERY_TERM));
        Set<String> japaneseFields = fields((BooleanQuery) CandidateQuery.of(japanese, CandidateQuery.EVERY_TERM));
        Set<String> freeTextFields = fields((BooleanQuery) CandidateQuery.of(freeText, CandidateQuery.EVERY_TERM));

        assertThat(latinFields).contains(IndexFields.text("en"), IndexFields.TEXT_LATIN)
                .doesNotContain(IndexFields.text("ja"), IndexFields.text("zh"), IndexFields.TEXT_CJK);
        assertThat(japaneseFields).contains(IndexFields.text("ja"), IndexFields.text("zh"), IndexFields.TEXT_CJK);
        // without a trace the words are the whole query: every language's field is asked
        assertThat(freeTextFields).contains(IndexFields.text("en"), IndexFields.text("ja"), IndexFields.text("zh"));
        assertThat(CandidateQuery.hasCjk("checkpoint 12")).isFalse();
        assertThat(CandidateQuery.hasCjk("检查点")).isTrue();
        assertThat(CandidateQuery.hasCjk("ｶﾀｶﾅ")).isTrue();
    }

    /** Without a trace, the words of the log lines' messages are also looked for in the sample traces' messages. */
    @Test
    void aMessageOnlyLogLineIsSearchedAmongTheSampleTracesMessages() throws IOException {
        PasteAnalysis logLine = PasteAnalysis.of("09:53:02.809 [flink-akka.actor.default-dispatcher-3] INFO "
                + "org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager - The heartbeat of TaskManager "
                + "with id container_1660007759349_0003_01_000010(hadoop01:37810) timed out.");
        PasteAnalysis withTrace = PasteAnalysis.of("The heartbeat of TaskManager timed out.\n" + PASTE);

        Set<String> templateWords = new HashSet<>();
        allTerms((BooleanQuery) CandidateQuery.of(logLine, CandidateQuery.EVERY_TERM)).stream()
                .filter(t -> t.field().equals(IndexFields.TEMPLATE)).forEach(t -> templateWords.add(t.text()));

        // the message's words; not the log prefix's (time, thread, level, logger), nor the port (masked as a number)
        assertThat(templateWords).contains("heartbeat", "taskmanager", "timed", "out")
                .doesNotContain("info", "dispatcher", "akka.actor.default", "37810", "port");
        // beside a trace, the trace's own template is the message
        assertThat(allTerms((BooleanQuery) CandidateQuery.of(withTrace, CandidateQuery.EVERY_TERM)))
                .filteredOn(t -> t.field().equals(IndexFields.TEMPLATE)).extracting(Term::text)
                .doesNotContain("heartbeat");
    }

    private static Set<String> fields(BooleanQuery q) {
        Set<String> fields = new HashSet<>();
        allTerms(q).forEach(t -> fields.add(t.field()));
        return fields;
    }

    private static Set<Term> allTerms(BooleanQuery q) {
        Set<Term> terms = new HashSet<>();
        q.visit(new QueryVisitor() {
            @Override
            public void consumeTerms(org.apache.lucene.search.Query query, Term... ts) {
                terms.addAll(java.util.List.of(ts));
            }
        });
        return terms;
    }
}
