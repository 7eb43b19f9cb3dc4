package io.tracekb.search;

import io.tracekb.signature.MessageTemplater;
import io.tracekb.signature.Signature;
import io.tracekb.signature.SignatureFrame;
import io.tracekb.trace.LogPrefixes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.IndexReaderContext;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
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
    private static final Analyzer LATIN = Analyzers.latinWords();
    private static final java.util.Map<String, Analyzer> PROSE = java.util.Map.of(
            "en", Analyzers.forLanguage("en"), "ja", Analyzers.forLanguage("ja"), "zh", Analyzers.forLanguage("zh"));
    private static final List<String> PROSE_FIELDS = List.of("en", "ja", "zh");

    private CandidateQuery() {
    }

    /**
     * A word in more than this many incidents (and more than {@link #COMMON_SHARE} of them) cannot pick 50
     * candidates out of the rest, yet walking its postings cost most of stage 1 in a large index ("org",
     * "apache", "flink" in the code field): such words are left out, as Lucene's CommonTermsQuery would.
     * Keyword fields (types, frames, fingerprints) are always kept. Below this size nothing is left out.
     * 500 rather than 1,000: on the 10k synthetic corpus the 103 evaluation queries kept the same top result,
     * Recall@5, MRR and confident answers, while stage 1 took half the time (the code field's words in 500 to
     * 1,000 incidents were two fifths of the postings walked).
     */
    static final int COMMON_MIN_DOCS = 500;
    static final double COMMON_SHARE = 0.02;

    /** Turns a term into its clause, or null to leave it out. */
    @FunctionalInterface
    interface TermLookup {
        Query clause(Term term, boolean keyword) throws IOException;
    }

    /** Every term, unchecked: for building a query without an index at hand. */
    static final TermLookup EVERY_TERM = (term, keyword) -> new TermQuery(term);

    static Query of(PasteAnalysis paste, IndexSearcher searcher) throws IOException {
        return of(paste, lookupIn(searcher));
    }

    /**
     * Looks each term up once in the index: a term no incident has is left out, and so is a term of an analysed
     * field that is too common to help (see {@link #COMMON_MIN_DOCS}); the statistics found go into the query, so
     * that the search does not look the term up a second time.
     */
    static TermLookup lookupIn(IndexSearcher searcher) {
        IndexReaderContext top = searcher.getTopReaderContext();
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        int docs = searcher.getIndexReader().numDocs();
        long limit = Math.max(COMMON_MIN_DOCS, (long) (docs * COMMON_SHARE));
        // one terms enum per field and segment for the whole query: opening one per term and segment
        // (TermStates.build) cost more than the seeks themselves in an index of many small segments
        Map<String, TermsEnum[]> enums = new HashMap<>();
        return (term, keyword) -> {
            TermsEnum[] perLeaf = enums.get(term.field());
            if (perLeaf == null) {
                perLeaf = new TermsEnum[leaves.size()];
                for (int i = 0; i < perLeaf.length; i++) {
                    Terms terms = leaves.get(i).reader().terms(term.field());
                    perLeaf[i] = terms == null ? null : terms.iterator();
                }
                enums.put(term.field(), perLeaf);
            }
            TermStates states = new TermStates(top);
            for (int i = 0; i < perLeaf.length; i++) {
                TermsEnum te = perLeaf[i];
                if (te != null && te.seekExact(term.bytes())) {
                    states.register(te.termState(), leaves.get(i).ord, te.docFreq(), te.totalTermFreq());
                }
            }
            int df = states.docFreq();
            return df == 0 || (!keyword && df > limit) ? null : new TermQuery(term, states);
        };
    }

    static Query of(PasteAnalysis paste, TermLookup lookup) throws IOException {
        BoundedBuilder b = new BoundedBuilder(IndexSearcher.getMaxClauseCount());
        // once the query is full, further terms are not even looked up (a 1 MiB paste holds thousands)
        TermLookup terms = (term, keyword) -> b.full() ? null : lookup.clause(term, keyword);
        int clauses = 0;
        Signature primary = paste.primary();
        // the primary trace first: when a paste holds more terms than a query may, the others give way
        List<Signature> signatures = new java.util.ArrayList<>(paste.signatures());
        if (primary != null) {
            signatures.remove(primary);
            signatures.add(0, primary);
        }
        Set<String> fingerprints = new java.util.HashSet<>();
        for (Signature s : signatures) {
            if (!fingerprints.add(s.fingerprint())) {
                continue; // the same trace pasted again adds the same terms
            }
            float weight = s == primary ? 1f : 0.3f;
            clauses += signatureClauses(s, weight, b, terms);
        }
        String prose = paste.prose();
        if (!prose.isBlank()) {
            // With a trace, prose only helps; without one it is the whole query.
            float weight = primary == null ? 1f : 0.2f;
            // Kuromoji and SmartCN were most of the query's analysis, and on Latin-only lines beside a trace (log
            // prefixes, a shell prompt) they only repeat the words text_latin finds in every write-up anyway
            boolean cjk = primary == null || hasCjk(prose);
            for (String lang : PROSE_FIELDS) {
                if (cjk || lang.equals("en")) {
                    clauses += termClauses(IndexFields.text(lang), PROSE.get(lang), prose, weight, b, terms);
                }
            }
            if (cjk) {
                clauses += termClauses(IndexFields.TEXT_CJK, CJK, prose, weight * 0.5f, b, terms);
            }
            clauses += termClauses(IndexFields.CODE, CODE, prose, weight * 0.5f, b, terms);
            if (primary == null) {
                // a log line that carries only a message ("The heartbeat of TaskManager with id … timed out.") says
                // what the sample traces' messages say: its words, masked like theirs and without the log prefix,
                // against their templates, at the weight a trace's own template has
                String messages = MessageTemplater.template(LogPrefixes.messagesOf(prose)).template();
                clauses += termClauses(IndexFields.TEMPLATE, TEMPLATE, messages, 0.5f * weight, b, terms);
            }
            // identifiers written in the prose, split, against every write-up's words (half weight, as the
            // bigram and code fields: the prose fields above carry the same words whole)
            clauses += termClauses(IndexFields.TEXT_LATIN, LATIN, prose, weight * 0.5f, b, terms);
            for (String synonym : CrossLanguageTerms.expand(prose)) {
                for (String lang : PROSE_FIELDS) {
                    clauses += termClauses(IndexFields.text(lang), PROSE.get(lang), synonym, weight * 0.5f, b, terms);
                }
            }
        }
        return clauses == 0 ? new MatchNoDocsQuery("nothing to search for") : b.build();
    }

    static boolean hasCjk(String text) {
        return text.codePoints().anyMatch(c -> switch (Character.UnicodeScript.of(c)) {
            case HAN, HIRAGANA, KATAKANA, HANGUL -> true;
            default -> false;
        });
    }

    private static int signatureClauses(Signature s, float weight, BooleanQuery.Builder b, TermLookup terms)
            throws IOException {
        int n = 0;
        n += add(b, terms.clause(new Term(IndexFields.FINGERPRINT, s.fingerprint()), true), 8f * weight);
        if (s.rootCauseType() != null) {
            n += add(b, terms.clause(new Term(IndexFields.ROOT, s.rootCauseType()), true), 4f * weight);
        }
        for (int i = 0; i < Math.min(s.exceptionTypes().size(), MAX_EXCEPTION_TYPES); i++) {
            String type = s.exceptionTypes().get(i);
            if (type != null) {
                boolean wrapper = i < s.wrappers().size() && s.wrappers().get(i) != null;
                n += add(b, terms.clause(new Term(IndexFields.EXCEPTION, type), true), (wrapper ? 0.3f : 1.5f) * weight);
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
                n += add(b, terms.clause(new Term(IndexFields.FRAME, f.key()), true), boost * weight);
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
        n += termClauses(IndexFields.CODE, CODE, code.toString(), 0.1f * weight, b, terms);
        if (s.rootCauseTemplate() != null) {
            n += termClauses(IndexFields.TEMPLATE, TEMPLATE, s.rootCauseTemplate(), 0.5f * weight, b, terms);
            // the message's words in the write-ups: finds the incident whose samples show the failure from
            // another angle (a wrapper, a fragment) but whose text names the message
            int words = 0;
            for (String word : IncidentDocuments.messageTerms(s.rootCauseTemplate())) {
                if (words++ == MAX_MESSAGE_WORDS) {
                    break;
                }
                n += add(b, terms.clause(new Term(IndexFields.TEXT_TERMS, word), false), 0.3f * weight);
            }
        }
        return n;
    }

    private static int termClauses(String field, Analyzer analyzer, String text, float boost, BooleanQuery.Builder b,
            TermLookup terms) throws IOException {
        int n = 0;
        for (String t : analyze(analyzer, field, text, MAX_TERMS_PER_FIELD)) {
            n += add(b, terms.clause(new Term(field, t), false), boost);
        }
        return n;
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
        if (q == null) {
            return 0;
        }
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

        boolean full() {
            return size >= max;
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
