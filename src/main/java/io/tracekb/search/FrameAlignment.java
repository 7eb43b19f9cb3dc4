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
 *
 * <p>Remembers the last query's side between calls: use one instance per thread (the ranker makes one per query).
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

    /** (1/(i+1))^alpha for the first positions: a power per frame per candidate was a hot spot of the rerank. */
    private final double[] positionWeights = new double[64];

    public FrameAlignment(double alpha, double beta, double gamma, double ubiquitousFactor) {
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
        this.ubiquitousFactor = ubiquitousFactor;
        for (int i = 0; i < positionWeights.length; i++) {
            positionWeights[i] = Math.pow(1.0 / (i + 1), alpha);
        }
    }

    private double positionWeight(int position) {
        return position < positionWeights.length ? positionWeights[position] : Math.pow(1.0 / (position + 1), alpha);
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
        QuerySide q = querySide(query, ubiquitousQuery, rarity);
        // Walks the candidate against the query's first positions: the same pairs as walking the query against
        // the candidate's first positions (each key pairs its first occurrence on both sides), without building a
        // map per candidate; recursion is already collapsed by the signature.
        boolean[] queryUsed = new boolean[query.size()];
        double total = q.totalWeight;
        double score = -q.totalWeight;
        int shared = 0;
        for (int j = 0; j < candidate.size(); j++) {
            String key = candidate.get(j);
            double r = rarity.applyAsDouble(key); // cached per index reader
            double wd = weight(j, r, flag(ubiquitousCandidate, j));
            total += wd;
            Integer i = q.firstPosition.get(key);
            if (i != null && !queryUsed[i]) {
                queryUsed[i] = true;
                double wq = q.weights[i];
                score += wq; // no longer an unshared query frame
                score += (wq + wd) * Math.exp(-gamma * Math.abs(i - j));
                if (!flag(ubiquitousQuery, i)) {
                    shared++;
                }
            } else {
                score -= wd;
            }
        }
        return new Result(total == 0 ? 0 : score / total, shared, q.counted);
    }

    /** What depends on the query's frames only: computed once per query, not once per candidate frame list. */
    private record QuerySide(List<String> frames, List<Boolean> ubiquitous, ToDoubleFunction<String> rarity,
            Map<String, Integer> firstPosition, double[] weights, double totalWeight, int counted) {
    }

    private QuerySide lastQuery;

    private QuerySide querySide(List<String> query, List<Boolean> ubiquitousQuery, ToDoubleFunction<String> rarity) {
        QuerySide last = lastQuery;
        if (last != null && last.frames == query && last.ubiquitous == ubiquitousQuery && last.rarity == rarity) {
            return last;
        }
        Map<String, Integer> first = new HashMap<>();
        double[] weights = new double[query.size()];
        double total = 0;
        int counted = 0;
        for (int i = 0; i < query.size(); i++) {
            first.putIfAbsent(query.get(i), i);
            boolean ubiquitous = flag(ubiquitousQuery, i);
            weights[i] = weight(i, rarity.applyAsDouble(query.get(i)), ubiquitous);
            total += weights[i];
            if (!ubiquitous) {
                counted++;
            }
        }
        QuerySide side = new QuerySide(query, ubiquitousQuery, rarity, first, weights, total, counted);
        lastQuery = side;
        return side;
    }

    private static boolean flag(List<Boolean> flags, int i) {
        return flags != null && i < flags.size() && Boolean.TRUE.equals(flags.get(i));
    }

    private double weight(int position, double rarity, boolean ubiquitous) {
        double w = positionWeight(position) * Math.exp(-beta * rarity);
        return ubiquitous ? w * ubiquitousFactor : w;
    }
}
