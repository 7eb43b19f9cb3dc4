package io.tracekb.bench;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.JobListener;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a list of small failing Flink jobs on a local MiniCluster and writes the stack trace each failure produces,
 * unedited, to {@code <out>/<slug>/g<major.minor>-<scenario>.txt}, with one line per file in
 * {@code <out>/<slug>/SOURCES.md}.
 */
public final class FlinkTraces {

    static final Logger LOG = LogManager.getLogger(FlinkTraces.class);

    /** What a scenario produced: the trace text, and where it came from. */
    record Captured(String text, String origin) {
        static Captured client(Throwable t) {
            return new Captured(stackTrace(t), "exception received by the client");
        }
    }

    @FunctionalInterface
    interface Body {
        Captured run() throws Exception;
    }

    /**
     * @param name     scenario name (file name part)
     * @param slug     incident slug the trace is labelled with
     * @param what     what the job does to fail (for SOURCES.md)
     * @param expected substrings the trace must contain; otherwise it is not written (wrong failure)
     */
    record Scenario(String name, String slug, String what, List<String> expected, Body body) {}

    static String stackTrace(Throwable t) {
        StringWriter sw = new StringWriter();
        try (PrintWriter pw = new PrintWriter(sw)) {
            t.printStackTrace(pw);
        }
        return sw.toString();
    }

    // ------------------------------------------------------------------------------------------------------------
    // helpers used by the scenarios

    /** Configuration for a scenario: parallelism 1, no restarts, plus the given key/value pairs. */
    static Configuration conf(String... kv) {
        Map<String, String> m = new HashMap<>();
        m.put("restart-strategy.type", "none");
        m.put("parallelism.default", "1");
        for (int i = 0; i + 1 < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return Configuration.fromMap(m);
    }

    static StreamExecutionEnvironment env(Configuration conf) {
        int p = Integer.parseInt(conf.toMap().getOrDefault("parallelism.default", "1"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(p, conf);
        return env;
    }

    /**
     * Runs {@code env.execute(name)} in a worker thread, as a user's main() would, and returns what it threw (null if
     * the job finished). A job still running after {@code timeoutMs} is cancelled and an exception is thrown.
     */
    static Throwable execute(StreamExecutionEnvironment env, String name, long timeoutMs) throws Exception {
        AtomicReference<JobClient> client = new AtomicReference<>();
        env.registerJobListener(new JobListener() {
            @Override
            public void onJobSubmitted(JobClient jobClient, Throwable throwable) {
                client.set(jobClient);
            }

            @Override
            public void onJobExecuted(org.apache.flink.api.common.JobExecutionResult result, Throwable throwable) {}
        });
        ExecutorService ex = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "main-" + name);
            t.setDaemon(true);
            return t;
        });
        try {
            Future<?> f = ex.submit(() -> {
                env.execute(name);
                return null;
            });
            try {
                f.get(timeoutMs, TimeUnit.MILLISECONDS);
                return null;
            } catch (ExecutionException e) {
                return e.getCause();
            } catch (TimeoutException e) {
                JobClient jc = client.get();
                if (jc != null) {
                    try {
                        jc.cancel().get(10, TimeUnit.SECONDS);
                    } catch (Exception ignored) {
                        // best effort
                    }
                }
                try {
                    f.get(15, TimeUnit.SECONDS);
                } catch (Exception ignored) {
                    // the cancellation
                }
                throw new IllegalStateException("job '" + name + "' did not fail within " + timeoutMs + " ms");
            }
        } finally {
            ex.shutdownNow();
        }
    }

    /** Like {@link #execute} but requires a failure. */
    static Captured executeExpectingFailure(StreamExecutionEnvironment env, String name, long timeoutMs)
            throws Exception {
        Throwable t = execute(env, name, timeoutMs);
        if (t == null) {
            throw new IllegalStateException("job '" + name + "' finished without failing");
        }
        return Captured.client(t);
    }

    // ------------------------------------------------------------------------------------------------------------

