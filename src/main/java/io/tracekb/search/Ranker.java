package io.tracekb.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;

/**
 * The two stages of matching over one index, without any container: Lucene proposes up to
 * {@value #CANDIDATES} candidates (stage 1); each candidate's sample traces are compared with the pasted trace
 * and the incident is scored over all of them (stage 2). An exact fingerprint hit ranks first.
 *
 * <p>One thread at a time: its comparison keeps the last query's frames and chain between samples. {@link Matcher}
 * makes one per match.
 */
public final class Ranker {

    static final int CANDIDATES = 50;
    /** Text alone (no trace in the paste) can suggest but never reach the default threshold. */
    static final double TEXT_ONLY_CAP = 0.5;
    /**
     * Share of the score given to the write-up's own words: a write-up that names the pasted message (its
     * words, stemmed) is evidence beside the sample traces, e.g. when an incident's samples carry other messages.
     */
    static final double W_MESSAGE_IN_TEXT = 0.2;
    /** Added when an incident's title (in any language) contains the message's fixed lead words. */
    static final double W_TITLE_NAMES_MESSAGE = 0.1;
    /**
     * A paste from a version outside the incident's stated affected range is probably another failure that looks
     * alike (or a write-up whose fix does not apply): a tenth off, so that it still shows, with the reason.
     */
    static final double OUTSIDE_AFFECTED_VERSIONS = 0.9;

    private final TraceIndex index;
    private final double threshold;
    private final TraceComparison comparison = new TraceComparison(FrameAlignment.defaults());

    public Ranker(TraceIndex index, double threshold) {
        this.index = index;
        this.threshold = threshold;
    }

