package io.tracekb.search;

import io.tracekb.search.ranking.Feature;
import io.tracekb.search.ranking.RankingModel;

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
 * {@value #CANDIDATES} candidates (stage 1); for each, the paste is compared with every sample trace and the
 * incident's {@link Feature}s are computed (stage 2); the learned {@link RankingModel} turns them into the
 * probability that the incident is the right one, which orders the answer and decides what is confident.
 *
 * <p>One thread at a time: its comparison keeps the last query's frames and chain between samples. {@link IncidentMatcher}
 * makes one per match.
 */
public final class Ranker {

    static final int CANDIDATES = 100;
    /** Words of a message's lead from which a title naming it counts fully; fewer count less. */
    static final int SURE_LEAD_WORDS = 6;

    /**
     * One candidate of stage 1 with its stage-2 evidence.
     *
     * @param luceneRank the candidate's rank in stage 1 (0 = first)
     * @param features   one value per {@link Feature}
     * @param why        the reasons, unordered (the model orders them)
     * @param wrapperIncident every sample trace of the incident ends at an exception that only reports a cause
     *                   (e.g. "Could not forward element to next operator"): its advice is to read the cause, so it
     *                   can be suggested but is never the fix to vouch for
     */
    public record Candidate(long id, String slug, int luceneRank, double[] features, boolean sameFingerprint,
            List<Reason> why, boolean wrapperIncident) {

        public boolean textOnly() {
            return features[Feature.TEXT_ONLY.ordinal()] > 0;
        }
    }

    private final LuceneIndex index;
    private final RankingModel model;
    private final double threshold;
    private final TraceComparison comparison = new TraceComparison(FrameAlignment.defaults());

    /** With the shipped model and its threshold. */
    public Ranker(LuceneIndex index) {
        this(index, RankingModel.shipped(), RankingModel.shipped().threshold());
    }

    public Ranker(LuceneIndex index, RankingModel model, double threshold) {
        this.index = index;
        this.model = model;
        this.threshold = threshold;
    }

    public MatchOutcome rank(PasteAnalysis paste, int limit) {
        return new MatchOutcome(paste, top(paste, candidates(paste), limit));
    }

    /** The same ranking with {@code draft} competing as if it were indexed (an editor's preview of a draft). */
    public MatchOutcome rankIncluding(PasteAnalysis paste, IndexedIncident draft, int limit) {
        return new MatchOutcome(paste, top(paste, candidatesFrom(paste, work -> index.withSearcherIncluding(draft, work)),
                limit));
    }

    /** Stage 1 and the features of stage 2, unscored: what the model is trained on. */
    public List<Candidate> candidates(PasteAnalysis paste) {
        return candidatesFrom(paste, index::withSearcher);
    }

    /** The candidates found by the searcher that {@code searching} lends. */
    private List<Candidate> candidatesFrom(PasteAnalysis paste,
            java.util.function.Consumer<java.util.function.Consumer<IndexSearcher>> searching) {
        List<Candidate> out = new ArrayList<>();
        searching.accept(searcher -> {
            try {
                out.addAll(candidates(paste, searcher));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return out;
    }

    /**
     * The best {@code limit} of one paste's candidates, scored by the model; only those get their reasons ordered.
     * Ties (near-identical incidents) keep stage 1's order, then the slug's, so that the answer does not depend on
     * the order documents were indexed in.
     */
    public List<MatchResult> top(PasteAnalysis paste, List<Candidate> candidates, int limit) {
        double[] probabilities = model.probabilities(candidates.stream().map(Candidate::features).toList());
        double[] scores = new double[probabilities.length];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = mayVouchFor(paste, candidates.get(i)) ? probabilities[i]
                    : Math.min(probabilities[i], Math.nextDown(threshold));
        }
        Integer[] order = new Integer[candidates.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // capped scores tie: among them the model's probability still decides
        java.util.Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -scores[i])
                .thenComparingDouble(i -> -probabilities[i])
                .thenComparingInt(i -> candidates.get(i).luceneRank())
                .thenComparing(i -> candidates.get(i).slug()));
        List<MatchResult> results = new ArrayList<>(Math.min(limit, order.length));
        for (int k = 0; k < Math.min(limit, order.length); k++) {
            Candidate c = candidates.get(order[k]);
            double score = scores[order[k]];
            results.add(new MatchResult(c.id(), c.slug(), score, score >= threshold, c.sameFingerprint(), ordered(c)));
        }
        return List.copyOf(results);
    }

    /**
     * Whether candidate {@code c} may be the confident answer to {@code paste}, whatever its probability. Text alone
     * can suggest but is never vouched for: nothing in it is specific enough to be sure; nor can a trace cut off
     * above its cause (e.g. only "Recovery is suppressed by ..."), nor an incident about such a wrapper, whose
     * advice is to read the cause. Training applies the same rule when it chooses the threshold. Their score is
     * capped just under the threshold, so that {@code confident} stays exactly "the score reaches the threshold"
     * (the REST contract): a bot that reads only the score is not told more than the ranker vouches for.
     */
    public static boolean mayVouchFor(PasteAnalysis paste, Candidate c) {
        return paste.showsItsFailure() && !c.textOnly() && !c.wrapperIncident();
    }

    /** The reasons, most contributing first (by the model's weight of the feature each one stands for). */
    private List<Reason> ordered(Candidate c) {
        List<Reason> why = new ArrayList<>(c.why());
        why.sort(Comparator.comparingDouble((Reason r) -> model.contribution(featureOf(r.kind()), c.features()))
                .reversed());
        return why;
    }

    /** The feature a reason reports. */
    static Feature featureOf(Reason.Kind kind) {
        return switch (kind) {
            case SAME_FINGERPRINT -> Feature.SAME_FINGERPRINT;
            case ROOT_CAUSE_OUTER_IN_SAMPLE, ROOT_CAUSE_DEEPER_IN_PASTE, ROOT_CAUSE_SAME_TEMPLATE, ROOT_CAUSE_NO_MESSAGE,
                    ROOT_CAUSE_SIMILAR_MESSAGE, ROOT_CAUSE_DIFFERENT_MESSAGE -> Feature.ROOT_TYPE;
            case TEMPLATE_IDENTICAL, TEMPLATE_SIMILAR -> Feature.TEMPLATE;
            case LITERALS_SHARED -> Feature.LITERALS_SHARED;
            case LITERALS_DIFFER -> Feature.LITERALS_DIFFER;
            case SAME_INTRODUCING_MESSAGE -> Feature.INTRODUCING_MESSAGE;
            case FRAMES_ALIGN -> Feature.FRAMES;
            case CHAIN_ALSO_HAS -> Feature.CHAIN;
            case WORDS_IN_WRITE_UP -> Feature.TEXT_LUCENE_RELATIVE;
            case TITLE_NAMES_MESSAGE -> Feature.TITLE_NAMES_ROOT_MESSAGE;
            case TITLE_NAMES_OTHER_MESSAGE -> Feature.TITLE_NAMES_OUTER_MESSAGE;
            case WRITE_UP_NAMES_MESSAGE -> Feature.MESSAGE_IN_WRITE_UP;
            case VERSION_INSIDE_AFFECTED -> Feature.VERSION_INSIDE;
            case VERSION_OUTSIDE_AFFECTED -> Feature.VERSION_OUTSIDE;
            case SAMPLES_MATCH -> Feature.OTHER_SAMPLES_AGREE;
        };
    }

    List<Candidate> candidates(PasteAnalysis paste, IndexSearcher searcher) throws IOException {
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
        // as the paste wrote them, for the reason that quotes them ("TaskManagerRunner"); lowercased to find them
        List<String> leadsAsWritten = query == null ? List.of() : messageLeadsAsWritten(query);
        List<String> leads = lowercased(leadsAsWritten);
        Map<Integer, Double> wordsFound = wordsFound(reader, messageTerms, top.scoreDocs);
        ToDoubleFunction<String> rarity = FrameRarity.of(reader);
        double bestLucene = top.scoreDocs[0].score;
        Map<String, Double> rootRarity = new HashMap<>();
        List<Candidate> out = new ArrayList<>();
        int rank = 0;
        for (ScoreDoc hit : top.scoreDocs) {
            CandidateStore.Candidate doc = CandidateStore.get(reader, hit.doc);
            int luceneRank = rank++;
            double relative = bestLucene <= 0 ? 0 : hit.score / bestLucene;
            double reciprocal = 1.0 / (1 + luceneRank);
            if (query == null) {
                double[] x = new double[Feature.COUNT];
                x[Feature.TEXT_ONLY.ordinal()] = 1;
                x[Feature.TEXT_LUCENE_RELATIVE.ordinal()] = relative;
                x[Feature.TEXT_LUCENE_RECIPROCAL_RANK.ordinal()] = reciprocal;
                out.add(new Candidate(doc.id(), doc.slug(), luceneRank, x, false,
                        List.of(Reason.of(Reason.Kind.WORDS_IN_WRITE_UP)), false));
                continue;
            }
            TraceComparison.Result best = null;
            List<TraceComparison.Result> perTrace = new ArrayList<>(doc.traces().size());
            for (TraceShape sample : doc.traces()) {
                TraceComparison.Result r = comparison.compare(query, sample, rarity);
                if (sample.loggedMessage() && r.get(Feature.TEMPLATE) < TraceComparison.SIMILAR_MESSAGE) {
                    continue; // a logged message says nothing about a trace whose message is another one
                }
                perTrace.add(r);
                if (best == null || model.sampleEvidence(r.features()) > model.sampleEvidence(best.features())) {
                    best = r;
                }
            }
            if (best == null) {
                continue; // no sample to compare the trace with
            }
            double[] x = best.features().clone();
            List<Reason> why = new ArrayList<>(best.why());
            int agreeing = 0;
            for (TraceComparison.Result r : perTrace) {
                if (r != best && TraceComparison.agreesOnFailure(r)) {
                    agreeing++;
                }
            }
            if (perTrace.size() > 1) {
                x[Feature.OTHER_SAMPLES_AGREE.ordinal()] = agreeing / (double) (perTrace.size() - 1);
                if (agreeing > 0 && TraceComparison.agreesOnFailure(best)) {
                    why.add(Reason.of(Reason.Kind.SAMPLES_MATCH, agreeing + 1, perTrace.size()));
                }
            }
            if (query.root() != null && best.get(Feature.ROOT_TYPE) > 0) {
                x[Feature.ROOT_RARITY.ordinal()] = best.get(Feature.ROOT_TYPE) * rootRarity.computeIfAbsent(query.root(),
                        type -> rarityOf(reader, type));
            }
            double coverage = messageTerms.size() < 2 ? 0 : wordsFound.getOrDefault(hit.doc, 0.0);
            x[Feature.MESSAGE_IN_WRITE_UP.ordinal()] = coverage;
            String titles = doc.titles();
            // the root cause's message in a title, or an enclosing exception's
            int named = -1;
            for (int i = 0; titles != null && i < leads.size() && named < 0; i++) {
                if (leads.get(i) != null && titles.contains(leads.get(i))) {
                    named = i;
                }
            }
            // a title that names a lead of three words ("For input string") says less than one that names six
            double leadWeight = named < 0 ? 0 : Math.min(1, leads.get(named).split(" ").length / (double) SURE_LEAD_WORDS);
            if (named == 0) {
                x[Feature.TITLE_NAMES_ROOT_MESSAGE.ordinal()] = leadWeight;
                why.add(Reason.of(Reason.Kind.TITLE_NAMES_MESSAGE, leadsAsWritten.get(0)));
            } else if (named > 0) {
                x[Feature.TITLE_NAMES_OUTER_MESSAGE.ordinal()] = leadWeight;
                why.add(Reason.of(Reason.Kind.TITLE_NAMES_OTHER_MESSAGE, leadsAsWritten.get(named)));
            } else if (coverage >= 0.5) {
                why.add(Reason.of(Reason.Kind.WRITE_UP_NAMES_MESSAGE, Math.round(coverage * 100)));
            }
            String version = AffectedVersions.productVersion(doc.product(), query.versions());
            // "all versions" is true of every paste and says nothing; a stated range does
            AffectedVersions.Verdict verdict = doc.affected().all() ? AffectedVersions.Verdict.UNKNOWN
                    : doc.affected().check(version);
            if (verdict != AffectedVersions.Verdict.UNKNOWN) {
                boolean inside = verdict == AffectedVersions.Verdict.INSIDE;
                x[(inside ? Feature.VERSION_INSIDE : Feature.VERSION_OUTSIDE).ordinal()] = 1;
                why.add(Reason.of(inside ? Reason.Kind.VERSION_INSIDE_AFFECTED : Reason.Kind.VERSION_OUTSIDE_AFFECTED,
                        productName(doc.product()), version, doc.affected().text()));
            }
            x[Feature.LUCENE_RELATIVE.ordinal()] = relative;
            x[Feature.LUCENE_RECIPROCAL_RANK.ordinal()] = reciprocal;
            out.add(new Candidate(doc.id(), doc.slug(), luceneRank, x, best.sameFingerprint(), why,
                    doc.aboutAWrapper()));
        }
        return out;
    }

    /** A root type's idf among the indexed incidents, scaled to [0, 1] (1: no incident has it). */
    private static double rarityOf(IndexReader reader, String type) {
        try {
            int n = Math.max(1, reader.numDocs());
            int df = reader.docFreq(new org.apache.lucene.index.Term(IndexFields.ROOT, type));
            return Math.log(1 + n / (df + 1.0)) / Math.log(1 + n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    private static List<String> lowercased(List<String> leads) {
        return leads.stream().map(l -> l == null ? null : l.toLowerCase(java.util.Locale.ROOT)).toList();
    }

    /**
     * The lead words of the root cause's message (first), then of each enclosing exception's, innermost first, as
     * written; null entries where a message is too short to name a failure.
     */
    static List<String> messageLeadsAsWritten(TraceShape query) {
        List<String> leads = new ArrayList<>();
        leads.add(IncidentDocuments.messageLeadAsWritten(query.template()));
        for (int i = query.exceptions().size() - 2; i >= 0; i--) {
            leads.add(IncidentDocuments.messageLeadAsWritten(query.templateOf(i)));
        }
        return leads;
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
