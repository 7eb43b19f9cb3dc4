package io.tracekb.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tracekb.db.EmbeddedDatabase;
import io.tracekb.search.IndexFollower;
import io.tracekb.testing.TestFiles;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two packaged instances on one PostgreSQL, each with its own data directory (and so its own Lucene index),
 * as behind a load balancer: both start at once and import the same content/, then what is saved on one must
 * be matchable on the other within 2 s, an edit and an archive must follow, an instance that was down must
 * have caught up when it is ready again, and one that lost its database connection must catch up too.
 * The delays are printed (SYNC_DELAY lines).
 */
class TwoInstancesIT {

    static final String ADMIN_PASSWORD = "two-instances-admin-password";
    static final long SYNC_BOUND_MS = 2000;
    static final Pattern IMPORT_LINE = Pattern.compile(
            "(\\d+) created, (\\d+) updated, (\\d+) unchanged \\(\\d+ of them not read[^)]*\\), (\\d+) kept "
                    + "\\(edited in the app\\), (\\d+) failed");
    static final ObjectMapper JSON = new ObjectMapper();

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    Path workDir;
    EmbeddedDatabase database;
    Instance a;
    Instance b;

    @BeforeEach
    void setUp() throws IOException {
        workDir = Files.createTempDirectory("tracekb-two-");
        database = EmbeddedDatabase.start(workDir.resolve("postgres"), 0);
        a = new Instance("a", freePort());
        b = new Instance("b", freePort());
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        if (a != null) {
            a.stop();
        }
        if (b != null) {
            b.stop();
        }
        if (database != null) {
            database.close();
        }
        keepLogs();
        TestFiles.deleteRecursively(workDir);
    }

    /** The instances' logs outlive the run in target/two-instances-it/, to see what happened when this fails. */
    private void keepLogs() {
        try (var logs = Files.list(workDir)) {
            Path kept = Files.createDirectories(Path.of("target", "two-instances-it"));
            for (Path log : logs.filter(p -> p.toString().endsWith(".log")).toList()) {
                Files.copy(log, kept.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            System.err.println("Could not keep the instances' logs: " + e);
        }
    }

    @Test
    void whatIsSavedOnOneInstanceIsMatchableOnTheOther() throws Exception {
        // Both start at once on the empty database, so both import content/ at the same time.
        a.launch();
        b.launch();
        long readyA = a.awaitReady();
        long readyB = b.awaitReady();
        System.out.printf("START_TO_READY two instances started together: a=%d ms b=%d ms%n", readyA, readyB);

        int shipped = shippedIncidents();
        int[] importedA = importCounts(a.log());
        int[] importedB = importCounts(b.log());
        assertThat(importedA[4]).as("folders that failed to import on A").isZero();
        assertThat(importedB[4]).as("folders that failed to import on B").isZero();
        assertThat(importedA[0] + importedB[0]).as("incidents created by A and B together").isEqualTo(shipped);
        assertThat(importedA[0] + importedA[2]).isEqualTo(shipped);
        assertThat(importedB[0] + importedB[2]).isEqualTo(shipped);
        assertThat(sql("select count(*) || '/' || count(distinct slug) from incident")).isEqualTo(shipped + "/" + shipped);
        assertThat(sql("select count(*) from revision where author = 'content-import'")).isEqualTo(Integer.toString(shipped));
        String seed = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));
        for (Instance i : List.of(a, b)) {
            assertThat(slugs(i.match(seed))).as("seed trace on " + i.name).contains("flink-memory-state-too-large");
        }

        // Created on A → matchable on B.
        String slug = "sync-probe-" + UUID.randomUUID().toString().substring(0, 8);
        String trace = probeTrace(slug);
        a.send("POST", "/api/v1/articles", incident(slug, "Sync probe created on A", trace), 201);
        long created = b.awaitMatch(trace, results -> slugs(results).contains(slug));
        System.out.printf("SYNC_DELAY created on A, matchable on B: %d ms%n", created);

        // Edited on B → A answers with the new title.
        ObjectNode current = (ObjectNode) JSON.readTree(b.send("GET", "/api/v1/articles/" + slug, null, 200));
        ObjectNode edit = incident(slug, "Sync probe edited on B", trace);
        edit.put("version", current.get("version").asLong());
        b.send("PUT", "/api/v1/articles/" + slug, edit, 200);
        long edited = a.awaitMatch(trace, results -> "Sync probe edited on B".equals(title(results, slug)));
        System.out.printf("SYNC_DELAY edited on B, new title on A: %d ms%n", edited);

        // Archived on A → gone from B.
        a.send("DELETE", "/api/v1/articles/" + slug, null, 200);
        long archived = b.awaitMatch(trace, results -> !slugs(results).contains(slug));
        System.out.printf("SYNC_DELAY archived on A, gone from B: %d ms%n", archived);
        assertThat(List.of(created, edited, archived)).allSatisfy(ms -> assertThat(ms).isLessThanOrEqualTo(SYNC_BOUND_MS));

        // B is down while A saves another incident: B has it as soon as it is ready again.
        b.stop();
        String slug2 = "sync-probe-" + UUID.randomUUID().toString().substring(0, 8);
        String trace2 = probeTrace(slug2);
        a.send("POST", "/api/v1/articles", incident(slug2, "Sync probe saved while B was down", trace2), 201);
        b.launch();
        System.out.printf("START_TO_READY b restarted: %d ms%n", b.awaitReady());
        assertThat(slugs(b.match(trace2))).as("B right after its restart").contains(slug2);
        assertThat(slugs(b.match(trace))).doesNotContain(slug);
        assertThat(b.log()).contains("Search index: 1 incidents reindexed, 0 removed")
                .contains("0 created, 0 updated, " + shipped + " unchanged");
        b.awaitListening(1);

        // Both lose their listening connection: they reconnect, and B catches up with an edit A made meanwhile.
        a.awaitListening(1);
        assertThat(sql("select count(pg_terminate_backend(pid)) from pg_stat_activity where application_name = '"
                + IndexFollower.APPLICATION_NAME + "'")).isEqualTo("2");
        ObjectNode current2 = (ObjectNode) JSON.readTree(a.send("GET", "/api/v1/articles/" + slug2, null, 200));
        ObjectNode edit2 = incident(slug2, "Sync probe edited while B reconnects", trace2);
        edit2.put("version", current2.get("version").asLong());
        a.send("PUT", "/api/v1/articles/" + slug2, edit2, 200);
        long reconnected = b.awaitMatch(trace2, results -> "Sync probe edited while B reconnects".equals(title(results, slug2)),
                30_000);
        System.out.printf("SYNC_DELAY edited on A while B's listening connection was cut, new title on B: %d ms%n",
                reconnected);
        assertThat(b.log()).contains("Index follower: lost the database connection");
        a.awaitListening(2);
        b.awaitListening(2);
        assertThat(sql("select count(*) from pg_stat_activity where application_name = '"
                + IndexFollower.APPLICATION_NAME + "'")).isEqualTo("2");

        int exitA = a.stop();
        int exitB = b.stop();
        assertThat(List.of(exitA, exitB)).allSatisfy(code -> assertThat(code).isIn(0, 143));
        assertThat(a.log()).contains("Index follower stopped");
    }

