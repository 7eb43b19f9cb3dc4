package io.tracekb.search;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Stage 2: how alike a pasted trace and one sample trace are, in [0, 1], with the reasons. The score is a
 * fixed weighted sum of evidence, so the same evidence gives the same score in every query:
 * frames aligned (FaST), root-cause type, message template, and the rest of the cause chain.
 */
public final class TraceComparison {

    static final double W_FRAMES = 0.40;
    static final double W_ROOT = 0.25;
    static final double W_TEMPLATE = 0.20;
    static final double W_CHAIN = 0.15;
    /** A fingerprint hit is the same failure by construction; the incident score never falls below this. */
    static final double FINGERPRINT_FLOOR = 0.95;

    public record Result(double score, boolean sameFingerprint, List<String> why) {
    }

    private final FrameAlignment alignment;

    public TraceComparison(FrameAlignment alignment) {
        this.alignment = alignment;
    }

    public Result compare(TraceShape query, TraceShape sample, ToDoubleFunction<String> rarity) {
        List<String> why = new ArrayList<>();
        boolean sameFingerprint = Objects.equals(query.fingerprint(), sample.fingerprint());

        FrameAlignment.Result frames = bestAlignment(query, sample, rarity);
        double frameScore = Math.max(0, frames.similarity());
        if (frames.sharedFrames() > 0) {
            why.add(frames.sharedFrames() + " of " + frames.queryFrames() + " frames align");
        }

        double rootScore = 0;
        if (query.root() != null && sample.root() != null) {
            if (query.root().equals(sample.root())) {
                rootScore = 1;
            } else if (simpleName(query.root()).equals(simpleName(sample.root()))) {
                rootScore = 0.8;
            }
        }
        double templateScore = rootScore > 0 && isBlank(query.template()) && isBlank(sample.template())
                ? 1 // the same exception, and neither has a message: that agrees too
                : templateSimilarity(query.template(), sample.template());
        if (rootScore > 0 && templateScore >= 0.999) {
            why.add(0, "root cause " + sample.root() + (isBlank(sample.template()) ? " (no message), as in a sample trace"
                    : " with the same message template"));
        } else if (rootScore > 0) {
            why.add(0, "root cause " + sample.root() + (templateScore > 0.3 ? ", similar message" : ", different message"));
        } else if (templateScore >= 0.6) {
            why.add(0, "message template " + (templateScore >= 0.999 ? "identical" : "similar") + " to a sample trace");
        }

        Set<String> q = new HashSet<>(query.meaningfulExceptions());
        Set<String> d = new HashSet<>(sample.meaningfulExceptions());
        double chainScore = jaccard(q, d);
        Set<String> shared = new HashSet<>(q);
        shared.retainAll(d);
        shared.remove(sample.root());
        if (!shared.isEmpty()) {
            why.add("exception chain also has " + String.join(", ", shared.stream().sorted().toList()));
        }

        double score = query.root() == null
                // a frame list (e.g. "is stuck in method:") has nothing but frames to compare
                ? 0.9 * frameScore
                : W_FRAMES * frameScore + W_ROOT * rootScore + W_TEMPLATE * templateScore + W_CHAIN * chainScore;
        if (sameFingerprint) {
            why.add(0, "same fingerprint as a sample trace");
        }
        return new Result(Math.min(1, score), sameFingerprint, why);
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

    static double templateSimilarity(String a, String b) {
        if (a == null || b == null || a.isBlank() || b.isBlank()) {
            return 0;
        }
        if (a.equals(b)) {
            return 1;
        }
        return jaccard(words(a), words(b));
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    private static Set<String> words(String s) {
        Set<String> out = new HashSet<>();
        for (String w : s.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}<>_]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    private static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        Set<String> union = new HashSet<>(a);
        union.addAll(b);
        int shared = 0;
        for (String x : a) {
            if (b.contains(x)) {
                shared++;
            }
        }
        return (double) shared / union.size();
    }

    private static String simpleName(String type) {
        int dot = type.lastIndexOf('.');
        return dot < 0 ? type : type.substring(dot + 1);
    }
}