    public MatchOutcome rank(PasteAnalysis paste, int limit) {
        List<MatchResult> results = new ArrayList<>();
        index.withSearcher(searcher -> {
            try {
                results.addAll(rank(paste, searcher));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return new MatchOutcome(paste, List.copyOf(results.subList(0, Math.min(limit, results.size()))));
    }

    List<MatchResult> rank(PasteAnalysis paste, IndexSearcher searcher) throws IOException {
        // Only the best CANDIDATES are needed, never the number of hits: counting them (by default up to 1,000)
        // stops the scorer from skipping documents that cannot make the top.
        TopDocs top = searcher.search(CandidateQuery.of(paste, searcher),
                new TopScoreDocCollectorManager(CANDIDATES, null, CANDIDATES));
        if (top.scoreDocs.length == 0) {
            return List.of();
        }
        IndexReader reader = searcher.getIndexReader();
        TraceShape query = paste.primary() == null ? null : TraceShape.of(paste);
        String message = query == null ? null : messageOf(query);
        Set<String> messageTerms = IncidentDocuments.messageTerms(message);
        List<String> leads = query == null ? List.of() : messageLeads(query);
        Map<Integer, Double> wordsFound = wordsFound(reader, messageTerms, top.scoreDocs);
        ToDoubleFunction<String> rarity = FrameRarity.of(reader);
        List<MatchResult> results = new ArrayList<>();
        Map<Long, Integer> candidateRank = new HashMap<>();
        for (ScoreDoc hit : top.scoreDocs) {
            CandidateStore.Candidate doc = CandidateStore.get(reader, hit.doc);
            long id = doc.id();
            candidateRank.putIfAbsent(id, candidateRank.size());
            String slug = doc.slug();
            if (query == null) {
                double s = hit.score;
                results.add(new MatchResult(id, slug, TEXT_ONLY_CAP * s / (s + 5), false, false,
                        List.of(Reason.of(Reason.Kind.WORDS_IN_WRITE_UP))));
                continue;
            }
            List<TraceComparison.Result> perTrace = new ArrayList<>();
            for (TraceShape sample : doc.traces()) {
                perTrace.add(comparison.compare(query, sample, rarity));
            }
            perTrace.sort(Comparator.comparingDouble(TraceComparison.Result::score).reversed());
            if (perTrace.isEmpty()) {
                continue;
            }
            TraceComparison.Result best = perTrace.get(0);
            double coverage = messageTerms.size() < 2 ? 0 : wordsFound.getOrDefault(hit.doc, 0.0);
            String titles = doc.titles();
            // the root cause's message in a title counts fully, an enclosing exception's half
            int named = -1;
            for (int i = 0; titles != null && i < leads.size() && named < 0; i++) {
                if (leads.get(i) != null && titles.contains(leads.get(i))) {
                    named = i;
                }
            }
            boolean titleNamesMessage = named >= 0;
            double titleScore = named < 0 ? 0 : named == 0 ? W_TITLE_NAMES_MESSAGE : W_TITLE_NAMES_MESSAGE / 2;
            double score = (1 - W_MESSAGE_IN_TEXT) * aggregate(perTrace) + W_MESSAGE_IN_TEXT * coverage + titleScore;
            score = Math.min(1, score);
            String version = AffectedVersions.productVersion(doc.product(), query.versions());
            // "all versions" is true of every paste and says nothing; a stated range does
            AffectedVersions.Verdict verdict = doc.affected().all() ? AffectedVersions.Verdict.UNKNOWN
                    : doc.affected().check(version);
            if (best.sameFingerprint()) {
                score = Math.max(score, TraceComparison.FINGERPRINT_FLOOR);
            }
            if (verdict == AffectedVersions.Verdict.OUTSIDE) {
                score *= OUTSIDE_AFFECTED_VERSIONS; // also after a fingerprint hit: the same failure, maybe another fix
            }
            List<Reason> why = new ArrayList<>(best.why());
            if (titleNamesMessage) {
                why.add(Reason.of(named == 0 ? Reason.Kind.TITLE_NAMES_MESSAGE : Reason.Kind.TITLE_NAMES_OTHER_MESSAGE,
                        leads.get(named)));
            } else if (coverage >= 0.5) {
                why.add(Reason.of(Reason.Kind.WRITE_UP_NAMES_MESSAGE, Math.round(coverage * 100)));
            }
            if (verdict != AffectedVersions.Verdict.UNKNOWN) {
                why.add(Reason.of(verdict == AffectedVersions.Verdict.INSIDE ? Reason.Kind.VERSION_INSIDE_AFFECTED
                        : Reason.Kind.VERSION_OUTSIDE_AFFECTED, productName(doc.product()), version,
                        doc.affected().text()));
            }
            if (perTrace.size() > 1 && perTrace.get(1).score() >= threshold) {
                why.add(Reason.of(Reason.Kind.SAMPLES_MATCH,
                        perTrace.stream().filter(r -> r.score() >= threshold).count(), perTrace.size()));
            }
            results.add(new MatchResult(id, slug, score, score >= threshold, best.sameFingerprint(), why));
        }
        // results with no evidence at all keep stage 1's order (its text relevance); other ties are near-identical
        // incidents, ordered by slug so that the answer does not depend on the order documents were indexed in
        results.sort(Comparator.comparing(MatchResult::sameFingerprint).reversed()
                .thenComparing(Comparator.comparingDouble(MatchResult::score).reversed())
                .thenComparing(r -> r.score() > 0 ? -1 : candidateRank.getOrDefault(r.incidentId(), Integer.MAX_VALUE))
                .thenComparing(MatchResult::slug));
        return results;
    }

    private static String productName(String product) {
        return product.isEmpty() ? product : Character.toUpperCase(product.charAt(0)) + product.substring(1);
    }

    /** The root cause's message, or when it has none the nearest enclosing exception's: the words a user would search. */
    static String messageOf(TraceShape query) {
        if (query.template() != null && !query.template().isBlank()) {
            return query.template();
        }
        for (int i = query.exceptions().size() - 2; i >= 0; i--) {
            if (query.templateOf(i) != null) {
                return query.templateOf(i);
            }
        }
        return null;
    }

    /**
     * The lead words of the root cause's message (first), then of each enclosing exception's, innermost first;
     * null entries where a message is too short to name a failure.
     */
    static List<String> messageLeads(TraceShape query) {
        List<String> leads = new ArrayList<>();
        leads.add(IncidentDocuments.messageLead(query.template()));
        for (int i = query.exceptions().size() - 2; i >= 0; i--) {
            leads.add(IncidentDocuments.messageLead(query.templateOf(i)));
        }
        return leads;
    }

    /** The best sample trace decides; other matching samples add support without passing 1. */
    static double aggregate(List<TraceComparison.Result> sorted) {
        double best = sorted.get(0).score();
        if (sorted.size() == 1) {
            return best;
        }
        double support = 0;
        int n = Math.min(3, sorted.size() - 1);
        for (int i = 1; i <= n; i++) {
            support += sorted.get(i).score();
        }
        return Math.min(1, best + 0.1 * (1 - best) * (support / n));
    }

    /**
     * For each candidate, the share of the message's words its write-up contains, each word weighted by its
     * rarity among write-ups (BM25's idf: "metaspace" says more than "error"). A walk of each word's postings that
     * only visits the candidates, so its cost does not grow with the index.
     */
    static Map<Integer, Double> wordsFound(IndexReader reader, Set<String> words, ScoreDoc[] candidates)
            throws IOException {
        Map<Integer, Double> found = new HashMap<>();
        if (words.size() < 2) {
            return found;
        }
        int[] docs = java.util.Arrays.stream(candidates).mapToInt(h -> h.doc).sorted().toArray();
        Map<String, Integer> docFreq = new HashMap<>();
        Map<String, java.util.List<Integer>> holders = new HashMap<>();
        for (org.apache.lucene.index.LeafReaderContext leaf : reader.leaves()) {
            org.apache.lucene.index.Terms terms = leaf.reader().terms(IndexFields.TEXT_TERMS);
            if (terms == null) {
                continue;
            }
            org.apache.lucene.index.TermsEnum te = terms.iterator();
            int end = leaf.docBase + leaf.reader().maxDoc();
            for (String word : words) {
                if (!te.seekExact(new org.apache.lucene.util.BytesRef(word))) {
                    continue;
                }
                docFreq.merge(word, te.docFreq(), Integer::sum);
                org.apache.lucene.index.PostingsEnum postings = te.postings(null,
                        org.apache.lucene.index.PostingsEnum.NONE);
                for (int doc : docs) {
                    if (doc < leaf.docBase || doc >= end) {
                        continue;
                    }
                    int local = doc - leaf.docBase;
                    int at = postings.docID() >= local ? postings.docID() : postings.advance(local);
                    if (at == org.apache.lucene.search.DocIdSetIterator.NO_MORE_DOCS) {
                        break;
                    }
                    if (at == local) {
                        holders.computeIfAbsent(word, w -> new java.util.ArrayList<>()).add(doc);
                    }
                }
            }
        }
        int n = Math.max(1, reader.numDocs());
        double total = 0;
        for (String word : words) {
            total += idf(docFreq.getOrDefault(word, 0), n);
        }
        for (Map.Entry<String, java.util.List<Integer>> e : holders.entrySet()) {
            double w = idf(docFreq.getOrDefault(e.getKey(), 0), n) / total;
            for (int doc : e.getValue()) {
                found.merge(doc, w, Double::sum);
            }
        }
        return found;
    }

    private static double idf(int docFreq, int docs) {
        return Math.log(1 + (docs - docFreq + 0.5) / (docFreq + 0.5));
    }

}
