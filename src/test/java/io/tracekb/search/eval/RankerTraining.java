package io.tracekb.search.eval;

import io.tracekb.search.PasteAnalysis;
import io.tracekb.search.Ranker;
import io.tracekb.search.ranking.Feature;
import io.tracekb.search.ranking.RankingModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Trains the ranking model on the development part of the labelled set only, and writes it with its report:
 *
 * <ol>
 *   <li>every development query (traces, held-out samples, survey reports, free text, negatives) is matched and
 *       each of its stage-1 candidates becomes a row of {@link Feature}s, labelled right or wrong;</li>
 *   <li>a conditional logit (listwise: a query's candidates compete, "none" being an option) is fitted in {@value #FOLDS}-fold cross-validation by group (the penalty chosen by
 *       the folds' MRR); the log-odds of its out-of-fold probabilities fit the Platt calibration, and the out-of-fold probabilities
 *       choose the confidence threshold: the lowest at which the confident answers to trace queries are still
 *       {@value #TARGET_PRECISION} precise. Samples pasted again are left out of that count: they are nearly
 *       always right, and as the content grows their number would buy confident answers for new failures at a
 *       precision below the target;</li>
 *   <li>the final model is fitted on all development rows; the sample that speaks for an incident is chosen
 *       by the model's own weights, so the rows are computed again with the new model and the fit repeated
 *       once.</li>
 * </ol>
 *
 * <p>{@code mvn -Pbench test-compile exec:exec -Dbench.main=io.tracekb.search.eval.RankerTraining} writes
 * {@link RankingModel#RESOURCE} under src/main/resources and target/ranking-model-report.md. The test part is
 * never read.
 */
public final class RankerTraining {

    static final int FOLDS = 5;
    static final double TARGET_PRECISION = 0.99;
    static final double[] PENALTIES = { 0.01, 0.1, 1, 10 };

    /**
     * The rows of one query: its candidates' features, whether each is the right incident, and whether the ranker
     * may vouch for it at all ({@link Ranker#mayVouchFor}).
     */
    record QueryRows(LabelledSet.Item item, List<double[]> features, List<Boolean> right, List<String> slugs,
            List<Boolean> vouchable) {

        boolean vouchable(int i) {
            return vouchable.get(i);
        }
    }

    private RankerTraining() {
    }

    public static void main(String[] args) throws IOException {
        LabelledSet set = LabelledSet.load();
        List<LabelledSet.Item> dev = set.items(LabelledSet.Part.DEV, LabelledSet.Kind.values());
        RankingModel model = RankingModel.shipped();
        StringBuilder report = new StringBuilder();
        for (int pass = 1; pass <= 2; pass++) {
            List<QueryRows> rows = rows(set, dev, model);
            report.setLength(0);
            model = train(rows, report);
        }
        Path file = Path.of("src/main/resources" + RankingModel.RESOURCE);
        Files.writeString(file, modelFile(model, dev.size()), StandardCharsets.UTF_8);
        Path reportFile = Path.of("target/ranking-model-report.md");
        Files.createDirectories(reportFile.getParent());
        Files.writeString(reportFile, report.toString(), StandardCharsets.UTF_8);
        System.out.println(report);
        System.out.println("wrote " + file + " and " + reportFile);
    }

    /** Each query's candidates as rows, computed with {@code model} (it picks the sample of each incident). */
    static List<QueryRows> rows(LabelledSet set, List<LabelledSet.Item> items, RankingModel model) {
        List<QueryRows> out = new ArrayList<>();
        try (TraceKbSystem system = new TraceKbSystem(set.index(), model, model.threshold())) {
            for (LabelledSet.Item item : items) {
                EvalQuery q = item.query();
                if (q.heldOutSlug() != null) {
                    system.holdOut(q.heldOutSlug(), q.heldOutTrace());
                }
                List<double[]> features = new ArrayList<>();
                List<Boolean> right = new ArrayList<>();
                List<String> slugs = new ArrayList<>();
                List<Boolean> vouchable = new ArrayList<>();
                PasteAnalysis paste = PasteAnalysis.of(q.text());
                for (Ranker.Candidate c : system.candidates(paste)) {
                    features.add(c.features());
                    right.add(q.accepts(c.slug()));
                    slugs.add(c.slug());
                    vouchable.add(Ranker.mayVouchFor(paste, c));
                }
                if (q.heldOutSlug() != null) {
                    system.restore();
                }
                out.add(new QueryRows(item, features, right, slugs, vouchable));
            }
        }
        return out;
    }

    static RankingModel train(List<QueryRows> rows, StringBuilder report) {
        double bestPenalty = PENALTIES[0];
        double bestMrr = -1;
        report.append("# Ranking model: training report\n\n");
        report.append(String.format(Locale.ROOT, "Development queries: %d (%d with the right incident among the "
                + "candidates), candidate rows: %d. Test part not read.%n%n", rows.size(),
                rows.stream().filter(r -> r.right().contains(true)).count(),
                rows.stream().mapToInt(r -> r.features().size()).sum()));
        report.append("| L2 penalty | CV Recall@1 | CV MRR (traces and text) |\n|---|---|---|\n");
        for (double penalty : PENALTIES) {
            double[][] oof = outOfFold(rows, penalty);
            Metrics m = metrics(rows, oof, 1, 0, Double.POSITIVE_INFINITY);
            report.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f |%n", penalty, m.recall1, m.mrr));
            if (m.mrr > bestMrr) {
                bestMrr = m.mrr;
                bestPenalty = penalty;
            }
        }
        double[][] oof = outOfFold(rows, bestPenalty);
        // Platt: one more regression, of the label on the log-odds of the competing (uncalibrated) probability
        List<double[]> z = new ArrayList<>();
        List<Boolean> y = new ArrayList<>();
        for (int q = 0; q < rows.size(); q++) {
            double[] p = RankingModel.calibrated(oof[q], 1, 0);
            for (int c = 0; c < oof[q].length; c++) {
                z.add(new double[] { Math.log(p[c] / (1 - p[c])) });
                y.add(rows.get(q).right().get(c));
            }
        }
        LogisticRegression.Fit platt = LogisticRegression.fit(z, y, 0);
        double a = platt.weights()[0];
        double b = platt.bias();
        double threshold = threshold(rows, oof, a, b);
        Metrics cv = metrics(rows, oof, a, b, threshold);

        LogisticRegression.Fit fit = fitRows(rows, -1, bestPenalty);
        RankingModel model = new RankingModel("trained " + LocalDate.now(), fit.bias(), fit.weights(), a, b, threshold);

        report.append(String.format(Locale.ROOT, "%nChosen penalty %s. Platt a = %.4f, b = %.4f. Threshold %.4f "
                + "(confident precision >= %.2f on the out-of-fold trace answers).%n%n", bestPenalty, a, b, threshold,
                TARGET_PRECISION));
        report.append("Cross-validated on the development part (out-of-fold):\n\n");
        report.append(String.format(Locale.ROOT, "- Recall@1 %.3f, Recall@5 %.3f, MRR %.3f over %d positives; "
                + "trace queries answered confidently %d, of which right %d (precision %.3f); negatives answered "
                + "confidently %d of %d; expected calibration error %.3f%n%n", cv.recall1, cv.recall5, cv.mrr,
                cv.positives, cv.confident, cv.confidentRight, cv.confident == 0 ? 0 : cv.confidentRight
                        / (double) cv.confident, cv.negativesConfident, cv.negatives, cv.ece));
        Metrics again = metrics(rows, oof, a, b, threshold, true);
        report.append(String.format(Locale.ROOT, "- samples pasted again (trained on, not counted for the threshold): "
                + "Recall@1 %.3f over %d, confident %d of which right %d%n%n", again.recall1, again.positives,
                again.confident, again.confidentRight));
        report.append("Development queries whose wrong first answer is most probable (out-of-fold): what bounds the "
                + "threshold\n\n");
        List<String> wrong = new ArrayList<>();
        for (int q = 0; q < rows.size(); q++) {
            QueryRows r = rows.get(q);
            if (oof[q].length == 0 || r.item().kind() == LabelledSet.Kind.PASTED_AGAIN || !r.vouchable(argmax(oof[q]))) {
                continue;
            }
            int best = argmax(oof[q]);
            if (!r.right().get(best)) {
                wrong.add(String.format(Locale.ROOT, "%.4f %s -> %s", RankingModel.calibrated(oof[q], a, b)[best],
                        r.item().query().name(), r.slugs().get(best)));
            }
        }
        textOnlyTable(rows, oof, a, b, report);
        wrong.sort(Comparator.reverseOrder());
        wrong.stream().limit(12).forEach(w -> report.append("- ").append(w).append('\n'));
        report.append('\n');
        report.append("| feature | weight |\n|---|---|\n");
        report.append(String.format(Locale.ROOT, "| (bias) | %.4f |%n", fit.bias()));
        for (Feature f : Feature.values()) {
            report.append(String.format(Locale.ROOT, "| %s | %.4f |%n", f, fit.weights()[f.ordinal()]));
        }
        return model;
    }

    /**
     * How precise the top answers to text without a trace would be at a range of probabilities (out-of-fold): the
     * evidence for never vouching for text alone ({@link Ranker#mayVouchFor}).
     */
    static void textOnlyTable(List<QueryRows> rows, double[][] oof, double a, double b, StringBuilder report) {
        List<double[]> tops = new ArrayList<>(); // p, right, negative
        for (int q = 0; q < rows.size(); q++) {
            QueryRows r = rows.get(q);
            if (oof[q].length == 0 || r.item().kind() == LabelledSet.Kind.PASTED_AGAIN
                    || PasteAnalysis.of(r.item().query().text()).primary() != null) {
                continue;
            }
            int best = argmax(oof[q]);
            tops.add(new double[] { RankingModel.calibrated(oof[q], a, b)[best], r.right().get(best) ? 1 : 0,
                    r.item().query().negative() ? 1 : 0 });
        }
        report.append("\nText without a trace (" + tops.size() + " queries, out-of-fold): what vouching for its top answer "
                + "at a probability would give\n\n| p >= | answered | right | negatives |\n|---|---|---|---|\n");
        for (double t : new double[] { 0.99, 0.98, 0.97, 0.96, 0.95, 0.94, 0.93, 0.92, 0.9, 0.85, 0.8, 0.7 }) {
            int n = 0, right = 0, neg = 0;
            for (double[] x : tops) {
                if (x[0] >= t) {
                    n++;
                    right += (int) x[1];
                    neg += (int) x[2];
                }
            }
            report.append(String.format(Locale.ROOT, "| %.2f | %d | %d | %d |%n", t, n, right, neg));
        }
        report.append('\n');
    }

    /** Each row's log-odds under a model fitted without the row's fold (folds by group). */
    static double[][] outOfFold(List<QueryRows> rows, double penalty) {
        double[][] oof = new double[rows.size()][];
        for (int fold = 0; fold < FOLDS; fold++) {
            LogisticRegression.Fit fit = fitRows(rows, fold, penalty);
            for (int q = 0; q < rows.size(); q++) {
                if (foldOf(rows.get(q)) != fold) {
                    continue;
                }
                oof[q] = new double[rows.get(q).features().size()];
                for (int c = 0; c < oof[q].length; c++) {
                    oof[q][c] = fit.logit(rows.get(q).features().get(c));
                }
            }
        }
        return oof;
    }

    /** Fits on every query outside fold {@code leftOut} (-1: on all). */
    static LogisticRegression.Fit fitRows(List<QueryRows> rows, int leftOut, double penalty) {
        List<ConditionalLogit.Group> groups = new ArrayList<>();
        for (QueryRows r : rows) {
            if (leftOut >= 0 && foldOf(r) == leftOut) {
                continue;
            }
            groups.add(new ConditionalLogit.Group(r.features(), r.right().indexOf(true)));
        }
        return ConditionalLogit.fit(groups, penalty);
    }

    static int foldOf(QueryRows r) {
        return Math.floorMod(r.item().group().hashCode() * 31 + 7, FOLDS);
    }

    /**
     * The lowest top-answer probability from which the confident answers to trace queries (negatives among them,
     * samples pasted again not) are still {@link #TARGET_PRECISION} precise; above every answer when no such point
     * exists.
     */
    static double threshold(List<QueryRows> rows, double[][] oof, double a, double b) {
        List<double[]> tops = new ArrayList<>(); // {probability, right}
        for (int q = 0; q < rows.size(); q++) {
            QueryRows r = rows.get(q);
            if (oof[q].length == 0 || r.item().kind() == LabelledSet.Kind.PASTED_AGAIN || !r.vouchable(argmax(oof[q]))) {
                continue;
            }
            int best = argmax(oof[q]);
            tops.add(new double[] { RankingModel.calibrated(oof[q], a, b)[best], r.right().get(best) ? 1 : 0 });
        }
        tops.sort(Comparator.comparingDouble((double[] t) -> t[0]).reversed());
        double threshold = tops.isEmpty() ? 1 : Math.min(1, tops.get(0)[0] + 1e-6);
        int right = 0;
        for (int i = 0; i < tops.size(); i++) {
            right += (int) tops.get(i)[1];
            boolean tieFollows = i + 1 < tops.size() && tops.get(i + 1)[0] == tops.get(i)[0];
            if (!tieFollows && right >= TARGET_PRECISION * (i + 1)) {
                threshold = tops.get(i)[0];
            }
        }
        return threshold;
    }

    record Metrics(int positives, double recall1, double recall5, double mrr, int confident, int confidentRight,
            int negatives, int negativesConfident, double ece) {
    }

    /** The realistic queries: all but the samples pasted again. */
    static Metrics metrics(List<QueryRows> rows, double[][] oof, double a, double b, double threshold) {
        return metrics(rows, oof, a, b, threshold, false);
    }

    static Metrics metrics(List<QueryRows> rows, double[][] oof, double a, double b, double threshold,
            boolean pastedAgain) {
        int positives = 0, hits1 = 0, hits5 = 0, confident = 0, confidentRight = 0, negatives = 0, negConfident = 0;
        double rr = 0;
        double[] bucketSum = new double[10];
        double[] bucketRight = new double[10];
        int[] bucketCount = new int[10];
        int results = 0;
        for (int q = 0; q < rows.size(); q++) {
            QueryRows r = rows.get(q);
            if ((r.item().kind() == LabelledSet.Kind.PASTED_AGAIN) != pastedAgain) {
                continue;
            }
            Integer[] order = new Integer[oof[q].length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            double[] s = oof[q];
            double[] calibrated = RankingModel.calibrated(s, a, b);
            java.util.Arrays.sort(order, (i, j) -> Double.compare(s[j], s[i]));
            boolean negative = r.item().query().negative();
            int rank = -1;
            for (int k = 0; k < order.length; k++) {
                if (r.right().get(order[k])) {
                    rank = k;
                    break;
                }
            }
            for (int k = 0; k < Math.min(5, order.length); k++) {
                double p = calibrated[order[k]];
                int bucket = Math.min(9, (int) (p * 10));
                bucketSum[bucket] += p;
                bucketRight[bucket] += r.right().get(order[k]) ? 1 : 0;
                bucketCount[bucket]++;
                results++;
            }
            boolean isConfident = order.length > 0 && r.vouchable(order[0]) && calibrated[order[0]] >= threshold;
            if (negative) {
                negatives++;
                if (isConfident) {
                    negConfident++;
                    confident++;
                }
                continue;
            }
            positives++;
            if (rank == 0) {
                hits1++;
            }
            if (rank >= 0 && rank < 5) {
                hits5++;
                rr += 1.0 / (rank + 1);
            }
            if (isConfident) {
                confident++;
                if (rank == 0) {
                    confidentRight++;
                }
            }
        }
        double ece = 0;
        for (int k = 0; k < 10; k++) {
            if (bucketCount[k] > 0) {
                ece += Math.abs(bucketRight[k] - bucketSum[k]) / results;
            }
        }
        return new Metrics(positives, hits1 / (double) positives, hits5 / (double) positives, rr / positives,
                confident, confidentRight, negatives, negConfident, ece);
    }

    private static int argmax(double[] v) {
        int best = 0;
        for (int i = 1; i < v.length; i++) {
            if (v[i] > v[best]) {
                best = i;
            }
        }
        return best;
    }

    static String modelFile(RankingModel model, int devQueries) {
        StringBuilder sb = new StringBuilder();
        sb.append("# The ranking model (io.tracekb.search.ranking.RankingModel): a conditional logit over the named\n");
        sb.append("# features, Platt calibration, confidence threshold. Written by RankerTraining from the development\n");
        sb.append("# part of the labelled set (").append(devQueries).append(" queries); retrain: README, Matching model.\n");
        var p = model.toProperties();
        List<String> keys = new ArrayList<>(List.of("version", "bias"));
        for (Feature f : Feature.values()) {
            keys.add("weight." + f.name());
        }
        keys.addAll(List.of("calibration.a", "calibration.b", "threshold"));
        for (String k : keys) {
            sb.append(k).append('=').append(p.getProperty(k)).append('\n');
        }
        return sb.toString();
    }
}
