package io.tracekb.search;

import io.tracekb.signature.Signature;
import io.tracekb.signature.SignatureFrame;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * Stage 1: a bag-of-terms query that finds candidate incidents for a paste. Built term by term from the
 * signature and from analyzed prose, never by parsing user text as query syntax, so nothing a user pastes can
 * break or widen the query.
 */
final class CandidateQuery {

    static final int MAX_FRAMES = 40;
    static final int MAX_TERMS_PER_FIELD = 64;
    static final int MAX_CODE_FRAMES = 20;
    /** Real chains have a handful of causes; a chain of thousands must not fill the query with its types. */
    static final int MAX_EXCEPTION_TYPES = 64;
    /** The first words of a message say what failed; a long message's tail would only slow stage 1 down. */
    static final int MAX_MESSAGE_WORDS = 16;
    // Analyzers are thread-safe and costly to build (dictionaries): one of each for all queries.
    private static final Analyzer TEMPLATE = Analyzers.template();
    private static final Analyzer CJK = Analyzers.cjkBigrams();
    private static final Analyzer CODE = Analyzers.code();
    private static final java.util.Map<String, Analyzer> PROSE = java.util.Map.of(
            "en", Analyzers.forLanguage("en"), "ja", Analyzers.forLanguage("ja"), "zh", Analyzers.forLanguage("zh"));
    private static final List<String> PROSE_FIELDS = List.of("en", "ja", "zh");

    private CandidateQuery() {
    }

    static Query of(PasteAnalysis paste) {
        BooleanQuery.Builder b = new BoundedBuilder(IndexSearcher.getMaxClauseCount());
        int clauses = 0;
        Signature primary = paste.primary();
        // the primary trace first: when a paste holds more terms than a query may, the others give way
        List<Signature> signatures = new java.util.ArrayList<>(paste.signatures());
        if (primary != null) {
            signatures.remove(primary);
            signatures.add(0, primary);
        }
        for (Signature s : signatures) {
            float weight = s == primary ? 1f : 0.3f;
            clauses += signatureClauses(s, weight, b);
        }
        String prose = paste.prose();
        if (!prose.isBlank()) {
            // With a trace, prose only helps; without one it is the whole query.
            float weight = primary == null ? 1f : 0.2f;
            for (String lang : PROSE_FIELDS) {
                clauses += termClauses(IndexFields.text(lang), PROSE.get(lang), prose, weight, b);
            }
            clauses += termClauses(IndexFields.TEXT_CJK, CJK, prose, weight * 0.5f, b);
            clauses += termClauses(IndexFields.CODE, CODE, prose, weight * 0.5f, b);
            for (String synonym : CrossLanguageTerms.expand(prose)) {
                for (String lang : PROSE_FIELDS) {
                    clauses += termClauses(IndexFields.text(lang), PROSE.get(lang), synonym, weight * 0.5f, b);
                }
            }
        }
        return clauses == 0 ? new MatchNoDocsQuery("nothing to search for") : b.build();
    }

    private static int signatureClauses(Signature s, float weight, BooleanQuery.Builder b) {
        int n = 0;
        n += add(b, new TermQuery(new Term(IndexFields.FINGERPRINT, s.fingerprint())), 8f * weight);
        if (s.rootCauseType() != null) {
            n += add(b, new TermQuery(new Term(IndexFields.ROOT, s.rootCauseType())), 4f * weight);
        }
        for (int i = 0; i < Math.min(s.exceptionTypes().size(), MAX_EXCEPTION_TYPES); i++) {
            String type = s.exceptionTypes().get(i);
            if (type != null) {
                boolean wrapper = i < s.wrappers().size() && s.wrappers().get(i) != null;
                n += add(b, new TermQuery(new Term(IndexFields.EXCEPTION, type)), (wrapper ? 0.3f : 1.5f) * weight);
            }
        }
        Set<String> keys = new LinkedHashSet<>();
        List<SignatureFrame> frames = new java.util.ArrayList<>(s.frames());
        frames.addAll(s.outermostFrames());
        for (SignatureFrame f : frames) {
            if (keys.size() == MAX_FRAMES) {
                break;
            }
            if (!f.partial() && keys.add(f.key())) {
                float boost = (f.ubiquitous() ? 0.1f : 1f) / (1f + 0.05f * f.position());
                n += add(b, new TermQuery(new Term(IndexFields.FRAME, f.key())), boost * weight);
            }
        }
        // partial class matches (split identifiers): a shaded, relocated or unknown frame still names its library
        StringBuilder code = new StringBuilder();
        for (String type : s.exceptionTypes()) {
            if (type != null) {
                code.append(type).append(' ');
            }
        }
        int codeFrames = 0;
        for (SignatureFrame f : frames) {
            if (codeFrames++ == MAX_CODE_FRAMES) {
                break;
            }
            if (!f.ubiquitous()) {
                code.append(f.key()).append(' ');
            }
        }
        n += termClauses(IndexFields.CODE, CODE, code.toString(), 0.1f * weight, b);
        if (s.rootCauseTemplate() != null) {
            n += termClauses(IndexFields.TEMPLATE, TEMPLATE, s.rootCauseTemplate(), 0.5f * weight, b);
            // the message's words in the write-ups: finds the incident whose samples show the failure from
            // another angle (a wrapper, a fragment) but whose text names the message
            int words = 0;
            for (String word : IncidentDocuments.messageTerms(s.rootCauseTemplate())) {
                if (words++ == MAX_MESSAGE_WORDS) {
                    break;
                }
                n += add(b, new TermQuery(new Term(IndexFields.TEXT_TERMS, word)), 0.3f * weight);
            }
        }
        return n;
    }

    private static int termClauses(String field, Analyzer analyzer, String text, float boost, BooleanQuery.Builder b) {
        Set<String> terms = analyze(analyzer, field, text, MAX_TERMS_PER_FIELD);
        for (String t : terms) {
            add(b, new TermQuery(new Term(field, t)), boost);
        }
        return terms.size();
    }

    static Set<String> analyze(Analyzer analyzer, String field, String text, int max) {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream ts = analyzer.tokenStream(field, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken() && terms.size() < max) {
                terms.add(term.toString());
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return terms;
    }

    private static int add(BooleanQuery.Builder b, Query q, float boost) {
        b.add(new BoostQuery(q, boost), BooleanClause.Occur.SHOULD);
        return 1;
    }

    /**
     * Keeps the first {@code max} clauses and drops the rest. A paste of hundreds of traces, or of a chain of
     * thousands of causes, would otherwise pass Lucene's clause limit and fail; the first clauses (the primary
     * trace's) say the most.
     */
    static final class BoundedBuilder extends BooleanQuery.Builder {
        private final int max;
        private int size;

        BoundedBuilder(int max) {
            this.max = max;
        }

        @Override
        public BooleanQuery.Builder add(BooleanClause clause) {
            if (size < max) {
                size++;
                super.add(clause);
            }
            return this;
        }
    }
}
