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
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Runs the packaged application exactly as the README does (java -jar, embedded PostgreSQL, no other
 * service), stops it, starts it again on the same data directory, and checks nothing was lost or duplicated.
 * Also reports the time from process start to ready for both starts.
 */
class RestartIT {

    static final Pattern INCIDENT_LINK = Pattern.compile("<a class=\"title\" href=\"/articles/([a-z0-9-]+)\\?");

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    Path workDir;
    Process process;

    @BeforeEach
    void setUp() throws IOException {
        workDir = Files.createTempDirectory("tracekb-restart-");
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        stop();
        TestFiles.deleteRecursively(workDir);
    }

    @Test
    void aRestartOnTheSameDataDirectoryKeepsEverythingWithoutDuplicates() throws Exception {
        int port = freePort();

        long firstReadyMs = start(port, "first.log");
        List<String> first = incidentSlugs(port);
        String firstPage = withoutCsrfToken(get(port, "/articles/flink-memory-state-too-large?lang=ja"));
        int firstExit = stop();

        long secondReadyMs = start(port, "second.log");
        List<String> second = incidentSlugs(port);
        String secondPage = withoutCsrfToken(get(port, "/articles/flink-memory-state-too-large?lang=ja"));
        String match = post(port, "/api/v1/match", Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt")));
        int secondExit = stop();

        System.out.printf("START_TO_READY embedded-db first-start=%d ms restart=%d ms%n", firstReadyMs, secondReadyMs);
        int shipped = shippedIncidents();
        assertThat(first).hasSize(AppProcess.publishedIncidents()).doesNotHaveDuplicates().contains("flink-memory-state-too-large",
                "flink-async-checkpoint-materialization-failed", "flink-task-stuck-cancelling-taskmanager-exit");
        assertThat(second).isEqualTo(first);
        assertThat(secondPage).isEqualTo(firstPage).contains("<article lang=\"ja\">");
        assertThat(Files.readString(workDir.resolve("first.log"))).contains(shipped + " created, 0 updated, 0 unchanged");
        assertThat(Files.readString(workDir.resolve("second.log")))
                // no folder read again: their files are byte for byte those of the first start
                .contains("0 created, 0 updated, " + shipped + " unchanged (" + shipped + " of them not read")
                // the index on disk was reused as it was: nothing to reindex
                .doesNotContain("reindexed").doesNotContain("rebuilt");
        assertThat(match).contains("\"slug\":\"flink-memory-state-too-large\"").contains("\"confident\":true");
        // A graceful stop on SIGTERM (Quarkus exits with 143 = 128 + SIGTERM), the database stopped with it.
        assertThat(List.of(firstExit, secondExit)).allSatisfy(code -> assertThat(code).isIn(0, 143));
        assertThat(workDir.resolve("data/postgres/postmaster.pid")).doesNotExist();
    }

    private long start(int port, String logName) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(AppProcess.javaCommand());
        pb.directory(workDir.toFile());
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        pb.environment().put("KB_DATA_DIR", workDir.resolve("data").toString());
        pb.environment().put("KB_CONTENT_DIR", Path.of("content").toAbsolutePath().toString());
        pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        pb.redirectErrorStream(true);
        pb.redirectOutput(workDir.resolve(logName).toFile());
        long started = System.nanoTime();
        process = pb.start();
        long deadline = started + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("TraceKB exited with " + process.exitValue() + ":\n"
                        + Files.readString(workDir.resolve(logName)));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(url(port, "/q/health/ready")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return (System.nanoTime() - started) / 1_000_000;
                }
            } catch (IOException notYetListening) {
                // keep polling
            }
            Thread.sleep(100);
        }
        throw new AssertionError("not ready within 120 s:\n" + Files.readString(workDir.resolve(logName)));
    }

    private int stop() throws InterruptedException {
        if (process == null) {
            return 0;
        }
        int code = AppProcess.terminate(process);
        process = null;
        return code;
    }

    private List<String> incidentSlugs(int port) throws Exception {
        Matcher m = INCIDENT_LINK.matcher(get(port, "/?lang=en"));
        List<String> slugs = new java.util.ArrayList<>();
        while (m.find()) {
            slugs.add(m.group(1));
        }
        return slugs;
    }

    /** The page's "did this help?" form carries a fresh CSRF token per visitor; the rest must not change. */
    static String withoutCsrfToken(String page) {
        return page.replaceAll("name=\"csrf-token\" value=\"[^\"]*\"", "name=\"csrf-token\" value=\"\"");
    }

    private String get(int port, String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(url(port, path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return r.body();
    }

    private String post(int port, String path, String text) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(url(port, path))
                .header("Content-Type", "text/plain; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(text)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return r.body();
    }

    private static URI url(int port, String path) {
        return URI.create("http://localhost:" + port + path);
    }

    private static int shippedIncidents() throws IOException {
        try (var walk = Files.walk(Path.of("content"))) {
            return (int) walk.filter(p -> p.getFileName().toString().equals("incident.yaml")).count();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
