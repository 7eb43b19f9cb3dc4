package io.tracekb.search.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Recall@1, Recall@5, MRR, precision of confident answers and negative rate of one system on one query set. */
final class Scorecard {

    final String system;
    int positives;
    int hits1;
    int hits5;
    double reciprocalRanks;
    int confidentAnswers;
    int confidentCorrect;
    int negatives;
    int negativesAnswered;
    final List<String> misses = new ArrayList<>();

    Scorecard(String system) {
        this.system = system;
    }

    void add(EvalQuery q, Answer a) {
        if (q.negative()) {
            negatives++;
            if (a.confident() && !a.slugs().isEmpty()) {
                negativesAnswered++;
                confidentAnswers++;
                misses.add(q.name() + " -> " + a.slugs().get(0) + " (a negative, answered confidently)");
            }
            return;
        }
        positives++;
        int rank = q.rankIn(a.slugs());
        if (rank == 0) {
            hits1++;
        } else {
            misses.add(q.name() + " -> " + (a.slugs().isEmpty() ? "nothing" : a.slugs().get(0))
                    + (rank < 0 || rank >= 5 ? " (not in the top 5)" : " (rank " + (rank + 1) + ")"));
        }
        if (rank >= 0 && rank < 5) {
            hits5++;
            reciprocalRanks += 1.0 / (rank + 1);
        }
        if (a.confident() && !a.slugs().isEmpty()) {
            confidentAnswers++;
            if (rank == 0) {
                confidentCorrect++;
            }
        }
    }

    double recall1() {
        return positives == 0 ? 0 : (double) hits1 / positives;
    }

    double recall5() {
        return positives == 0 ? 0 : (double) hits5 / positives;
    }

    double mrr() {
        return positives == 0 ? 0 : reciprocalRanks / positives;
    }

    double precision() {
        return confidentAnswers == 0 ? 0 : (double) confidentCorrect / confidentAnswers;
    }

    double negativeRate() {
        return negatives == 0 ? 0 : (double) negativesAnswered / negatives;
    }

    static String header() {
        return String.format(Locale.ROOT, "| %-34s | %9s | %8s | %8s | %6s | %9s | %13s |", "system", "positives",
                "Recall@1", "Recall@5", "MRR", "precision", "negative rate");
    }

    String row() {
        return String.format(Locale.ROOT, "| %-34s | %9d | %8.3f | %8.3f | %6.3f | %9.3f | %6.3f (%d/%d) |", system,
                positives, recall1(), recall5(), mrr(), precision(), negativeRate(), negativesAnswered, negatives);
    }
}