    /** A trace of its own per incident: only that incident can match it. */
    static String probeTrace(String slug) {
        String type = "io.tracekb.probe." + slug.replace("-", "") + ".ProbeFailedException";
        return type + ": probe " + slug + " failed after 3 attempts\n"
                + "\tat io.tracekb.probe.SyncProbe.attempt(SyncProbe.java:42)\n"
                + "\tat io.tracekb.probe.SyncProbe.run(SyncProbe.java:17)\n"
                + "\tat java.base/java.lang.Thread.run(Thread.java:840)\n";
    }

    static ObjectNode incident(String slug, String title, String trace) {
        ObjectNode n = JSON.createObjectNode();
        n.put("slug", slug).put("product", "flink").put("status", "published");
        n.putArray("tags").add("sync");
        ObjectNode en = n.putObject("translations").putObject("en");
        en.put("title", title).put("body", "Written by the two-instances test.");
        ObjectNode fix = n.putArray("fixes").addObject();
        fix.put("snippet", "retries: 5").put("snippetLanguage", "yaml");
        fix.putObject("texts").putObject("en").put("title", "Retry more often");
        n.putArray("sampleTraces").addObject().put("text", trace);
        return n;
    }

    static List<String> slugs(JsonNode results) {
        List<String> slugs = new ArrayList<>();
        results.forEach(r -> slugs.add(r.get("slug").asText()));
        return slugs;
    }

    static String title(JsonNode results, String slug) {
        for (JsonNode r : results) {
            if (slug.equals(r.get("slug").asText())) {
                return r.get("title").asText();
            }
        }
        return null;
    }

    /** created, updated, unchanged, kept, failed of the content import logged by one start. */
    static int[] importCounts(String log) {
        Matcher m = IMPORT_LINE.matcher(log);
        assertThat(m.find()).as("content import line in the log").isTrue();
        int[] counts = new int[5];
        for (int i = 0; i < 5; i++) {
            counts[i] = Integer.parseInt(m.group(i + 1));
        }
        return counts;
    }

