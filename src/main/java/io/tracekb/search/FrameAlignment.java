package io.tracekb.search;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Position-aware similarity of two frame lists, after FaST (Vasiliev et al., MSR 2022), in linear time.
 *
 * <p>Frame i (0 = top) weighs {@code w = (1/(i+1))^alpha * exp(-beta * df/N)}: frames near the top and rare
 * frames count most. Each frame key the two lists share adds {@code (w_q + w_d) * exp(-gamma * |i_q - i_d|)};
 * every unshared frame subtracts its weight; the sum is divided by the total weight of both lists, so the
 * similarity is in [-1, 1] and comparable across queries.
 */
public final class FrameAlignment {

    /** {@code sharedFrames} and {@code queryFrames} count only frames that are not ubiquitous. */
    public record Result(double similarity, int sharedFrames, int queryFrames) {
        static final Result NONE = new Result(0, 0, 0);
    }

    private final double alpha;
    private final double beta;
    private final double gamma;
    /** Extra discount for frames known to occur everywhere (thread pools, reflection). */
    private final double ubiquitousFactor;

    public FrameAlignment(double alpha, double beta, double gamma, double ubiquitousFactor) {
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
        this.ubiquitousFactor = ubiquitousFactor;
    }

    public static FrameAlignment defaults() {
        return new FrameAlignment(1.0, 1.0, 1.0, 0.1);
    }

    /**
     * @param rarity df/N of a frame key in the index, 0..1
     * @param ubiquitousQuery per query frame: is it a ubiquitous frame (may be null)
     * @param ubiquitousCandidate the same for the candidate's frames (may be null)
     */
    public Result compare(List<String> query, List<Boolean> ubiquitousQuery, List<String> candidate,
            List<Boolean> ubiquitousCandidate, ToDoubleFunction<String> rarity) {
        if (query.isEmpty() || candidate.isEmpty()) {
            return Result.NONE;
        }
        // first position of each key in the candidate; recursion is already collapsed by the signature
        Map<String, Integer> candidatePos = new HashMap<>();
        for (int i = 0; i < candidate.size(); i++) {
            candidatePos.putIfAbsent(candidate.get(i), i);
        }
        double total = 0;
        double score = 0;
        int shared = 0;
        int counted = 0;
        boolean[] candidateUsed = new boolean[candidate.size()];
        for (int i = 0; i < query.size(); i++) {
            String key = query.get(i);
            double r = rarity.applyAsDouble(key); // cached per index reader
            boolean ubiquitous = flag(ubiquitousQuery, i);
            double wq = weight(i, r, ubiquitous);
            total += wq;
            if (!ubiquitous) {
                counted++;
            }
            Integer j = candidatePos.get(key);
            if (j != null && !candidateUsed[j]) {
                candidateUsed[j] = true;
                double wd = weight(j, r, flag(ubiquitousCandidate, j));
                score += (wq + wd) * Math.exp(-gamma * Math.abs(i - j));
                if (!ubiquitous) {
                    shared++;
                }
            } else {
                score -= wq;
            }
        }
        for (int j = 0; j < candidate.size(); j++) {
            String key = candidate.get(j);
            double wd = weight(j, rarity.applyAsDouble(key), flag(ubiquitousCandidate, j));
            total += wd;
            if (!candidateUsed[j]) {
                score -= wd;
            }
        }
        return new Result(total == 0 ? 0 : score / total, shared, counted);
    }

    private static boolean flag(List<Boolean> flags, int i) {
        return flags != null && i < flags.size() && Boolean.TRUE.equals(flags.get(i));
    }

    private double weight(int position, double rarity, boolean ubiquitous) {
        double w = Math.pow(1.0 / (position + 1), alpha) * Math.exp(-beta * rarity);
        return ubiquitous ? w * ubiquitousFactor : w;
    }
}
