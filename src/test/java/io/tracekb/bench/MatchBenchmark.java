package io.tracekb.bench;

import io.tracekb.incident.IncidentData;
import io.tracekb.content.IncidentFolder;
import io.tracekb.search.IndexedIncident;
import io.tracekb.search.ParallelIndexer;
import io.tracekb.search.PasteAnalysis;
import io.tracekb.search.Ranker;
import io.tracekb.search.LuceneIndex;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * In-process matching at 1k, 10k and 100k incidents: index build time, heap after build, and match latency
 * p50 / p99 (single thread, after warm-up) over real query traces. Not a unit test; run with
 * {@code mvn -Pbench test-compile exec:exec -Dbench.main=io.tracekb.bench.MatchBenchmark}
 * ({@code -Dbench.sizes=1000,10000} to choose sizes). Writes target/bench/match.md.
 */
public final class MatchBenchmark {

    private MatchBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int[] sizes = Arrays.stream(System.getProperty("bench.sizes", "1000,10000,100000").split(","))
                .mapToInt(s -> Integer.parseInt(s.trim())).toArray();
        List<IncidentData> real;
        try (Stream<Path> walk = Files.walk(Path.of("content"))) {
            real = walk.filter(IncidentFolder::isIncidentFolder).sorted().map(IncidentFolder::read).toList();
        }
        List<String> queries = new ArrayList<>();
        Random random = new Random(7);
        for (IncidentData d : real) {
            for (IncidentData.SampleTraceData t : d.sampleTraces()) {
                queries.add(t.text());
                queries.add(SyntheticIncidents.vary(t.text(), "org.query.app", random));
            }
        }
        // the labelled evaluation's real queries and negatives too: other failures, other shapes, not only variants
        try (Stream<Path> walk = Files.walk(Path.of("src/test/resources/eval"))) {
            for (Path p : walk.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                queries.add(Files.readString(p));
            }
        }
        StringBuilder report = new StringBuilder();
        report.append("| incidents | index build | build rate | heap after build | first pass p50 | first pass p99 "
                + "| match p50 | match p99 | queries |\n");
        report.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int size : sizes) {
            report.append(run(real, queries, size)).append('\n');
            System.out.println(report);
        }
        Path out = Path.of("target/bench/match.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, "# Match benchmark (" + ManagementFactory.getRuntimeMXBean().getVmVersion() + ", "
                + Runtime.getRuntime().availableProcessors() + " cores, -Xmx"
                + Runtime.getRuntime().maxMemory() / (1 << 20) + "m)\n\n" + report);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    /**
     * Generates {@code size} incidents and indexes them as IndexSynchronizer does a bulk build, keeping none of them.
     * Returns the seconds the indexing took (generating the incidents is not counted).
     */
    private static double build(LuceneIndex index, List<IncidentData> real, int size) {
        List<IncidentData> incidents = SyntheticIncidents.generate(real, size, size);
        long start = System.nanoTime();
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < incidents.size(); i++) {
            ids.add(i);
        }
        ParallelIndexer.index(index, ids, i -> IndexedIncident.of(i + 1, 1, incidents.get(i)),
                Runtime.getRuntime().availableProcessors(), done -> { });
        index.mergeSegments(); // as IndexSynchronizer does after a bulk build
        index.commit();
        return (System.nanoTime() - start) / 1e9;
    }

    private static String run(List<IncidentData> real, List<String> queries, int size) throws IOException {
        Path dir = Files.createTempDirectory("bench-index-");
        LuceneIndex index = LuceneIndex.open(dir).index();
        double buildSeconds = build(index, real, size);
        // the generated incidents are out of scope now: the heap below is the index's and the matcher's
        // (session 3 measured 309 MiB at 100k with the generated list still referenced by a lambda)
        System.gc();
        long heap = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();

        Ranker ranker = new Ranker(index);
        // first pass: every query once on the fresh index (cold caches of stored shapes and frame rarity)
        long[] first = new long[queries.size()];
        for (int i = 0; i < queries.size(); i++) {
            long t0 = System.nanoTime();
            ranker.rank(PasteAnalysis.of(queries.get(i)), 5);
            first[i] = System.nanoTime() - t0;
        }
        Arrays.sort(first);
        for (int w = 0; w < 3; w++) {
            for (String q : queries) {
                ranker.rank(PasteAnalysis.of(q), 5);
            }
        }
        int rounds = Math.max(1, 2000 / queries.size());
        long[] latencies = new long[rounds * queries.size()];
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            for (String q : queries) {
                long t0 = System.nanoTime();
                ranker.rank(PasteAnalysis.of(q), 5); // parse + signature + both stages, as a request does
                latencies[n++] = System.nanoTime() - t0;
            }
        }
        Arrays.sort(latencies);
        index.close();
        deleteTree(dir);
        // one machine-readable line per size: bench/report.sh builds the performance report from these
        System.out.printf(Locale.ROOT, "REPORT match incidents=%d build_s=%.2f build_rate=%.0f heap_mib=%d p50_ms=%.3f "
                + "p99_ms=%.3f first_pass_p50_ms=%.3f first_pass_p99_ms=%.3f queries=%d%n", size, buildSeconds,
                size / buildSeconds, heap >> 20, latencies[n / 2] / 1e6, latencies[(int) (n * 0.99)] / 1e6,
                first[first.length / 2] / 1e6, first[(int) (first.length * 0.99)] / 1e6, n);
        return String.format(Locale.ROOT, "| %,d | %.1f s | %,.0f/s | %d MiB | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %d |",
                size, buildSeconds, size / buildSeconds, heap >> 20, first[first.length / 2] / 1e6,
                first[(int) (first.length * 0.99)] / 1e6, latencies[n / 2] / 1e6, latencies[(int) (n * 0.99)] / 1e6, n);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
