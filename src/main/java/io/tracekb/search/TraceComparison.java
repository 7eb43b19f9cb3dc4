package io.tracekb.search;

import io.tracekb.search.ranking.Feature;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Stage 2: how alike a pasted trace and one sample trace are, as the sample-level {@link Feature}s (frames aligned
 * by FaST, root-cause type, message template, the rest of the cause chain, fingerprint), with the reasons. How much
 * each feature weighs is the {@link io.tracekb.search.ranking.RankingModel}'s business, not this class's.
 */
public final class TraceComparison {

    /**
     * @param features one value per {@link Feature}; only the sample-level ones are set here
     */
    public record Result(double[] features, boolean sameFingerprint, List<Reason> why) {

        public double get(Feature f) {
            return features[f.ordinal()];
        }
    }

    private final FrameAlignment alignment;

    public TraceComparison(FrameAlignment alignment) {
        this.alignment = alignment;
    }

    public Result compare(TraceShape query, TraceShape sample, ToDoubleFunction<String> rarity) {
        List<Reason> why = new ArrayList<>();
        double[] x = new double[Feature.COUNT];
        boolean sameFingerprint = Objects.equals(query.fingerprint(), sample.fingerprint());

        FrameAlignment.Result frames = bestAlignment(query, sample, rarity);
        // one or two shared frames are weak evidence, however well they align (a 1-frame sample aligns fully)
        x[Feature.FRAMES.ordinal()] = Math.max(0, frames.similarity())
                * Math.min(1, frames.sharedFrames() / (double) SURE_FRAMES);
        if (frames.sharedFrames() > 0) {
            why.add(Reason.of(Reason.Kind.FRAMES_ALIGN, frames.sharedFrames(), frames.queryFrames()));
        }

        Agreement failure = failureAgreement(query, sample);
        double rootScore = failure.type();
        double templateScore = failure.template();
        if (failure.crossed() && rootScore > 0) {
            why.add(0, Reason.of(failure.via(), query.root()));
        } else if (rootScore > 0 && templateScore >= 0.999) {
            why.add(0, Reason.of(isBlank(sample.template()) ? Reason.Kind.ROOT_CAUSE_NO_MESSAGE
                    : Reason.Kind.ROOT_CAUSE_SAME_TEMPLATE, sample.root()));
        } else if (rootScore > 0) {
            why.add(0, Reason.of(templateScore >= SIMILAR_MESSAGE ? Reason.Kind.ROOT_CAUSE_SIMILAR_MESSAGE
                    : Reason.Kind.ROOT_CAUSE_DIFFERENT_MESSAGE, sample.root()));
        } else if (templateScore >= 0.6) {
            why.add(0, Reason.of(templateScore >= 0.999 ? Reason.Kind.TEMPLATE_IDENTICAL : Reason.Kind.TEMPLATE_SIMILAR));
        }

        ChainOverlap chain = chainOverlap(query, sample);
        double chainScore = chain.jaccard();
        if (!chain.sharedBesideRoot().isEmpty()) {
            why.add(new Reason(Reason.Kind.CHAIN_ALSO_HAS, chain.sharedBesideRoot().stream().sorted().toList()));
        } else {
            // the chains share the root type at most: that is the same evidence as the root's, discounted alike
            chainScore *= failure.messageFactor();
        }

        if (query.root() == null) {
            // a frame list (e.g. Flink's "… is stuck in method:") has its frames and the line that introduced them
            double intro = sample.root() == null ? templateSimilarity(query.templateOf(0), sample.templateOf(0)) : 0;
            if (intro >= 0.6) {
                why.add(0, Reason.of(Reason.Kind.SAME_INTRODUCING_MESSAGE));
            }
            x[Feature.INTRODUCING_MESSAGE.ordinal()] = intro;
        } else {
            x[Feature.ROOT_TYPE.ordinal()] = rootScore;
            x[Feature.TEMPLATE.ordinal()] = templateScore;
            x[Feature.CHAIN.ordinal()] = chainScore;
            if (rootScore > 0 && templateScore >= SIMILAR_MESSAGE) {
                List<String> named = namedByBoth(query.literals(), sample.literals());
                if (named != null && !named.isEmpty()) {
                    x[Feature.LITERALS_SHARED.ordinal()] = named.size()
                            / (double) sample.literals().stream().distinct().count();
                    why.add(new Reason(Reason.Kind.LITERALS_SHARED, named));
                } else if (named != null) {
                    x[Feature.LITERALS_DIFFER.ordinal()] = 1;
                    why.add(Reason.of(Reason.Kind.LITERALS_DIFFER, query.literals().get(0), sample.literals().get(0)));
                }
            }
        }
        if (sameFingerprint) {
            x[Feature.SAME_FINGERPRINT.ordinal()] = 1;
            why.add(0, Reason.of(Reason.Kind.SAME_FINGERPRINT));
        }
        return new Result(x, sameFingerprint, why);
    }

