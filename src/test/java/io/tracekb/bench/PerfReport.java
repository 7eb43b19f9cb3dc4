package io.tracekb.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Assembles target/perf-report/REPORT.md and latency.png from the {@code REPORT ...} lines the benchmarks printed
 * during one run of bench/report.sh (args: the collected output, the report directory). Only measured lines go
 * into the tables; a section with no lines says it was not measured.
 */
public final class PerfReport {

    static final double TARGET_MATCH_RPS = 1000;
    static final double TARGET_MATCH_P99_MS = 50;
    static final double TARGET_START_MS = 5000;

    private final List<ReportLine> lines;
    private final StringBuilder md = new StringBuilder();

    PerfReport(List<ReportLine> lines) {
        this.lines = lines;
    }

    public static void main(String[] args) throws IOException {
        Path log = Path.of(args.length > 0 ? args[0] : "target/perf-report/raw.log");
        Path dir = Path.of(args.length > 1 ? args[1] : "target/perf-report");
        PerfReport report = new PerfReport(ReportLine.parseAll(Files.readAllLines(log, StandardCharsets.UTF_8)));
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("REPORT.md"), report.markdown());
        List<LatencyChart.Point> points = report.latencyPoints();
        if (!points.isEmpty()) {
            LatencyChart.write(points, "TraceKB match latency vs corpus size", dir.resolve("latency.png"));
        }
        System.out.println("Written " + dir.resolve("REPORT.md").toAbsolutePath()
                + (points.isEmpty() ? " (no match figures: no chart)" : " and latency.png"));
    }

    List<LatencyChart.Point> latencyPoints() {
        return of("match").stream().map(l -> new LatencyChart.Point(l.number("incidents"), l.number("p50_ms"),
                l.number("p99_ms"))).toList();
    }

    String markdown() {
        md.setLength(0);
        md.append("# TraceKB performance report\n\n");
        environment();
        targets();
        parse();
        match();
        http();
        start();
        baselines();
        return md.toString();
    }

    private void environment() {
        List<ReportLine> runs = of("env");
        if (runs.isEmpty()) {
            md.append("No environment line: not produced by bench/report.sh.\n\n");
            return;
        }
        for (ReportLine e : runs) { // more than one when parts were run separately (APPEND=1)
            md.append(runs.size() > 1 ? "- " : "").append(String.format(Locale.ROOT,
                    "Measured %s on commit `%s`, %s cores, Java %s, with `%s`. 1-minute load average before the run: %s%s.%n",
                    e.get("date"), e.get("commit"), e.get("cores"), e.get("java"), e.get("command").replace('+', ' '),
                    e.get("load1"), e.is("quiet", "true") ? " (quiet machine)"
                            : " — **measured on a loaded machine** (other work shared the cores): the figures are "
                                    + "pessimistic and provisional"));
        }
        md.append('\n');
    }

    private void targets() {
        md.append("## Targets (2-core machine)\n\n| target | measured | met? |\n|---|---|---|\n");
        Optional<ReportLine> fixed = first("http", l -> l.is("run", "fixed") && l.get("endpoint").contains("match"));
        if (fixed.isPresent()) {
            ReportLine f = fixed.get();
            boolean rateMet = f.number("rps") >= f.number("rate") * 0.98 && f.number("rate") >= TARGET_MATCH_RPS;
            boolean met = rateMet && f.number("p99_ms") < TARGET_MATCH_P99_MS && f.number("non2xx") == 0
                    && f.number("socket_errors") == 0;
            md.append(String.format(Locale.ROOT,
                    "| ≥ %,.0f match requests/s at %s incidents with p99 < %.0f ms | %,.0f requests/s achieved of "
                            + "%,.0f requested, p99 %.1f ms, %s non-2xx, %s socket errors | %s |%n",
                    TARGET_MATCH_RPS, f.get("incidents"), TARGET_MATCH_P99_MS, f.number("rps"), f.number("rate"),
                    f.number("p99_ms"), f.get("non2xx"), f.get("socket_errors"), met ? "yes" : "**no**"));
        } else {
            md.append("| ≥ 1,000 match requests/s at 10k incidents with p99 < 50 ms | not measured | — |\n");
        }
        List<StartRuns> external = startRuns().stream().filter(r -> r.first().is("db", "external")).toList();
        if (external.isEmpty()) {
            md.append("| start to ready < 5 s with an external database | not measured | — |\n");
        }
        for (StartRuns r : external) {
            // judged on the median: one start on a shared 2-core machine varies by a second from run to run
            md.append(String.format(Locale.ROOT, "| start to ready < 5 s with an external database | %s (%s) | %s |%n",
                    r.seconds(1), startLabel(r.first()), r.median() < TARGET_START_MS ? "yes" : "**no**"));
        }
        md.append('\n');
    }

    private void parse() {
        md.append("## Parse + signature throughput (single thread, in-process)\n\n");
        List<ReportLine> rows = of("parse");
        if (rows.isEmpty()) {
            md.append("Not measured.\n\n");
            return;
        }
        md.append("| input | files | chars | traces per pass | wall MB/s | wall µs/trace | CPU MB/s | CPU µs/trace |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ReportLine l : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %s | %.1f | %.1f | %.1f | %.1f |%n", l.get("set"),
                    l.get("files"), l.number("chars"), l.get("traces"), l.number("wall_mb_s"),
                    l.number("wall_us_per_trace"), l.number("cpu_mb_s"), l.number("cpu_us_per_trace")));
        }
        md.append("\nMB/s counts UTF-16 chars as bytes (equal for ASCII traces); CPU figures use the measuring thread's "
                + "CPU time and suffer less from a shared machine. Source: `ParserBenchmark`.\n\n");
    }

    private void match() {
        md.append("## In-process matching vs corpus size\n\n");
        List<ReportLine> rows = of("match");
        if (rows.isEmpty()) {
            md.append("Not measured.\n\n");
            return;
        }
        md.append("| incidents | index build | build rate | heap after build | match p50 | match p99 | queries |\n");
        md.append("|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ReportLine l : rows) {
            md.append(String.format(Locale.ROOT, "| %,.0f | %.1f s | %,.0f/s | %s MiB | %.2f ms | %.2f ms | %s |%n",
                    l.number("incidents"), l.number("build_s"), l.number("build_rate"), l.get("heap_mib"),
                    l.number("p50_ms"), l.number("p99_ms"), l.get("queries")));
        }
        md.append("\n![match latency p50 and p99 against corpus size](latency.png)\n\n");
        md.append("Synthetic incidents (`SyntheticIncidents`: shipped incidents with renamed application packages, "
                + "changed numbers, cut stacks); queries are the shipped sample traces and a variant of each, "
                + "parsed and matched on one thread after warm-up (parse + signature + both stages, as a request "
                + "does, without HTTP and database). Index built on every core. Source: `MatchBenchmark`.\n\n");
    }

    private void http() {
        md.append("## HTTP `POST /api/v1/match` under load (wrk)\n\n");
        first("load", l -> true).ifPresent(l -> md.append(l.get("method").startsWith("content")
                ? String.format(Locale.ROOT, "Corpus: %,.0f synthetic incidents plus the shipped ones, written as "
                        + "content/ folders and imported by the server at start (one transaction per incident, "
                        + "indexed on the other cores meanwhile, one index commit): %.1f s in all.%n%n",
                        l.number("incidents"), l.number("seconds"))
                : String.format(Locale.ROOT, "Corpus: %,.0f synthetic incidents plus the shipped ones, loaded into the "
                        + "external PostgreSQL by %s in %.1f s; the server's start-up index synchronisation then "
                        + "indexed them (see start to ready).%n%n", l.number("incidents"),
                        l.get("method").replace('-', ' '), l.number("seconds"))));
        List<ReportLine> rows = of("http");
        if (rows.isEmpty()) {
            md.append("Not measured.\n\n");
            return;
        }
        md.append("| run | endpoint | threads × connections | requested rate | achieved | p50 | p90 | p99 | max | "
                + "non-2xx | socket errors |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ReportLine l : rows) {
            md.append(String.format(Locale.ROOT, "| %s | `%s %s` | %s × %s | %s | %,.0f/s | %.1f ms | %.1f ms | %.1f ms | "
                    + "%.1f ms | %s | %s |%n", l.get("run"), l.get("method"), l.get("endpoint"), l.get("threads"),
                    l.get("connections"), l.number("rate") > 0 ? String.format(Locale.ROOT, "%,.0f/s", l.number("rate"))
                            : "none (saturation)", l.number("rps"), l.number("p50_ms"), l.number("p90_ms"),
                    l.number("p99_ms"), l.number("max_ms"), l.get("non2xx"), l.get("socket_errors")));
        }
        Optional<ReportLine> match = first("http", l -> l.is("run", "saturation") && l.get("endpoint").contains("match"));
        Optional<ReportLine> trivial = first("http", l -> l.is("run", "saturation") && !l.get("endpoint").contains("match"));
        if (match.isPresent() && trivial.isPresent()) {
            md.append(String.format(Locale.ROOT, "%nMatch throughput at saturation is **%.1f %%** of the framework's "
                    + "ceiling on this server (`%s %s`, %,.0f/s in the same run).%n", 100 * match.get().number("rps")
                    / trivial.get().number("rps"), trivial.get().get("method"), trivial.get().get("endpoint"),
                    trivial.get().number("rps")));
        }
        md.append("""

                Method: wrk 4 (Debian package) on the same 2 cores as the server, so the client takes CPU from the \
                server. Match bodies are the real independent query traces (`src/test/resources/eval/queries/**`), \
                sent as `text/plain`, cycled per connection; the per-address rate limit is off for the run \
                (`KB_MATCH_RATE_LIMIT_PER_MINUTE=0`). **Fixed rate**: wrk's Lua `delay()` holds each request until \
                its slot in a per-thread schedule (rate ÷ threads per second), so the offered rate is fixed as long \
                as a connection is free; caveat: wrk (unlike wrk2) times a request from when it is actually sent, so \
                when the server falls behind, queueing before the send is not counted (coordinated omission) — \
                compare *achieved* with *requested*: where they differ, the latencies are optimistic. \
                **Saturation**: many connections, no delay. The trivial endpoint is `GET /q/health/live` of the same \
                server (no database, no matching), the framework's ceiling.

                """);
    }

    private void start() {
        md.append("## Start to ready\n\n");
        List<ReportLine> rows = of("start");
        if (rows.isEmpty()) {
            md.append("Not measured.\n\n");
            return;
        }
        md.append("| database | start | incidents | JVM options | process start → `/q/health/ready` 200 |\n"
                + "|---|---|---:|---|---:|\n");
        for (StartRuns r : startRuns()) {
            ReportLine l = r.first();
            md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %s | %s |%n", l.get("db"),
                    l.get("phase").replace('-', ' '), l.number("incidents"), jvmOptions(l), r.seconds(2)));
        }
        md.append("""

                A start measured several times (bench/report.sh, `RESTARTS`) shows the median, then the fastest and \
                slowest run and their number.


                `java @target/quarkus-app/jvm.options -jar target/quarkus-app/quarkus-run.jar` as the README runs \
                it ("none": plain `java -jar`, without the class-data-sharing archive, compiler and collector \
                settings that file holds), polled every 50 ms. Embedded: the server starts its \
                own PostgreSQL under a fresh `KB_DATA_DIR` (first start: initdb, schema, import of `content/`; restart: \
                reused). External: a PostgreSQL started beforehand by the script (`ExternalPostgres`), reached through \
                `QUARKUS_DATASOURCE_JDBC_URL`; "index built" includes indexing every incident at start, "index \
                reused" finds the index on disk up to date.

                """);
    }

    private void baselines() {
        md.append("## Baselines of the matcher issue (same data, same run)\n\n");
        List<ReportLine> quality = of("baseline");
        if (quality.isEmpty()) {
            md.append("Not measured.\n\n");
            return;
        }
        ReportLine q0 = quality.get(0);
        md.append(String.format(Locale.ROOT, "Independent real queries (%s positives, %s negatives) over the shipped "
                + "incidents, as `MatchEvaluationTest` runs them:%n%n", q0.get("positives"), q0.get("negatives")));
        md.append("| system | Recall@1 | Recall@5 | MRR | precision | negative rate | latency p50 | latency p99 |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ReportLine l : quality) {
            md.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.2f ms | %.2f ms |%n",
                    l.get("system"), l.number("recall1"), l.number("recall5"), l.number("mrr"), l.number("precision"),
                    l.number("negative_rate"), l.number("p50_ms"), l.number("p99_ms")));
        }
        Optional<ReportLine> tk = first("baseline", l -> l.is("system", "tracekb"));
        List<ReportLine> latency = of("baseline_latency");
        if (tk.isPresent()) {
            md.append("\nRatios, TraceKB ÷ baseline (quality: above 1 = TraceKB better; latency: above 1 = TraceKB slower):\n\n");
            md.append("| baseline | Recall@1 | MRR | latency p50 (shipped)");
            List<String> sizes = latency.stream().map(l -> l.get("incidents")).distinct().toList();
            sizes.forEach(s -> md.append(String.format(Locale.ROOT, " | latency p50 (%,d) | latency p99 (%,d)",
                    Long.parseLong(s), Long.parseLong(s))));
            md.append(" |\n|---|---:|---:|---:").append("|---:|---:".repeat(sizes.size())).append("|\n");
            for (ReportLine b : quality) {
                if (b.is("system", "tracekb")) {
                    continue;
                }
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s", b.get("system"),
                        ratio(tk.get().number("recall1"), b.number("recall1")), ratio(tk.get().number("mrr"), b.number("mrr")),
                        ratio(tk.get().number("p50_ms"), b.number("p50_ms"))));
                for (String s : sizes) {
                    Optional<ReportLine> t = first("baseline_latency", l -> l.is("system", "tracekb") && l.is("incidents", s));
                    Optional<ReportLine> o = first("baseline_latency", l -> l.is("system", b.get("system")) && l.is("incidents", s));
                    md.append(" | ").append(t.isPresent() && o.isPresent() ? ratio(t.get().number("p50_ms"), o.get().number("p50_ms")) : "—");
                    md.append(" | ").append(t.isPresent() && o.isPresent() ? ratio(t.get().number("p99_ms"), o.get().number("p99_ms")) : "—");
                }
                md.append(" |\n");
            }
        }
        if (!latency.isEmpty()) {
            md.append("\nLatency of the three systems on the shipped plus synthetic incidents (the same queries, an "
                    + "evenly spread subset of the independent ones):\n\n");
            md.append("| system | incidents | queries | p50 | p99 |\n|---|---:|---:|---:|---:|\n");
            for (ReportLine l : latency) {
                md.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %.2f ms | %.2f ms |%n", l.get("system"),
                        l.number("incidents"), l.get("queries"), l.number("p50_ms"), l.number("p99_ms")));
            }
        }
        md.append("""

                tracekb = parse + signature + Lucene candidates + structural rerank; pg-fts = PostgreSQL full-text \
                search over the raw sample traces (words OR-ed, ts_rank); mlt = Lucene MoreLikeThis over the raw \
                sample traces. One thread, in-process, after a warm-up pass; the full-text baseline's latency \
                includes a JDBC round trip to a local PostgreSQL. Source: `BaselineBenchmark` (the systems of \
                `MatchEvaluationTest`).
                """);
    }

    private static String ratio(double a, double b) {
        return b > 0 && !Double.isNaN(a) ? String.format(Locale.ROOT, "%.2f×", a / b) : "—";
    }

    private static String startLabel(ReportLine s) {
        return s.get("phase").replace('-', ' ') + ", " + String.format(Locale.ROOT, "%,.0f", s.number("incidents"))
                + " incidents, JVM options " + jvmOptions(s);
    }

    /**
     * How the server was started: {@code jvm.options} (the README's command) or {@code none}. Reports from before
     * the options file said only whether the start-up archive was used, and older ones nothing.
     */
    private static String jvmOptions(ReportLine s) {
        if (s.has("options")) {
            return s.get("options");
        }
        return s.has("archive") && s.get("archive").equals("yes") ? "archive only" : "none";
    }

    /** The start lines grouped by what was started (database, phase, incidents, JVM options), in report order. */
    List<StartRuns> startRuns() {
        java.util.Map<String, List<ReportLine>> groups = new java.util.LinkedHashMap<>();
        for (ReportLine l : of("start")) {
            String key = l.get("db") + "|" + l.get("phase") + "|" + l.get("incidents") + "|" + jvmOptions(l);
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(l);
        }
        return groups.values().stream().map(StartRuns::new).toList();
    }

    /** One kind of start, measured one or more times. */
    record StartRuns(List<ReportLine> runs) {

        ReportLine first() {
            return runs.get(0);
        }

        double[] sortedMs() {
            return runs.stream().mapToDouble(l -> l.number("ms")).sorted().toArray();
        }

        /** The middle run, or the mean of the two middle ones. */
        double median() {
            double[] ms = sortedMs();
            int n = ms.length;
            return n % 2 == 1 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
        }

        String seconds(int decimals) {
            double[] ms = sortedMs();
            String f = "%." + decimals + "f";
            if (ms.length == 1) {
                return String.format(Locale.ROOT, f + " s", ms[0] / 1000);
            }
            return String.format(Locale.ROOT, "median " + f + " s (" + f + "–" + f + " s, %d runs)", median() / 1000,
                    ms[0] / 1000, ms[ms.length - 1] / 1000, ms.length);
        }
    }

    private List<ReportLine> of(String kind) {
        List<ReportLine> out = new ArrayList<>();
        for (ReportLine l : lines) {
            if (l.kind().equals(kind)) {
                out.add(l);
            }
        }
        return out;
    }

    private Optional<ReportLine> first(String kind, Predicate<ReportLine> test) {
        return of(kind).stream().filter(test).findFirst();
    }
}
