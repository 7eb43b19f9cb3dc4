package io.tracekb.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.testing.TestFiles;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The performance report is built from REPORT lines only, and its chart is a real PNG of the measured points. */
class PerfReportTest {

    static final List<String> OUTPUT = List.of(
            "REPORT env date=2026-11-30T14:00Z commit=abc123 cores=2 java=17.0.15 load1=0.31 quiet=true "
                    + "sizes=1000,10000 command=SIZES=1000,10000+bench/report.sh",
            "java 17.0.15, 2 available processors, warm-up 40, measured 60 iterations",
            "REPORT parse set=seeds files=3 chars=20480 traces=3 passes=900 wall_mb_s=41.50 wall_us_per_trace=160.20 "
                    + "cpu_mb_s=43.00 cpu_us_per_trace=155.00",
            "| 1,000 | 1.2 s | 833/s | 120 MiB | 1.10 ms | 4.20 ms | 2000 |",
            "REPORT match incidents=1000 build_s=1.20 build_rate=833 heap_mib=120 p50_ms=1.100 p99_ms=4.200 queries=2000",
            "REPORT match incidents=10000 build_s=9.80 build_rate=1020 heap_mib=310 p50_ms=2.500 p99_ms=9.750 queries=2000",
            "14:02:11.123 INFO  [io.tr.se.IndexSynchronizer] a log line mentioning a REPORT that is not one",
            "REPORT load method=jdbc-batch incidents=10000 seconds=12.40",
            "REPORT http run=saturation method=POST endpoint=/api/v1/match incidents=10035 threads=2 connections=32 "
                    + "rate=0 duration_s=30.0 requests=36000 rps=1200.0 p50_ms=20.000 p90_ms=35.000 p99_ms=60.000 "
                    + "max_ms=90.000 non2xx=0 socket_errors=0",
            "REPORT http run=fixed method=POST endpoint=/api/v1/match incidents=10035 threads=2 connections=64 "
                    + "rate=1000 duration_s=30.0 requests=29900 rps=996.7 p50_ms=8.000 p90_ms=15.000 p99_ms=30.500 "
                    + "max_ms=70.000 non2xx=0 socket_errors=0",
            "REPORT http run=saturation method=GET endpoint=/q/health/live incidents=10035 threads=2 connections=32 "
                    + "rate=0 duration_s=30.0 requests=600000 rps=20000.0 p50_ms=1.000 p90_ms=2.000 p99_ms=4.000 "
                    + "max_ms=20.000 non2xx=0 socket_errors=0",
            "REPORT start db=external phase=restart-index-reused incidents=10035 options=jvm.options ms=6200",
            "REPORT start db=external phase=restart-index-reused incidents=10035 archive=yes ms=7200",
            // one start measured five times (RESTARTS): the median decides
            "REPORT start db=external phase=restart-index-reused incidents=35 options=jvm.options ms=4700",
            "REPORT start db=external phase=restart-index-reused incidents=35 options=jvm.options ms=5300",
            "REPORT start db=external phase=restart-index-reused incidents=35 options=jvm.options ms=4100",
            "REPORT start db=external phase=restart-index-reused incidents=35 options=jvm.options ms=4900",
            "REPORT start db=external phase=restart-index-reused incidents=35 options=jvm.options ms=6000",
            "REPORT start db=embedded phase=first-start-empty-database incidents=35 ms=4100",
            "REPORT baseline system=tracekb incidents=35 positives=103 negatives=209 recall1=0.9500 recall5=0.9900 "
                    + "mrr=0.9700 precision=0.9800 negative_rate=0.0000 p50_ms=2.000 p99_ms=8.000",
            "REPORT baseline system=mlt incidents=35 positives=103 negatives=209 recall1=0.5000 recall5=0.8000 "
                    + "mrr=0.6000 precision=0.5000 negative_rate=1.0000 p50_ms=1.000 p99_ms=3.000",
            "REPORT baseline_latency system=tracekb incidents=10035 queries=103 p50_ms=3.000 p99_ms=12.000",
            "REPORT baseline_latency system=mlt incidents=10035 queries=103 p50_ms=6.000 p99_ms=24.000");

