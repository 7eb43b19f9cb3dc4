package io.tracekb.search.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Calibration of a system's scores: every returned result (not only the first) is bucketed by its score, and
 * each bucket's share of correct incidents is set against its mean score. A score "calibrated so that one
 * threshold means the same for every query" shows as a share correct that rises with the score and a small
 * expected calibration error (the buckets' |share correct - mean score|, weighted by their size).
 */
final class Reliability {

    static final double[] EDGES = { 0.0, 0.2, 0.4, 0.6, 0.8, 1.0 };

    final int[] count = new int[EDGES.length - 1];
    final int[] correct = new int[EDGES.length - 1];
    final double[] scoreSum = new double[EDGES.length - 1];
    private final double threshold;
    int positives;
    int confidentAnswers;
    int confidentCorrect;

    Reliability(double threshold) {
        this.threshold = threshold;
    }

    /** A negative query (no expected slug) has no correct result. */
    void add(EvalQuery q, Answer a) {
        if (a.scores().size() != a.slugs().size()) {
            throw new IllegalArgumentException("an answer without a score per result: " + q.name());
        }
        for (int i = 0; i < a.slugs().size(); i++) {
            double s = a.scores().get(i);
            int b = bucket(s);
            count[b]++;
            scoreSum[b] += s;
            if (!q.negative() && q.accepts(a.slugs().get(i))) {
                correct[b]++;
            }
        }
        if (!q.negative()) {
            positives++;
        }
        if (a.confident() && !a.slugs().isEmpty()) {
            confidentAnswers++;
            if (!q.negative() && q.accepts(a.slugs().get(0))) {
                confidentCorrect++;
            }
        }
    }

    static int bucket(double score) {
        for (int b = 1; b < EDGES.length - 1; b++) {
            if (score < EDGES[b]) {
                return b - 1;
            }
        }
        return EDGES.length - 2; // the top bucket includes 1.0
    }

    int results() {
        int n = 0;
        for (int c : count) {
            n += c;
        }
        return n;
    }

    double shareCorrect(int b) {
        return count[b] == 0 ? 0 : (double) correct[b] / count[b];
    }

    double meanScore(int b) {
        return count[b] == 0 ? 0 : scoreSum[b] / count[b];
    }

    double expectedCalibrationError() {
        int n = results();
        double ece = 0;
        for (int b = 0; b < count.length; b++) {
            ece += n == 0 ? 0 : (double) count[b] / n * Math.abs(shareCorrect(b) - meanScore(b));
        }
        return ece;
    }

    /** Of the answers vouched for (first result at or above the threshold), the share that is the right incident. */
    double confidentPrecision() {
        return confidentAnswers == 0 ? 0 : (double) confidentCorrect / confidentAnswers;
    }

    /** Of the queries an incident answers, the share answered confidently and rightly. */
    double confidentRecall() {
        return positives == 0 ? 0 : (double) confidentCorrect / positives;
    }

    List<String> table() {
        List<String> lines = new ArrayList<>();
        lines.add("| score bucket | results | correct | share correct | mean score |");
        for (int b = 0; b < count.length; b++) {
            lines.add(String.format(Locale.ROOT, "| %.1f-%.1f%s | %7d | %7d | %13.3f | %10.3f |", EDGES[b], EDGES[b + 1],
                    b == count.length - 1 ? "]" : ")", count[b], correct[b], shareCorrect(b), meanScore(b)));
        }
        lines.add(String.format(Locale.ROOT, "expected calibration error %.3f over %d results; confident (score >= %.2f):"
                + " precision %.3f (%d/%d), recall %.3f (%d/%d)", expectedCalibrationError(), results(), threshold,
                confidentPrecision(), confidentCorrect, confidentAnswers, confidentRecall(), confidentCorrect,
                positives));
        return lines;
    }
}
