package io.tracekb.search.eval;

import io.tracekb.search.Ranker;
import io.tracekb.search.ranking.Feature;
import io.tracekb.search.ranking.RankingModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a paste ranks as it does: the four most probable candidates over the labelled set's index (incidents and
 * distractors), each with its probability, log-odds and non-zero features. A tool for reading misses of the
 * development part:
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt) io.tracekb.search.eval.Explain FILE...}, the
 * class path from {@code mvn dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=cp.txt}.
 */
public final class Explain {

    private Explain() {
    }

    public static void main(String[] args) throws Exception {
        RankingModel m = RankingModel.shipped();
        // -Dexplain.index=shipped: over the shipped content (as SurveyCoverageTest answers) instead
        boolean shipped = "shipped".equals(System.getProperty("explain.index"));
        String wanted = System.getProperty("explain.slug"); // also show where this incident ranks, if anywhere
        try (TraceKbSystem s = new TraceKbSystem(shipped ? MatchEvaluationTest.incidents() : LabelledSet.load().index())) {
            for (String f : args) {
                EvalQuery q = new EvalQuery(f, Files.readString(Path.of(f)), null, null, -1);
                List<Ranker.Candidate> cs = s.candidates(q);
                double[] p = m.probabilities(cs.stream().map(Ranker.Candidate::features).toList());
                List<Integer> idx = new ArrayList<>();
                for (int i = 0; i < cs.size(); i++) idx.add(i);
                idx.sort((a, b) -> Double.compare(p[b], p[a]));
                System.out.println("== " + f + " threshold " + m.threshold());
                for (int k = 0; k < Math.min(4, idx.size()); k++) {
                    Ranker.Candidate c = cs.get(idx.get(k));
                    StringBuilder sb = new StringBuilder();
                    for (Feature ft : Feature.values()) {
                        double v = c.features()[ft.ordinal()];
                        if (v != 0) sb.append(ft).append('=').append(String.format("%.2f", v)).append(' ');
                    }
                    System.out.printf("%.4f z=%.2f %s %s%n", p[idx.get(k)], m.logit(c.features()), c.slug(), sb);
                }
                if (wanted != null) {
                    int at = -1;
                    for (int k = 0; k < idx.size(); k++) {
                        if (cs.get(idx.get(k)).slug().equals(wanted)) {
                            at = k;
                        }
                    }
                    System.out.println(at < 0 ? wanted + ": not among the " + cs.size() + " candidates"
                            : wanted + " at rank " + (at + 1) + " of " + cs.size() + ", p " + p[idx.get(at)]);
                }
            }
        }
    }
}