    /** The sample's literals (distinct, in order) that the query has too; null when either has none. */
    static List<String> namedByBoth(List<String> query, List<String> sample) {
        if (query == null || sample == null || query.isEmpty() || sample.isEmpty()) {
            return null;
        }
        return sample.stream().distinct().filter(query::contains).toList();
    }

    /** Whether the sample agrees on the failure itself: the same root type (or crossed) with a similar message. */
    static boolean agreesOnFailure(Result r) {
        return r.get(Feature.ROOT_TYPE) > 0 && r.get(Feature.TEMPLATE) >= SIMILAR_MESSAGE
                || r.get(Feature.INTRODUCING_MESSAGE) >= 0.6;
    }

    /**
     * How well the failure itself agrees: the root causes' types and messages; or, when one paste stops before its
     * root cause (seed 002, a chat message cut short), the query's root against an outer exception of the sample,
     * or the sample's root against an outer exception of the query, at {@value #CROSSED} of the weight.
     *
     * @param type          type agreement in [0, 1], already discounted by {@code messageFactor}
     * @param template      message template similarity in [0, 1]
     * @param messageFactor 1 when the messages agree (or are both absent), down to 0.5 when they differ: a type
     *                      and its message name a failure together (OutOfMemoryError "Metaspace" and
     *                      OutOfMemoryError "Direct buffer memory" are two failures)
     * @param via           for a crossed agreement, which side stops short; null otherwise
     */
    record Agreement(double type, double template, double messageFactor, boolean crossed, Reason.Kind via) {
    }

    static final double CROSSED = 0.6;
    /** Template similarity from which two messages are taken to say the same (their fixed words mostly agree). */
    static final double SIMILAR_MESSAGE = 0.5;
    private static final Agreement NO_AGREEMENT = new Agreement(0, 0, 1, false, null);
    /** Shared (non-ubiquitous) frames from which frame evidence counts fully. */
    static final int SURE_FRAMES = 3;

    static Agreement failureAgreement(TraceShape query, TraceShape sample) {
        Agreement best = agreement(query.root(), query.template(), sample.root(), sample.template(), 1, false, null);
        int qn = query.exceptions().size();
        int sn = sample.exceptions().size();
        if (best.type() < 0.999 && query.root() != null) {
            for (int i = 0; i + 1 < sn; i++) {
                Agreement a = agreement(query.root(), query.template(), sample.exceptions().get(i), sample.templateOf(i),
                        CROSSED, true, Reason.Kind.ROOT_CAUSE_OUTER_IN_SAMPLE);
                if (a.type() + a.template() > best.type() + best.template()) best = a;
            }
            for (int i = 0; i + 1 < qn; i++) {
                Agreement a = agreement(query.exceptions().get(i), query.templateOf(i), sample.root(), sample.template(),
                        CROSSED, true, Reason.Kind.ROOT_CAUSE_DEEPER_IN_PASTE);
                if (a.type() + a.template() > best.type() + best.template()) best = a;
            }
        }
        return best;
    }

