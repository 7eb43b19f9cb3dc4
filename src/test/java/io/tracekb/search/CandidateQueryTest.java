package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.QueryVisitor;
import org.junit.jupiter.api.Test;

/** Stage 1's query stays within Lucene's clause limit whatever is pasted, and keeps the primary trace's terms. */
class CandidateQueryTest {

    @Test
    void aChainOfTenThousandDistinctCausesStaysWithinTheClauseLimit() {
        StringBuilder b = new StringBuilder("a.TopException: top\n\tat a.B.c(B.java:1)\n");
        for (int i = 0; i < 10_000; i++) {
            b.append("Caused by: a.Cause").append(i).append("Exception: ").append(i).append("\n\t... 1 more\n");
        }
        PasteAnalysis paste = PasteAnalysis.of(b.toString());
        assertThat(paste.primary().exceptionTypes()).hasSize(10_001);

        BooleanQuery q = (BooleanQuery) CandidateQuery.of(paste);

        assertThat(q.clauses()).hasSizeLessThanOrEqualTo(IndexSearcher.getMaxClauseCount());
        Set<Term> terms = terms(q);
        assertThat(terms).contains(new Term(IndexFields.FINGERPRINT, paste.primary().fingerprint()),
                new Term(IndexFields.ROOT, "a.Cause9999Exception"), new Term(IndexFields.FRAME, "a.B.c"));
    }

    @Test
    void hundredsOfTracesInOnePasteKeepThePrimaryTracesTermsFirst() {
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

        BooleanQuery q = (BooleanQuery) CandidateQuery.of(paste);

        assertThat(q.clauses()).hasSize(IndexSearcher.getMaxClauseCount());
        assertThat(terms(q)).contains(new Term(IndexFields.FINGERPRINT, paste.primary().fingerprint()),
                new Term(IndexFields.ROOT, paste.primary().rootCauseType()));
    }

    private static Set<Term> terms(BooleanQuery q) {
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
