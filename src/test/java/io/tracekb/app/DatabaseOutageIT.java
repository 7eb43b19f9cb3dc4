package io.tracekb.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.db.EmbeddedDatabase;
import io.tracekb.testing.TestFiles;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL stopped under load and started again, with TraceKB running against it as an external database
 * (the jar, a real PostgreSQL of the test's own): matching goes on from the index, writes answer 503 at once
 * with a problem body and Retry-After, readiness reports the database down, and everything works again when
 * the database is back, without restarting TraceKB. The results page keeps answering as well.
 */
class DatabaseOutageIT {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String KNOWN_SLUG = "flink-memory-state-too-large";

    Path workDir;
    EmbeddedDatabase database;
    AppProcess app;

    @BeforeEach
    void setUp() throws Exception {
        workDir = Files.createTempDirectory("tracekb-outage-");
    }

    @AfterEach
    void tearDown() throws Exception {
        if (app != null) {
            app.close();
        }
        if (database != null) {
            database.close();
        }
        TestFiles.deleteRecursively(workDir);
    }

    /** One match answered during the test: when, with what status, how long it took. */
    record Answer(long atNanos, int status, long millis, boolean knownIncidentFirst, boolean unmatchedQuery) {
    }

    @Test
    void matchingGoesOnWhileTheDatabaseIsDownWritesFailFastAndAllRecoversWithoutRestart() throws Exception {
        Path pgDir = workDir.resolve("postgres");
        int pgPort = AppProcess.freePort();
        database = EmbeddedDatabase.start(pgDir, pgPort);
        app = new AppProcess(workDir);
        app.env.put("QUARKUS_DATASOURCE_JDBC_URL", database.jdbcUrl());
        app.env.put("QUARKUS_DATASOURCE_USERNAME", EmbeddedDatabase.USER);
        app.start("app.log");

        String known = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));
        // a trace no incident explains: each match of it is counted in the unmatched backlog
        String unknownPkg = "org.nowhere.o" + UUID.randomUUID().toString().substring(0, 8);
        String unknown = unknownPkg + ".LedgerSealedException: the ledger is sealed\n\tat " + unknownPkg
                + ".Ledger.append(Ledger.java:9)\n\tat " + unknownPkg + ".Main.main(Main.java:3)\n";
        List<Answer> answers = new CopyOnWriteArrayList<>();
        List<Throwable> loadFailures = new CopyOnWriteArrayList<>();
        AtomicInteger unknownSent = new AtomicInteger();
        AtomicBoolean loading = new AtomicBoolean(true);
        List<Thread> load = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; loading.get(); i++) {
                    boolean unmatched = i % 3 == 0;
                    long started = System.nanoTime();
                    try {
                        if (unmatched) {
                            unknownSent.incrementAndGet();
                        }
                        HttpResponse<String> r = app.match(unmatched ? unknown : known);
                        boolean first = r.statusCode() == 200 && firstSlug(r.body()).equals(KNOWN_SLUG);
                        answers.add(new Answer(started, r.statusCode(), (System.nanoTime() - started) / 1_000_000,
                                first, unmatched));
                        Thread.sleep(20);
                    } catch (Exception e) {
                        loadFailures.add(e);
                        return;
                    }
                }
            }, "match-load-" + t);
            thread.start();
            load.add(thread);
        }
        Thread.sleep(1500);
        AppProcess.PasteBox pasteBox = app.openPasteBox(); // a browser tab left open on the paste box

        database.close();
        long downAt = System.nanoTime();
        database = null;

        HttpResponse<String> ready = pollUntil(() -> app.get("/q/health/ready"), r -> r.statusCode() == 503, 15_000);
        assertThat(ready.statusCode()).as(ready.body()).isEqualTo(503);
        assertThat(ready.body()).contains("Database connections health check").contains("DOWN");

        List<Long> writeMillis = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long started = System.nanoTime();
            HttpResponse<String> write = app.save(AppProcess.incidentJson("outage-write-" + i));
            writeMillis.add((System.nanoTime() - started) / 1_000_000);
            assertThat(write.statusCode()).as(write.body()).isEqualTo(503);
            assertThat(write.headers().firstValue("Content-Type")).hasValueSatisfying(
                    ct -> assertThat(ct).startsWith("application/problem+json"));
            assertThat(write.headers().firstValue("Retry-After")).hasValue("5");
            JsonNode problem = JSON.readTree(write.body());
            assertThat(problem.path("type").asText()).endsWith("/database-unavailable");
            assertThat(problem.path("status").asInt()).isEqualTo(503);
            assertThat(problem.path("detail").asText()).contains("database").contains("Retry");
        }
        // "fail fast": with the pool's defaults each write would wait 5 s; measured 1.2-2.6 s on a machine with a load
        // of 20, so the bound is generous but still below the default
        assertThat(writeMillis).allSatisfy(ms -> assertThat(ms).isLessThan(4000));
        assertThat(app.get("/api/v1/articles/" + KNOWN_SLUG).statusCode()).isEqualTo(503);

        // the results page answers too, from the index like the API: title, fixes and the shared frames marked
        HttpResponse<String> page = app.paste(pasteBox, known, "en");
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        assertThat(page.body()).contains("href=\"/articles/" + KNOWN_SLUG + "?lang=en\"")
                .contains("Checkpoint fails with")
                .contains("Write checkpoints to a shared file system (Flink 1.13 and later)")
                .contains("<mark>");

        Thread.sleep(2000); // more matches while the database is away
        long upAt = System.nanoTime();
        database = EmbeddedDatabase.start(pgDir, pgPort);

        String slug = "after-outage-" + UUID.randomUUID().toString().substring(0, 8);
        long recovering = System.nanoTime();
        HttpResponse<String> saved = pollUntil(() -> app.save(AppProcess.incidentJson(slug)),
                r -> r.statusCode() != 503, 30_000);
        long recoveredMs = (System.nanoTime() - recovering) / 1_000_000;
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(201);
        assertThat(app.get("/api/v1/articles/" + slug).statusCode()).isEqualTo(200);
        assertThat(firstSlug(app.match(AppProcess.sampleTrace(slug)).body())).isEqualTo(slug);
        assertThat(pollUntil(() -> app.get("/q/health/ready"), r -> r.statusCode() == 200, 15_000).statusCode())
                .isEqualTo(200);

        Thread.sleep(500);
        loading.set(false);
        for (Thread t : load) {
            t.join(30_000);
        }

        assertThat(loadFailures).isEmpty();
        List<Answer> duringOutage = answers.stream().filter(a -> a.atNanos() > downAt && a.atNanos() < upAt).toList();
        System.out.printf("DB_OUTAGE matches=%d during-outage=%d max-match-ms-during-outage=%d write-503-ms=%s "
                + "first-save-after-restart-ms=%d%n", answers.size(), duringOutage.size(),
                duringOutage.stream().mapToLong(Answer::millis).max().orElse(-1), writeMillis, recoveredMs);
        assertThat(answers).allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
        assertThat(duringOutage).hasSizeGreaterThanOrEqualTo(5);
        assertThat(duringOutage.stream().filter(a -> !a.unmatchedQuery()))
                .isNotEmpty().allSatisfy(a -> assertThat(a.knownIncidentFirst()).isTrue());
        // robustness, not speed: no match waits on the database (the HTTP client would give up at 30 s)
        assertThat(duringOutage).allSatisfy(a -> assertThat(a.millis()).isLessThan(10_000));

        // the unmatched pastes seen while the database was away were counted in memory and written since
        int sent = unknownSent.get();
        HttpResponse<String> backlog = pollUntil(() -> app.getAsAdmin("/api/v1/admin/unmatched?size=500"),
                r -> countOf(r.body(), unknownPkg) >= sent, 15_000);
        assertThat(countOf(backlog.body(), unknownPkg)).isEqualTo(sent);
        assertThat(app.log()).contains("Database unavailable").contains("Database back:");
    }

    private static String firstSlug(String matchBody) throws Exception {
        JsonNode results = JSON.readTree(matchBody).path("results");
        return results.isEmpty() ? "" : results.get(0).path("slug").asText();
    }

    /** The backlog count of the signature whose exception chain names {@code marker}. */
    private static long countOf(String backlogBody, String marker) {
        try {
            for (JsonNode e : JSON.readTree(backlogBody)) {
                if (e.path("exceptions").asText().contains(marker)) {
                    return e.path("count").asLong();
                }
            }
            return 0;
        } catch (Exception e) {
            return -1;
        }
    }

    interface Call {
        HttpResponse<String> call() throws Exception;
    }

    private static HttpResponse<String> pollUntil(Call call, java.util.function.Predicate<HttpResponse<String>> done,
            long timeoutMillis) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        HttpResponse<String> last = call.call();
        while (!done.test(last) && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
            last = call.call();
        }
        return last;
    }
}