    private static Agreement agreement(String qType, String qTemplate, String sType, String sTemplate, double weight,
            boolean crossed, Reason.Kind via) {
        double type = 0;
        if (qType != null && sType != null && !qType.isEmpty() && !sType.isEmpty()) {
            if (qType.equals(sType)) {
                type = 1;
            } else if (simpleName(qType).equals(simpleName(sType))) {
                type = 0.8;
            }
        }
        if (crossed && type == 0) {
            return NO_AGREEMENT;
        }
        double template = type > 0 && isBlank(qTemplate) && isBlank(sTemplate)
                ? 1 // the same exception, and neither has a message: that agrees too
                : templateSimilarity(qTemplate, sTemplate);
        double factor = 1;
        if (type > 0 && !(isBlank(qTemplate) && isBlank(sTemplate))) {
            factor = 0.5 + 0.5 * Math.min(1, template / 0.5);
        }
        return new Agreement(weight * type * factor, weight * template, factor, crossed, via);
    }

    /** The query's frames may be the root cause's or, when the paste is cut off, only the outermost ones. */
    private FrameAlignment.Result bestAlignment(TraceShape query, TraceShape sample, ToDoubleFunction<String> rarity) {
        FrameAlignment.Result best = alignment.compare(query.frames(), query.ubiquitous(), sample.frames(),
                sample.ubiquitous(), rarity);
        if (!query.outerFrames().isEmpty() || !sample.outerFrames().isEmpty()) {
            List<String> qf = query.outerFrames().isEmpty() ? query.frames() : query.outerFrames();
            List<String> df = sample.outerFrames().isEmpty() ? sample.frames() : sample.outerFrames();
            List<Boolean> qu = query.outerFrames().isEmpty() ? query.ubiquitous() : query.outerUbiquitous();
            List<Boolean> du = sample.outerFrames().isEmpty() ? sample.ubiquitous() : sample.outerUbiquitous();
            FrameAlignment.Result outer = alignment.compare(qf, qu, df, du, rarity);
            if (outer.similarity() > best.similarity()) {
                best = outer;
            }
            FrameAlignment.Result cross = alignment.compare(query.frames(), query.ubiquitous(), df, du, rarity);
            if (cross.similarity() > best.similarity()) {
                best = cross;
            }
        }
        return best;
    }

    /**
     * The Jaccard overlap of the two chains' meaningful exception types (distinct), and the shared ones other than
     * the sample's root cause.
     */
    record ChainOverlap(double jaccard, List<String> sharedBesideRoot) {
    }

    /** The query's meaningful types as a set, kept for the next sample (so an instance serves one thread). */
    private TraceShape lastQuery;
    private Set<String> lastQueryChain;

    /**
     * As sets would give it, without building two sets per sample: the query's set is built once per query, and
     * the sample's types are checked against it in one pass (this runs for every sample of 50 candidates).
     */
    ChainOverlap chainOverlap(TraceShape query, TraceShape sample) {
        if (query != lastQuery) {
            lastQueryChain = new HashSet<>(query.meaningfulExceptions());
            lastQuery = query;
        }
        Set<String> q = lastQueryChain;
        List<String> types = sample.exceptions();
        // distinct types of the sample: a set only for a long chain; real chains have a handful of causes
        Set<String> seen = types.size() > 16 ? new HashSet<>() : null;
        int distinct = 0;
        int shared = 0;
        List<String> sharedBesideRoot = List.of();
        for (int i = 0; i < types.size(); i++) {
            String type = types.get(i);
            if (!sample.meaningful(i) || (seen != null ? !seen.add(type) : seenBefore(sample, i))) {
                continue;
            }
            distinct++;
            if (q.contains(type)) {
                shared++;
                if (!type.equals(sample.root())) {
                    if (sharedBesideRoot.isEmpty()) {
                        sharedBesideRoot = new ArrayList<>();
                    }
                    sharedBesideRoot.add(type);
                }
            }
        }
        double jaccard = q.isEmpty() || distinct == 0 ? 0 : (double) shared / (q.size() + distinct - shared);
        return new ChainOverlap(jaccard, sharedBesideRoot);
    }

    /** Whether meaningful type i of the sample's chain came earlier in it. */
    private static boolean seenBefore(TraceShape sample, int i) {
        for (int k = 0; k < i; k++) {
            if (sample.meaningful(k) && sample.exceptions().get(k).equals(sample.exceptions().get(i))) {
                return true;
            }
        }
        return false;
    }

