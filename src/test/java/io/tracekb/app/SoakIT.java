package io.tracekb.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.testing.TestFiles;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 8's soak: the packaged jar (a process of its own, so that its heap is measured alone) answers POST
 * /api/v1/match over loopback at a fixed rate for {@link #SECONDS} seconds with a mix of real traces and
 * negatives, with no error, and its heap after a full GC ends where it began.
 *
 * <p>Open loop: request i is sent at {@code start + i / rate} whether or not earlier ones have been answered,
 * and its latency counts from that scheduled time, so a server that falls behind shows it in the latencies
 * (and in timeouts) instead of quietly slowing the client down.
 *
 * <p>Rate and length: issue 8's example is 2 minutes at 500 requests/s. With the match on the event loop that
 * passed here: {@code -Dsoak.rate=500 -Dsoak.seconds=120} gave 60,000 requests, 0 errors, p50 2 ms, p99 230 ms (this
 * test's HttpClient shares the 2 cores; its largest send lag was 305 ms) and the heap at 37.0 MiB before and after.
 * CI runs {@value #DEFAULT_RATE}/s for {@value #DEFAULT_SECONDS} s instead: in a slow hour this host gave 433-450
 * matches/s at saturation (session 8), and an open loop above what the server sustains only measures its queue.
 * {@code -Dsoak.probe=true} first prints what the machine sustains closed loop. Throughput at saturation is
 * measured with wrk by bench/report.sh, not here.
 *
 * <p>Heap: measured JMX-free. The jar runs with {@code -Xlog:gc}; {@code jcmd <pid> GC.run} forces a full GC
 * (twice) after the warm-up and after the soak, and the heap left after the last is read from the GC log. The
 * warm-up sends the same inputs first, so caches that fill with use (Lucene's, Hibernate's; all bounded) are
 * full at the baseline. Two full GCs in a row agree within 1 MiB (41 MiB -> 41 MiB here); the margin, 8 MiB, is
 * far below what a leak of 1 KB a request would leave after the soak's {@value #DEFAULT_RATE} x
 * {@value #DEFAULT_SECONDS} requests (30 MB).
 */
class SoakIT {

    static final int DEFAULT_RATE = 250;
    static final int DEFAULT_SECONDS = 120;
    static final int RATE = Integer.getInteger("soak.rate", DEFAULT_RATE);
    static final int SECONDS = Integer.getInteger("soak.seconds", DEFAULT_SECONDS);
    static final int WARM_UP_SECONDS = Integer.getInteger("soak.warm-up-seconds", 15);
    static final long HEAP_MARGIN_BYTES = 8L << 20;
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    static final Pattern FULL_GC = Pattern.compile(
            "Pause Full \\((?:Diagnostic Command|System\\.gc\\(\\))\\) (\\d+)([KMG])->(\\d+)([KMG])");

    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    Path workDir;
    Process process;

    @BeforeEach
    void setUp() throws IOException {
        workDir = Files.createTempDirectory("tracekb-soak-");
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
        TestFiles.deleteRecursively(workDir);
    }

    @Test
    void matchesAtAFixedRateWithoutErrorsAndTheHeapReturnsToItsBaseline() throws Exception {
        int port = freePort();
        start(port);
        List<byte[]> inputs = inputs();
        URI match = URI.create("http://127.0.0.1:" + port + "/api/v1/match");
        if (Boolean.getBoolean("soak.probe")) {
            System.out.printf("SOAK_PROBE closed loop, 4 clients, 20 s: %.0f matches/s%n", closedLoop(match, inputs, 4, 20));
        }

        // warm-up closed loop: a cold server (interpreted code) must not be judged at the soak's rate
        double warmUpRate = closedLoop(match, inputs, 2, WARM_UP_SECONDS);
        long baseline = heapAfterFullGc();
        Run soak = openLoop(match, inputs, RATE, SECONDS);
        // requests the server still holds (answered late or timed out) are not a leak: let them drain first
        assertThat(http.send(HttpRequest.newBuilder(match).timeout(Duration.ofMinutes(2))
                .header("Content-Type", "text/plain; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofByteArray(inputs.get(0))).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(200);
        long end = heapAfterFullGc();

        System.out.printf("SOAK warm-up: closed loop, 2 clients, %d s: %.1f matches/s%n", WARM_UP_SECONDS, warmUpRate);
        System.out.printf("SOAK %d/s for %d s: %s%n", RATE, SECONDS, soak);
        System.out.printf("SOAK heap after full GC: baseline %.1f MiB, end %.1f MiB (margin %d MiB)%n",
                baseline / 1048576.0, end / 1048576.0, HEAP_MARGIN_BYTES >> 20);
        assertThat(soak.errors()).as("errors: %s", soak.errorKinds()).isZero();
        // the schedule was kept: the client did not fall behind its own plan by more than a second
        assertThat(soak.sendLagMillis()).as("client fell behind its schedule").isLessThan(1_000);
        assertThat(end).as("heap after the soak vs baseline %d", baseline).isLessThanOrEqualTo(baseline + HEAP_MARGIN_BYTES);
        assertThat(get(port, "/q/health/ready").statusCode()).isEqualTo(200);
    }

    /** What one open-loop run did: answers, errors by kind, latency percentiles from the scheduled send time. */
    record Run(long completed, long errors, Map<String, Integer> errorKinds, long[] latencyMicros, double seconds,
            long sendLagMillis) {
        long percentileMillis(double p) {
            long[] sorted = latencyMicros.clone();
            Arrays.sort(sorted);
            return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] / 1000;
        }

        @Override
        public String toString() {
            return String.format("%d requests in %.1f s (%.0f/s), %d errors %s, latency p50 %d ms, p99 %d ms, max %d ms, "
                    + "largest send lag %d ms", completed, seconds, completed / seconds, errors, errorKinds,
                    percentileMillis(0.50), percentileMillis(0.99), percentileMillis(1.0), sendLagMillis);
        }
    }

    /** Sends request i at start + i / rate, without waiting for earlier answers. */
    Run openLoop(URI uri, List<byte[]> inputs, int rate, int seconds) throws InterruptedException {
        int total = rate * seconds;
        long[] latencies = new long[total];
        AtomicLong errors = new AtomicLong();
        Map<String, Integer> kinds = new ConcurrentHashMap<>();
        List<CompletableFuture<?>> pending = new ArrayList<>(total);
        long intervalNanos = 1_000_000_000L / rate;
        long start = System.nanoTime() + 50_000_000;
        long worstLag = 0;
        for (int i = 0; i < total; i++) {
            long scheduled = start + i * intervalNanos;
            long wait = scheduled - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            worstLag = Math.max(worstLag, System.nanoTime() - scheduled);
            int n = i;
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                    .header("Content-Type", "text/plain; charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(inputs.get(i % inputs.size()))).build();
            pending.add(http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((r, e) -> {
                latencies[n] = (System.nanoTime() - scheduled) / 1000;
                String kind = e != null ? describe(e) : r.statusCode() / 100 != 2 ? "HTTP " + r.statusCode() : null;
                if (kind != null) {
                    errors.incrementAndGet();
                    kinds.merge(kind, 1, Integer::sum);
                }
            }));
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).exceptionally(e -> null).join();
        double took = (System.nanoTime() - start) / 1e9;
        return new Run(total, errors.get(), Map.copyOf(kinds), latencies, took, worstLag / 1_000_000);
    }

    private static String describe(Throwable e) {
        Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        return cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }

    /** {@code clients} loops each sending the next request when the last is answered: what the server can do. */
    double closedLoop(URI uri, List<byte[]> inputs, int clients, int seconds) throws Exception {
        AtomicInteger done = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int offset = c;
            Thread t = new Thread(() -> {
                for (int i = offset; System.nanoTime() < end; i += clients) {
                    try {
                        int status = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                                .header("Content-Type", "text/plain; charset=UTF-8")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(inputs.get(i % inputs.size()))).build(),
                                HttpResponse.BodyHandlers.discarding()).statusCode();
                        if (status != 200) {
                            failed.incrementAndGet();
                        }
                        done.incrementAndGet();
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(failed.get()).as("answers other than 200 in the closed loop").isZero();
        return done.get() / (double) seconds;
    }

    /** Real traces of every labelled incident and the negatives (traces of failures no incident covers). */
    static List<byte[]> inputs() throws IOException {
        List<byte[]> inputs = new ArrayList<>();
        for (String dir : List.of("src/test/resources/eval/queries", "src/test/resources/eval/negatives")) {
            try (Stream<Path> files = Files.walk(Path.of(dir))) {
                for (Path p : files.filter(f -> f.toString().endsWith(".txt")).sorted().toList()) {
                    inputs.add(Files.readAllBytes(p));
                }
            }
        }
        assertThat(inputs).hasSizeGreaterThan(100);
        // interleaved, so that every second of the run sees both kinds
        java.util.Collections.shuffle(inputs, new java.util.Random(8));
        return inputs;
    }

    /** Forces a full GC in the server (jcmd, no JMX) and reads the heap left after it from the GC log. */
    long heapAfterFullGc() throws Exception {
        long last = -1;
        for (int i = 0; i < 2; i++) { // twice: what the first one finalizes or clears is gone after the second
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(process.pid()), "GC.run").redirectErrorStream(true).start();
            String out = new String(jcmd.getInputStream().readAllBytes());
            assertThat(jcmd.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(jcmd.exitValue()).as("jcmd: %s", out).isZero();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            long seen;
            do {
                Thread.sleep(100);
                seen = countFullGcs();
            } while (seen < fullGcs + 1 && System.nanoTime() < deadline);
            fullGcs = seen;
            last = lastFullGcAfterBytes();
        }
        assertThat(last).as("no full GC in the GC log").isPositive();
        return last;
    }

    private long fullGcs;

    private long countFullGcs() throws IOException {
        return FULL_GC.matcher(Files.readString(workDir.resolve("gc.log"))).results().count();
    }

    private long lastFullGcAfterBytes() throws IOException {
        Matcher m = FULL_GC.matcher(Files.readString(workDir.resolve("gc.log")));
        long after = -1;
        while (m.find()) {
            after = Long.parseLong(m.group(3)) << switch (m.group(4)) {
                case "K" -> 10;
                case "M" -> 20;
                default -> 30;
            };
        }
        return after;
    }

    private void start(int port) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(
                AppProcess.javaCommand("-Xmx512m", "-Xlog:gc:file=" + workDir.resolve("gc.log")));
        pb.directory(workDir.toFile());
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        pb.environment().put("KB_DATA_DIR", workDir.resolve("data").toString());
        pb.environment().put("KB_CONTENT_DIR", Path.of("content").toAbsolutePath().toString());
        pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        // one client address sends everything here: the per-client limit (600/min) is not what is measured
        pb.environment().put("KB_MATCH_RATE_LIMIT_PER_MINUTE", "0");
        pb.redirectErrorStream(true);
        pb.redirectOutput(workDir.resolve("server.log").toFile());
        process = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("TraceKB exited with " + process.exitValue() + ":\n"
                        + Files.readString(workDir.resolve("server.log")));
            }
            try {
                if (get(port, "/q/health/ready").statusCode() == 200) {
                    return;
                }
            } catch (IOException notYetListening) {
                // keep polling
            }
            Thread.sleep(100);
        }
        throw new AssertionError("not ready within 120 s:\n" + Files.readString(workDir.resolve("server.log")));
    }

    private HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
