package io.tracekb.bench;

import io.tracekb.signature.SignatureBuilder;
import io.tracekb.trace.ParseResult;
import io.tracekb.trace.TraceParser;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Throughput of parse + signature, single thread, on the seed traces and on the conformance corpus. Not a unit test:
 * run it with {@code mvn -q -Pbench test-compile exec:exec} (in /work/parser-build; forks a JVM with a 1 GiB
 * heap and the parallel collector, see the profile in the POM). Reports MB/s (of UTF-16 chars
 * read, counted as bytes for ASCII text) and µs per trace, both for wall-clock time and for the CPU time of the
 * measuring thread (the wall figure suffers when the machine is shared; the CPU figure much less).
 *
 * <p>System properties: {@code bench.warmup} (minimum warm-up passes, default 40), {@code bench.warmupSeconds} (minimum
 * warm-up time per input set, default 10), {@code bench.iterations} (minimum measured passes, default 60). Small inputs get more passes: at least 40 M chars of warm-up (so the JIT has compiled
 * the hot paths) and 20 M chars measured.
 */
public final class ParserBenchmark {
    private ParserBenchmark() {
    }

    /** Minimum warm-up time per input set (system property {@code bench.warmupSeconds}). */
    static final long WARMUP_SECONDS = Long.getLong("bench.warmupSeconds", 10);
    /** Minimum measured time per input set (system property {@code bench.measureSeconds}). */
    static final long MEASURE_SECONDS = Long.getLong("bench.measureSeconds", 5);

    public static void main(String[] args) throws Exception {
        int warmup = Integer.getInteger("bench.warmup", 40);
        int iterations = Integer.getInteger("bench.iterations", 60);
        List<String> seeds = load("trace/seeds");
        List<String> corpus = new ArrayList<>();
        for (String dir : List.of("parser-corpus/defects4j/traces", "parser-corpus/fluent-detect-exceptions/traces",
                "parser-corpus/kotlinx-coroutines/traces", "parser-corpus/splitlog/traces",
                "parser-corpus/eclipse-console-format/cases", "parser-corpus/intellij-normalize-text/cases",
                "parser-corpus/thread-dumps/dumps")) {
            corpus.addAll(load(dir));
        }
        System.out.printf("java %s, %d available processors, warm-up %d, measured %d iterations%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), warmup, iterations);
        run("seeds", "seeds (3 write-ups)", seeds, warmup, iterations, true);
        run("corpus", "conformance corpus (" + corpus.size() + " files)", corpus, warmup, iterations, true);
        run("corpus-parse-only", "corpus, parse only (no signature)", corpus, warmup, iterations, false);
    }

    private static void run(String key, String name, List<String> texts, int warmup, int iterations, boolean signature) {
        TraceParser parser = new TraceParser();
        SignatureBuilder signatures = new SignatureBuilder();
        long chars = 0;
        for (String t : texts) chars += t.length();
        warmup = (int) Math.max(warmup, 40_000_000L / Math.max(1, chars));
        iterations = (int) Math.max(iterations, 20_000_000L / Math.max(1, chars));
        long sink = 0;
        // at least the warm-up passes and WARMUP_SECONDS: until then the JIT is still compiling the hot paths
        long warmEnd = System.nanoTime() + WARMUP_SECONDS * 1_000_000_000L;
        for (int i = 0; i < warmup || System.nanoTime() < warmEnd; i++) {
            sink += once(parser, signature ? signatures : null, texts);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long cpu0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        long traces = 0;
        long measureEnd = t0 + MEASURE_SECONDS * 1_000_000_000L;
        int passes = 0;
        for (; passes < iterations || System.nanoTime() < measureEnd; passes++) {
            traces += once(parser, signature ? signatures : null, texts);
        }
        iterations = passes;
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9;
        double mb = chars * (double) iterations / 1e6;
        System.out.printf("%-36s %8d chars %4d traces/pass %5d passes | wall %6.1f MB/s %8.1f µs/trace | cpu %6.1f MB/s %8.1f µs/trace%n",
                name, chars, traces / iterations, iterations, mb / wall, wall * 1e6 / traces, mb / cpu, cpu * 1e6 / traces);
        // one machine-readable line per input set: bench/report.sh builds the performance report from these
        System.out.printf(Locale.ROOT, "REPORT parse set=%s files=%d chars=%d traces=%d passes=%d wall_mb_s=%.2f "
                + "wall_us_per_trace=%.2f cpu_mb_s=%.2f cpu_us_per_trace=%.2f%n", key, texts.size(), chars,
                traces / iterations, iterations, mb / wall, wall * 1e6 / traces, mb / cpu, cpu * 1e6 / traces);
        if (sink == 42) System.out.print(""); // keep the warm-up from being optimised away
    }

    /** Parses every text and (unless signatures is null) builds the signature of every trace; returns the trace count. */
    private static long once(TraceParser parser, SignatureBuilder signatures, List<String> texts) {
        long n = 0;
        for (String t : texts) {
            ParseResult r = parser.parse(t);
            for (var trace : r.traces()) {
                if (signatures != null) signatures.build(trace);
                n++;
            }
        }
        return n;
    }

    private static List<String> load(String resourceDir) throws IOException, URISyntaxException {
        Path dir = Path.of(ParserBenchmark.class.getClassLoader().getResource(resourceDir).toURI());
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                if (Files.isRegularFile(p) && !p.getFileName().toString().equals("SOURCES.md")) out.add(Files.readString(p));
            }
        }
        return out;
    }
}