    /** Words of a message's head that are compared; the rest of a long message is detail. */
    static final int HEAD_WORDS = 8;

    /**
     * Half the agreement of the messages' heads (their first clause: what failed), half the overlap of all their
     * words (the detail). A head that is a prefix of the other ("Metaspace" and "Metaspace. The metaspace
     * out-of-memory error has occurred …") agrees fully: one is the other cut short or from an older version.
     * Two messages that are only class names are compared by {@link ClassNameMessages}.
     */
    static double templateSimilarity(String a, String b) {
        if (a == null || b == null || a.isBlank() || b.isBlank()) {
            return 0;
        }
        if (a.equals(b)) {
            return 1;
        }
        double classes = ClassNameMessages.similarity(a, b);
        if (classes >= 0) {
            return classes;
        }
        TemplateWords wa = TemplateWords.of(a);
        TemplateWords wb = TemplateWords.of(b);
        double headScore = isPrefix(wa.head(), wb.head()) || isPrefix(wb.head(), wa.head()) ? 1
                : jaccard(wa.headSet(), wb.headSet());
        return 0.5 * headScore + 0.5 * jaccard(wa.all(), wb.all());
    }

    /**
     * A template's words, split once: templates repeat across candidates and queries (a bounded cache, cleared
     * when full; a hit saves a scan per comparison on the rerank's hot path).
     */
    record TemplateWords(List<String> head, Set<String> headSet, Set<String> all) {
        private static final int MAX_CACHED = 50_000;
        private static final java.util.concurrent.ConcurrentHashMap<String, TemplateWords> CACHE =
                new java.util.concurrent.ConcurrentHashMap<>();

        static TemplateWords of(String template) {
            TemplateWords w = CACHE.get(template);
            if (w == null) {
                List<String> head = TraceComparison.head(template);
                w = new TemplateWords(head, new HashSet<>(head), words(template));
                if (CACHE.size() >= MAX_CACHED) {
                    CACHE.clear();
                }
                CACHE.put(template, w);
            }
            return w;
        }
    }

    /** The words before the first sentence or clause break (". ", ": ", "; "), at most {@value #HEAD_WORDS}. */
    static List<String> head(String template) {
        int end = template.length();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if ((c == '.' || c == ':' || c == ';') && (i + 1 == template.length()
                    || Character.isWhitespace(template.charAt(i + 1)))) {
                end = i;
                break;
            }
        }
        List<String> out = new ArrayList<>();
        forEachWord(template, end, w -> {
            if (out.size() < HEAD_WORDS) {
                out.add(w);
            }
        });
        return out;
    }

    private static boolean isPrefix(List<String> prefix, List<String> of) {
        return !prefix.isEmpty() && prefix.size() <= of.size() && of.subList(0, prefix.size()).equals(prefix);
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    private static Set<String> words(String s) {
        Set<String> out = new HashSet<>();
        forEachWord(s, s.length(), out::add);
        return out;
    }

    /** Lower-cased runs of letters, digits, '_', '<' and '>' (masks stay whole) in s[0, end). */
    private static void forEachWord(String s, int end, java.util.function.Consumer<String> sink) {
        int i = 0;
        while (i < end) {
            while (i < end && !isWordChar(s.charAt(i))) i++;
            int st = i;
            while (i < end && isWordChar(s.charAt(i))) i++;
            if (i > st) {
                sink.accept(s.substring(st, i).toLowerCase(Locale.ROOT));
            }
        }
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '<' || c == '>';
    }

    private static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        // |a ∪ b| = |a| + |b| - |a ∩ b|: no set built per comparison (this runs for every candidate's samples)
        Set<String> small = a.size() <= b.size() ? a : b;
        Set<String> large = small == a ? b : a;
        int shared = 0;
        for (String x : small) {
            if (large.contains(x)) {
                shared++;
            }
        }
        return (double) shared / (a.size() + b.size() - shared);
    }

    private static String simpleName(String type) {
        int dot = type.lastIndexOf('.');
        return dot < 0 ? type : type.substring(dot + 1);
    }
}