    String sql(String query) throws SQLException {
        try (Connection c = DriverManager.getConnection(database.jdbcUrl(), EmbeddedDatabase.USER, "");
                Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    /** One TraceKB process with its own data directory (embedded database off: the shared one is configured). */
    final class Instance {
        final String name;
        final int port;
        Process process;
        long launched;
        Path log;
        int starts;

        Instance(String name, int port) {
            this.name = name;
            this.port = port;
        }

        void launch() throws IOException {
            starts++;
            log = workDir.resolve(name + "-" + starts + ".log");
            ProcessBuilder pb = new ProcessBuilder(AppProcess.javaCommand());
            pb.directory(workDir.toFile());
            pb.environment().put("QUARKUS_DATASOURCE_JDBC_URL", database.jdbcUrl());
            pb.environment().put("QUARKUS_DATASOURCE_USERNAME", EmbeddedDatabase.USER);
            pb.environment().put("KB_DATA_DIR", workDir.resolve(name).toString());
            pb.environment().put("KB_CONTENT_DIR", Path.of("content").toAbsolutePath().toString());
            pb.environment().put("KB_ADMIN_PASSWORD", ADMIN_PASSWORD);
            // polling match every few milliseconds is this test, not abuse
            pb.environment().put("KB_MATCH_RATE_LIMIT_PER_MINUTE", "0");
            pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
            pb.redirectErrorStream(true);
            pb.redirectOutput(log.toFile());
            launched = System.nanoTime();
            process = pb.start();
        }

        /** @return milliseconds from launch to ready */
        long awaitReady() throws Exception {
            // generous: two cold JVMs start at once, on a CI machine that may be busy with more
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new AssertionError(name + " exited with " + process.exitValue() + ":\n" + log());
                }
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(url("/q/health/ready")).build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() == 200) {
                        return (System.nanoTime() - launched) / 1_000_000;
                    }
                } catch (IOException notYetListening) {
                    // keep polling
                }
                Thread.sleep(100);
            }
            throw new AssertionError(name + " not ready within 300 s:\n" + log());
        }

        /** The follower logs each time it listens (again) and has compared the index with the database. */
        void awaitListening(int connections) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && count(log(), "Index follower: listening on") < connections) {
                Thread.sleep(50);
            }
            assertThat(count(log(), "Index follower: listening on")).as(name + " follower connections")
                    .isGreaterThanOrEqualTo(connections);
        }

        /** Polls match until {@code done} holds for the results; returns the milliseconds it took. */
        long awaitMatch(String trace, Predicate<JsonNode> done) throws Exception {
            return awaitMatch(trace, done, 10_000);
        }

        long awaitMatch(String trace, Predicate<JsonNode> done, long giveUpMs) throws Exception {
            long started = System.nanoTime();
            while (true) {
                JsonNode results = match(trace);
                long ms = (System.nanoTime() - started) / 1_000_000;
                if (done.test(results)) {
                    return ms;
                }
                if (ms > giveUpMs) {
                    throw new AssertionError(name + " did not follow within " + giveUpMs + " ms; last results "
                            + results + "\n" + log());
                }
                Thread.sleep(10);
            }
        }

        JsonNode match(String trace) throws Exception {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(url("/api/v1/match?lang=en&limit=10"))
                    .header("Content-Type", "text/plain; charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofString(trace)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as("match on " + name + ": " + r.body()).isEqualTo(200);
            return JSON.readTree(r.body()).get("results");
        }

        String send(String method, String path, JsonNode body, int expectedStatus) throws Exception {
            String auth = Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
            HttpRequest.Builder request = HttpRequest.newBuilder(url(path)).header("Authorization", "Basic " + auth)
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
            if (body != null) {
                request.header("Content-Type", "application/json");
            }
            HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(method + " " + path + " on " + name + ": " + r.body()).isEqualTo(expectedStatus);
            return r.body();
        }

        int stop() throws InterruptedException {
            if (process == null) {
                return 0;
            }
            int code = AppProcess.terminate(process);
            process = null;
            return code;
        }

        String log() throws IOException {
            return Files.readString(log);
        }

        URI url(String path) {
            return URI.create("http://localhost:" + port + path);
        }
    }

    static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    static int shippedIncidents() throws IOException {
        try (var walk = Files.walk(Path.of("content"))) {
            return (int) walk.filter(p -> p.getFileName().toString().equals("incident.yaml")).count();
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