    public static void main(String[] args) throws Exception {
        String out = "../../src/test/resources/eval/generated"; // the pom passes --out; this is for an IDE run
        String only = "";
        for (String a : args) {
            if (a == null) {
                continue;
            }
            if (a.startsWith("--out=")) {
                out = a.substring("--out=".length());
            } else if (a.startsWith("--scenarios=")) {
                only = a.substring("--scenarios=".length());
            }
        }
        String version = EnvironmentInformation.getVersion();
        String[] parts = version.split("\\.");
        String majorMinor = parts[0] + "." + parts[1];
        Set<String> wanted = new LinkedHashSet<>();
        for (String s : only.split(",")) {
            if (!s.isBlank()) {
                wanted.add(s.trim());
            }
        }

        LogCapture.install();
        List<Scenario> all = Scenarios.all();
        List<String> summary = new ArrayList<>();
        Path outDir = Paths.get(out);
        for (Scenario sc : all) {
            if (!wanted.isEmpty() && !wanted.contains(sc.name())) {
                continue;
            }
            LOG.info("=== scenario {} ({}) on Flink {}", sc.name(), sc.slug(), version);
            long start = System.currentTimeMillis();
            Captured c;
            ExecutorService ex = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "scenario-" + sc.name());
                t.setDaemon(true);
                return t;
            });
            try {
                Future<Captured> f = ex.submit(sc.body()::run);
                c = f.get(120, TimeUnit.SECONDS);
            } catch (Exception e) {
                Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
                LOG.warn("scenario {} did not produce a trace: {}", sc.name(), cause.toString());
                summary.add(String.format("%-34s %-55s NOT WRITTEN (%s)", sc.name(), sc.slug(), cause));
                continue;
            } finally {
                ex.shutdownNow();
                LogCapture.clear();
            }
            long ms = System.currentTimeMillis() - start;
            List<String> missing = new ArrayList<>();
            for (String exp : sc.expected()) {
                if (!c.text().contains(exp)) {
                    missing.add(exp);
                }
            }
            if (!missing.isEmpty()) {
                Path rej = Paths.get("target", "rejected", "g" + majorMinor + "-" + sc.name() + ".txt");
                Files.createDirectories(rej.getParent());
                Files.writeString(rej, c.text(), StandardCharsets.UTF_8);
                LOG.warn("scenario {}: trace lacks {} -> not written (kept in {})", sc.name(), missing, rej);
                summary.add(String.format("%-34s %-55s NOT WRITTEN (trace lacks %s; see %s)", sc.name(), sc.slug(),
                        missing, rej));
                continue;
            }
            String file = "g" + majorMinor + "-" + sc.name() + ".txt";
            Path dir = outDir.resolve(sc.slug());
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(file), c.text(), StandardCharsets.UTF_8);
            writeSource(dir.resolve("SOURCES.md"), file, String.format(
                    "%s — generated: bench/flink-traces scenario %s on Flink %s, local MiniCluster, Java 17 — %s (%s)",
                    file, sc.name(), version, sc.what(), c.origin()));
            LOG.info("scenario {}: wrote {} ({} ms)", sc.name(), dir.resolve(file), ms);
            summary.add(String.format("%-34s %-55s %s", sc.name(), sc.slug(), sc.slug() + "/" + file));
        }
        LOG.info("summary for Flink {}:\n{}", version, String.join("\n", summary));
        Files.writeString(Paths.get("target", "summary-" + majorMinor + ".txt"),
                String.join("\n", summary) + "\n", StandardCharsets.UTF_8);
    }

    /** Adds or replaces the line for {@code file} in SOURCES.md. */
    static synchronized void writeSource(Path sources, String file, String line) throws IOException {
        List<String> lines = new ArrayList<>();
        if (Files.exists(sources)) {
            for (String l : Files.readAllLines(sources, StandardCharsets.UTF_8)) {
                if (!l.startsWith(file + " ")) {
                    lines.add(l);
                }
            }
        }
        lines.add(line);
        Files.writeString(sources, String.join("\n", lines) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    static List<String> list(String... s) {
        return Arrays.asList(s);
    }
}