    @Test
    void onlyReportLinesAreParsedWithTheirFigures() {
        List<ReportLine> lines = ReportLine.parseAll(OUTPUT);
        assertThat(lines).extracting(ReportLine::kind).containsExactly("env", "parse", "match", "match", "load",
                "http", "http", "http", "start", "start", "start", "start", "start", "start", "start", "start", "baseline", "baseline", "baseline_latency", "baseline_latency");
        assertThat(lines.get(2).number("p99_ms")).isEqualTo(4.2);
        assertThat(lines.get(2).number("missing")).isNaN();
        assertThat(ReportLine.parse("REPORT match incidents=1000 and more words")).isEmpty();
        assertThat(ReportLine.parse("14:00:00.000 INFO  REPORT kind x=1")).isPresent();
        assertThat(ReportLine.parse("NOREPORT kind x=1")).isEmpty();
    }

    @Test
    void tablesCarryTheMeasuredFiguresAndTheTargetsAreJudgedFromThem() {
        String md = new PerfReport(ReportLine.parseAll(OUTPUT)).markdown();
        assertThat(md).contains("| seeds | 3 | 20,480 | 3 | 41.5 | 160.2 | 43.0 | 155.0 |")
                .contains("| 1,000 | 1.2 s | 833/s | 120 MiB | 1.10 ms | 4.20 ms | 2000 |")
                .contains("| 10,000 | 9.8 s | 1,020/s | 310 MiB | 2.50 ms | 9.75 ms | 2000 |")
                .contains("![match latency p50 and p99 against corpus size](latency.png)")
                .contains("loaded into the external PostgreSQL by jdbc batch in 12.4 s")
                // 996.7 of 1,000 requested with p99 30.5 ms: met; restart 6.2 s: not met
                .contains("| 997 requests/s achieved of 1,000 requested, p99 30.5 ms, 0 non-2xx, 0 socket errors | yes |")
                .contains("| 6.2 s (restart index reused, 10,035 incidents, JVM options jvm.options) | **no** |")
                .contains("| external | restart index reused | 10,035 | jvm.options | 6.20 s |")
                // lines from before the options file: with the archive alone, and from before the archive
                .contains("| external | restart index reused | 10,035 | archive only | 7.20 s |")
                .contains("| embedded | first start empty database | 35 | none | 4.10 s |")
                // five runs: median 4.9 s (met) although two runs took longer than 5 s
                .contains("| external | restart index reused | 35 | jvm.options | median 4.90 s (4.10–6.00 s, 5 runs) |")
                .contains("| median 4.9 s (4.1–6.0 s, 5 runs) (restart index reused, 35 incidents, JVM options "
                        + "jvm.options) | yes |")
                .contains("**6.0 %** of the framework's ceiling")
                .contains("| mlt | 1.90× | 1.62× | 2.00× | 0.50× | 0.50× |")
                .contains("(quiet machine)")
                .doesNotContain("a log line");
    }

    @Test
    void sectionsWithoutFiguresSayNotMeasured() {
        String md = new PerfReport(ReportLine.parseAll(List.of("REPORT parse set=seeds files=1 chars=10 traces=1 "
                + "passes=1 wall_mb_s=1 wall_us_per_trace=1 cpu_mb_s=1 cpu_us_per_trace=1"))).markdown();
        assertThat(md).contains("not measured | — |").contains("## HTTP `POST /api/v1/match` under load (wrk)\n\nNot measured.")
                .doesNotContain("latency.png").doesNotContain("| yes |");
    }

    @Test
    void theChartIsAPngOfTheMeasuredPoints() throws Exception {
        Path dir = Files.createTempDirectory("perf-report-");
        try {
            Path png = dir.resolve("latency.png");
            LatencyChart.write(new PerfReport(ReportLine.parseAll(OUTPUT)).latencyPoints(), "test", png);
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image.getWidth()).isEqualTo(LatencyChart.WIDTH);
            assertThat(image.getHeight()).isEqualTo(LatencyChart.HEIGHT);
            // the p99 series is drawn: its colour appears in the plot
            boolean p99Drawn = false;
            for (int x = 0; x < image.getWidth() && !p99Drawn; x++) {
                for (int y = 0; y < image.getHeight() && !p99Drawn; y++) {
                    p99Drawn = (image.getRGB(x, y) & 0xffffff) == (LatencyChart.P99.getRGB() & 0xffffff);
                }
            }
            assertThat(p99Drawn).isTrue();
            assertThat(LatencyChart.xOf(10_000, 3, 5, 770)).isEqualTo(90 + 385); // log axis: 10k halfway 1k..100k
        } finally {
            TestFiles.deleteRecursively(dir);
        }
    }
}
