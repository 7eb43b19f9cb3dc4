package io.tracekb.search.eval;

import io.tracekb.incident.IncidentData;
import io.tracekb.bench.SyntheticIncidents;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * TraceKB and the two baselines of the matching evaluation (PostgreSQL full-text search, Lucene MoreLikeThis),
 * built by the same classes {@link MatchEvaluationTest} uses, on the same data in one run: quality and latency on the
 * independent real queries over the shipped incidents, then latency over the shipped plus {@code bench.baselineSizes}
 * synthetic incidents ({@code bench.baselineQueries} of the queries, spread over the set). Prints one {@code REPORT baseline ...} / {@code REPORT baseline_latency ...} line per system
 * for bench/report.sh. Not a unit test: {@code mvn -Pbench test-compile exec:exec -Dbench.main=io.tracekb.search.eval.BaselineBenchmark}.
 */
public final class BaselineBenchmark {

    private BaselineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        List<IncidentData> incidents = MatchEvaluationTest.incidents();
        List<EvalQuery> independent = MatchEvaluationTest.independentQueries(incidents);
        List<EvalQuery> negatives = new ArrayList<>(MatchEvaluationTest.ecosystemNegatives());
        negatives.addAll(MatchEvaluationTest.negatives());

        try (TraceKbSystem tracekb = new TraceKbSystem(incidents, MatchEvaluationTest.THRESHOLD);
                PostgresFullTextBaseline fts = new PostgresFullTextBaseline(incidents);
                MoreLikeThisBaseline mlt = new MoreLikeThisBaseline(incidents)) {
            for (TimedSystem system : systems(tracekb, fts, mlt)) {
                MatchEvaluationTest.run(system, independent, new Scorecard(system.name())); // warm-up, not counted
                system.reset();
                Scorecard card = new Scorecard(system.name());
                MatchEvaluationTest.run(system, independent, card);
                long[] positives = system.latencies();
                MatchEvaluationTest.run(system, negatives, card);
                System.out.printf(Locale.ROOT, "REPORT baseline system=%s incidents=%d positives=%d negatives=%d "
                        + "recall1=%.4f recall5=%.4f mrr=%.4f precision=%.4f negative_rate=%.4f p50_ms=%.3f "
                        + "p99_ms=%.3f%n", system.id, incidents.size(), card.positives, card.negatives, card.recall1(),
                        card.recall5(), card.mrr(), card.precision(), card.negativeRate(), percentile(positives, 0.5),
                        percentile(positives, 0.99));
            }
        }

        // PostgreSQL full-text search ranks nearly every sample of a large corpus (the OR-ed words of a trace match
        // almost all of them): seconds per query at 10k, so the scaled runs time an evenly spread subset
        int subset = Integer.getInteger("bench.baselineQueries", 40);
        List<EvalQuery> spread = new ArrayList<>();
        for (int i = 0; i < subset && i < independent.size(); i++) {
            spread.add(independent.get(i * independent.size() / Math.min(subset, independent.size())));
        }
        for (String size : System.getProperty("bench.baselineSizes", "10000").split(",")) {
            if (size.isBlank()) {
                continue;
            }
            List<IncidentData> corpus = new ArrayList<>(incidents);
            corpus.addAll(SyntheticIncidents.generate(incidents, Integer.parseInt(size.trim()), 11));
            try (TraceKbSystem tracekb = new TraceKbSystem(corpus, MatchEvaluationTest.THRESHOLD);
                    PostgresFullTextBaseline fts = new PostgresFullTextBaseline(corpus);
                    MoreLikeThisBaseline mlt = new MoreLikeThisBaseline(corpus)) {
                for (TimedSystem system : systems(tracekb, fts, mlt)) {
                    MatchEvaluationTest.run(system, spread.subList(0, Math.min(5, spread.size())),
                            new Scorecard(system.name())); // warm-up, not counted
                    system.reset();
                    MatchEvaluationTest.run(system, spread, new Scorecard(system.name()));
                    long[] l = system.latencies();
                    System.out.printf(Locale.ROOT, "REPORT baseline_latency system=%s incidents=%d queries=%d "
                            + "p50_ms=%.3f p99_ms=%.3f%n", system.id, corpus.size(), l.length, percentile(l, 0.5),
                            percentile(l, 0.99));
                }
            }
        }
    }

    private static List<TimedSystem> systems(MatchingSystem tracekb, MatchingSystem fts, MatchingSystem mlt) {
        return List.of(new TimedSystem("tracekb", tracekb), new TimedSystem("pg-fts", fts),
                new TimedSystem("mlt", mlt));
    }

    static double percentile(long[] sortedNanos, double p) {
        return sortedNanos.length == 0 ? Double.NaN
                : sortedNanos[Math.min(sortedNanos.length - 1, (int) (sortedNanos.length * p))] / 1e6;
    }

    /** A system whose answers are timed one by one (wall clock, the query as the user pastes it). */
    static final class TimedSystem implements MatchingSystem {
        final String id;
        private final MatchingSystem delegate;
        private long[] nanos = new long[256];
        private int count;

        TimedSystem(String id, MatchingSystem delegate) {
            this.id = id;
            this.delegate = delegate;
        }

        @Override
        public String name() {
            return delegate.name();
        }

        @Override
        public void holdOut(String slug, int trace) {
            delegate.holdOut(slug, trace);
        }

        @Override
        public void restore() {
            delegate.restore();
        }

        @Override
        public Answer answer(EvalQuery query) {
            long t0 = System.nanoTime();
            Answer a = delegate.answer(query);
            if (count == nanos.length) {
                nanos = Arrays.copyOf(nanos, count * 2);
            }
            nanos[count++] = System.nanoTime() - t0;
            return a;
        }

        void reset() {
            count = 0;
        }

        /** The answers timed since the last reset, sorted. */
        long[] latencies() {
            long[] l = Arrays.copyOf(nanos, count);
            Arrays.sort(l);
            return l;
        }
    }
}
