package io.tracekb.api;

import io.tracekb.matching.RateLimiter;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.content.ContentImporter;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import io.tracekb.web.PageForms;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 8, "bad input": every path that takes a paste or text (match as JSON and text, parse, the slash command,
 * the web match form and link, article search, article create and replace) gets huge, binary, broken, deeply
 * nested, query-language and script input. Each row names the input, the status it must get (a normal answer,
 * or a 400/413/415 problem with a detail that says what is wrong) and must be answered within {@link #BOUND};
 * after every row the server must still be ready and still match a real trace.
 *
 * <p>Decision on invalid UTF-8: broken bytes become U+FFFD and the paste is answered normally, on every path
 * (JSON, text, form, query), because a damaged paste from a terminal is still worth matching.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class BadInputTest {

    /**
     * The bound ("answered within 1 s"), a robustness bound and not a benchmark, applied to the CPU time
     * the application's threads (server and client) spend on the request: on a machine whose cores are shared
     * with other builds, wall time measures the neighbours. A quadratic step on a 1 MB input costs minutes of CPU
     * whatever the machine; the slowest rows here cost a few hundred ms.
     */
    static final Duration BOUND = Duration.ofSeconds(1);
    /** Wall time that only a hang or a lock-up reaches, even on a machine several times oversubscribed. */
    static final Duration HANG = Duration.ofSeconds(15);
    static final int MIB = 1 << 20;
    static final String PROBLEM = "application/problem+json";
    static final String SEED = read("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt");
    static final String SEED_INCIDENT = "flink-memory-state-too-large";
    static final String SCRIPT = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    static final String SQL = "'; DROP TABLE incident; -- ' OR '1'='1' UNION SELECT password FROM app_user --";
    static final String LUCENE = "*:* OR slug:* AND title:[a TO z] ~2 \\\" fingerprint:(+x -y) ^10 /re.*x/ && || !";

    @Inject
    ContentImporter importer;

    @Inject
    RateLimiter rateLimiter;

    @TestHTTPResource("/")
    URI root;

    static URI base;
    private int limitBefore;

    private static boolean imported;

    @BeforeEach
    void setUp() {
        if (!imported) { // once: the rows only read the shipped incidents, and an import costs a second a row
            importer.importAll(Path.of("content"));
            imported = true;
        }
        base = root;
        // dozens of large requests from one address in a minute: the limiter is not under test here
        limitBefore = rateLimiter.perMinute();
        rateLimiter.setPerMinute(0);
    }

    @AfterEach
    void restoreLimit() {
        rateLimiter.setPerMinute(limitBefore);
    }

    /** One row of the table: what is sent, the status it must get, and what the answer must say. */
    record Case(String name, Supplier<Answer> send, int status, Consumer<Answer> check) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** An answer with the wall time it took and the CPU time this JVM spent meanwhile. */
    record Timed(Answer answer, Duration wall, Duration cpu) {
        static Timed run(Supplier<Answer> send) {
            long cpu = processCpuNanos();
            long started = System.nanoTime();
            Answer answer = send.get();
            return new Timed(answer, Duration.ofNanos(System.nanoTime() - started),
                    Duration.ofNanos(processCpuNanos() - cpu));
        }

        @Override
        public String toString() {
            return wall.toMillis() + " ms (CPU " + cpu.toMillis() + " ms)";
        }
    }

    /**
     * CPU time of every Java thread of this JVM: the server's event loops and workers and this test's client
     * (whose request bodies are prepared before the clock starts), but not the JIT compiler or the garbage
     * collector, which run beside a request rather than in it.
     */
    static long processCpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long id : threads.getAllThreadIds()) {
            sum += Math.max(0, threads.getThreadCpuTime(id));
        }
        return sum;
    }

    record Answer(int status, String contentType, String body) {
        JsonPath json() {
            return JsonPath.from(body);
        }

        static Answer of(Response r) {
            return new Answer(r.statusCode(), r.contentType(), r.asString());
        }

        static Answer of(HttpResponse<String> r) {
            return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachBadInputGetsANormalAnswerOrAClearErrorQuicklyAndTheServerStaysHealthy(Case c) {
        Timed timed = Timed.run(c.send());
        if (timed.cpu().compareTo(BOUND) > 0) {
            // once more, warm: the first of a kind of input runs interpreted code; slow by design stays slow
            Timed again = Timed.run(c.send());
            System.out.printf("BAD_INPUT %s: first %s%n", c.name(), timed);
            timed = again;
        }
        Answer answer = timed.answer();
        System.out.printf("BAD_INPUT %-75s %d in %s%n", c.name(), answer.status(), timed);

        assertThat(answer.status()).as("%s: status, body %s", c.name(), abbreviate(answer.body())).isEqualTo(c.status());
        assertThat(timed.cpu()).as("%s: CPU time of the answer", c.name()).isLessThanOrEqualTo(BOUND);
        assertThat(timed.wall()).as("%s: wall time of the answer", c.name()).isLessThanOrEqualTo(HANG);
        c.check().accept(answer);
        assertStillHealthy();
    }

    /**
     * Issue 19, item 5: eight clients looping the probe's 200-deep chain (under the rate limit: 10 a second each)
     * pushed unrelated matches and liveness to 1.2-2.6 s. Now the chain is bounded before ranking; an unrelated match during the
     * loop must stay far from a second (the bound is generous: a busy CI machine, not a benchmark).
     */
    @org.junit.jupiter.api.Test
    void deepChainsFromEightClientsDoNotHoldUpOtherMatches() throws Exception {
        byte[] deep = probeChain(200).getBytes(StandardCharsets.UTF_8);
        byte[] seed = SEED.getBytes(StandardCharsets.UTF_8);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger deepDone = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ExecutorService loopers = java.util.concurrent.Executors.newFixedThreadPool(8);
        List<Long> quiet = new ArrayList<>();
        for (int i = 0; i < 30; i++) { // the same match without the loop, for comparison on a shared machine
            long t0 = System.nanoTime();
            plain("/api/v1/match", seed);
            quiet.add((System.nanoTime() - t0) / 1_000_000);
        }
        List<Long> millis = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                // each at the default limit of one address (600 a minute), as eight clients of the probe were
                loopers.submit(() -> {
                    while (!stop.get()) {
                        long next = System.nanoTime() + 100_000_000L;
                        if (plain("/api/v1/match", deep).status() == 200) {
                            deepDone.incrementAndGet();
                        }
                        java.util.concurrent.locks.LockSupport.parkNanos(Math.max(0, next - System.nanoTime()));
                    }
                });
            }
            Thread.sleep(1_000);
            for (int i = 0; i < 60; i++) {
                long t0 = System.nanoTime();
                Answer a = plain("/api/v1/match", seed);
                millis.add((System.nanoTime() - t0) / 1_000_000);
                assertThat(a.json().getString("results[0].slug")).isEqualTo(SEED_INCIDENT);
                assertThat(get("/q/health/live").status()).isEqualTo(200);
            }
        } finally {
            stop.set(true);
            loopers.shutdown();
            loopers.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
        }
        List<Long> sorted = millis.stream().sorted().toList();
        List<Long> quietSorted = quiet.stream().sorted().toList();
        long p50 = sorted.get(sorted.size() / 2);
        long p99 = sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1);
        System.out.printf("DEEP_LOOP 8 clients looping a 200-deep chain (%d answered): unrelated match p50 %d ms, "
                + "p99 %d ms, max %d ms; without the loop p50 %d ms, max %d ms%n", deepDone.get(), p50, p99,
                sorted.get(sorted.size() - 1), quietSorted.get(quietSorted.size() / 2),
                quietSorted.get(quietSorted.size() - 1));
        assertThat(deepDone.get()).isPositive();
        // a second, or twice what the same match took without the loop on this (possibly shared) machine
        long quietP99 = quietSorted.get((int) Math.ceil(quietSorted.size() * 0.99) - 1);
        assertThat(p99).isLessThan(Math.max(1_000, 2 * quietP99));
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();

        // ---- size: the paste limit is 1 MiB of body ----
        String logWithTrace = logAround(SEED, MIB);
        cases.add(new Case("match: text/plain log of exactly 1 MiB with a real trace inside", () -> plain("/api/v1/match",
                logWithTrace.getBytes(StandardCharsets.UTF_8)), 200, a -> {
                    assertThat(a.json().getString("query.rootCause.type")).isEqualTo("java.io.IOException");
                    assertThat(a.json().getString("results[0].slug")).isEqualTo(SEED_INCIDENT);
                }));
        String jsonLog = logAround(SEED, MIB - 40_000); // JSON escapes every line break and tab
        cases.add(new Case("match: JSON body of 1 MiB (a log with a real trace inside)", () -> json("/api/v1/match",
                Map.of("text", jsonLog)), 200,
                a -> assertThat(a.json().getString("results[0].slug")).isEqualTo(SEED_INCIDENT)));
        String sameTraceOverAndOver = fillBytes(SEED + "\n", MIB);
        cases.add(new Case("match: the same trace pasted over and over, 1 MiB", () -> plain("/api/v1/match",
                sameTraceOverAndOver.getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getString("results[0].slug")).isEqualTo(SEED_INCIDENT)));
        cases.add(new Case("parse: the same trace pasted over and over, 1 MiB", () -> plain("/api/v1/parse",
                sameTraceOverAndOver.getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getList("traces")).hasSizeGreaterThan(100)));
        cases.add(new Case("match: text/plain of 1 MiB + 1 byte", () -> plain("/api/v1/match",
                (logWithTrace + "x").getBytes(StandardCharsets.UTF_8)), 413, tooLarge(MIB)));
        byte[] tenMib = tenMebibytes();
        byte[] tenMibJson = concat("{\"text\":\"".getBytes(StandardCharsets.US_ASCII), tenMib, "\"}".getBytes(StandardCharsets.US_ASCII));
        byte[] tenMibSlash = concat("command=%2Ftracekb&text=".getBytes(StandardCharsets.US_ASCII), tenMib);
        cases.add(new Case("match: text/plain of 10 MiB with Content-Length", () -> raw("/api/v1/match",
                "text/plain; charset=UTF-8", tenMib, true), 413, tooLarge(MIB)));
        cases.add(new Case("match: text/plain of 10 MiB, chunked (no Content-Length)", () -> raw("/api/v1/match",
                "text/plain; charset=UTF-8", tenMib, false), 413, tooLarge(MIB)));
        cases.add(new Case("match: JSON of 10 MiB", () -> raw("/api/v1/match", "application/json", tenMibJson, true),
                413, tooLarge(MIB)));
        cases.add(new Case("parse: text/plain of 10 MiB", () -> raw("/api/v1/parse", "text/plain", tenMib, true), 413,
                tooLarge(MIB)));
        cases.add(new Case("slash command: 10 MiB", () -> slashRaw(tenMibSlash), 413, tooLarge(MIB)));
        cases.add(new Case("web form: 10 MiB paste", () -> webFormEncoded(tenMib),
                413, a -> assertThat(a.body()).contains("larger than 1 MiB")));

        // ---- binary garbage ----
        byte[] garbage = randomBytes(512 * 1024);
        cases.add(new Case("match: 512 KiB of random bytes as text/plain", () -> plain("/api/v1/match", garbage), 200,
                a -> assertThat(a.json().getList("results.confident")).doesNotContain(true)));
        cases.add(new Case("match: random bytes as application/json", () -> raw("/api/v1/match", "application/json",
                garbage, true), 400, problem(400, "not valid JSON")));
        cases.add(new Case("match: random bytes as application/octet-stream", () -> raw("/api/v1/match",
                "application/octet-stream", garbage, true), 415, problem(415, "application/json or text/plain")));
        cases.add(new Case("match: text/plain in an unknown charset", () -> raw("/api/v1/match",
                "text/plain; charset=klingon", SEED.getBytes(StandardCharsets.UTF_8), true), 415,
                problem(415, "charset=klingon")));
        cases.add(new Case("parse: 512 KiB of random bytes", () -> plain("/api/v1/parse", garbage), 200,
                a -> assertThat(a.json().getList("traces")).isNotNull()));
        // a form body is encoded before the clock starts: the bound is for the server's answer, not the client
        byte[] garbageForm = formEncodedBytes(garbage);
        cases.add(new Case("web form: 512 KiB of random bytes", () -> webFormEncoded(garbageForm), 200,
                a -> assertThat(a.body()).contains("<textarea")));
        cases.add(new Case("slash command: random bytes", () -> slashRaw(concat("text=".getBytes(StandardCharsets.US_ASCII),
                formEncodedBytes(randomBytes(64 * 1024)))), 200, a -> assertThat(a.json().getString("text")).isNotBlank()));
        cases.add(new Case("slash command: a broken %-escape", () -> slashRaw("command=%2Ftracekb&text=100%zz%"
                .getBytes(StandardCharsets.US_ASCII)), 400, problem(400, "escape")));
        cases.add(new Case("web form: a broken %-escape", () -> webFormEncoded("100%zz%".getBytes(StandardCharsets.US_ASCII)),
                400, problem(400, "escape")));
        cases.add(new Case("match: NUL and control characters in a paste",
                () -> plain("/api/v1/match", ("java.lang.IllegalStateException: bad\u0000value\u0001\u001b[31m\n"
                        + "\tat a.B\u0000.c(B.java:1)\n").getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getString("query.rootCause.type")).isEqualTo("java.lang.IllegalStateException")));

        // ---- invalid UTF-8: replaced by U+FFFD and answered, the same way on every path ----
        byte[] brokenSeed = brokenUtf8(SEED);
        cases.add(new Case("match: invalid UTF-8 as text/plain", () -> plain("/api/v1/match", brokenSeed), 200,
                a -> assertThat(a.json().getString("results[0].slug")).isEqualTo(SEED_INCIDENT)));
        cases.add(new Case("match: invalid UTF-8 inside a JSON string", () -> raw("/api/v1/match", "application/json",
                concat("{\"text\":\"".getBytes(StandardCharsets.UTF_8), jsonEscapedBytes(brokenSeed),
                        "\"}".getBytes(StandardCharsets.UTF_8)), true), 200,
                a -> assertThat(a.json().getString("results[0].slug")).isEqualTo(SEED_INCIDENT)));
        cases.add(new Case("parse: invalid UTF-8 as text/plain", () -> plain("/api/v1/parse", brokenSeed), 200,
                a -> assertThat(a.json().getString("traces[0].exceptions[0].message")).contains("\uFFFD")));
        byte[] brokenSeedForm = formEncodedBytes(brokenSeed);
        cases.add(new Case("web form: invalid UTF-8 in the paste", () -> webFormEncoded(brokenSeedForm), 200,
                a -> assertThat(a.body()).contains(SEED_INCIDENT).contains("\uFFFD")));
        cases.add(new Case("web link: invalid UTF-8 %-escapes in GET /match?q=", () -> get("/match?q=java.lang.IllegalStateException:%20caf%C3%20%FF%FE%C0%AF"),
                200, a -> assertThat(a.body()).contains("java.lang.IllegalStateException").contains("\uFFFD")));
        cases.add(new Case("slash command: invalid UTF-8", () -> slashRaw(concat("text=".getBytes(StandardCharsets.US_ASCII),
                formEncodedBytes(brokenSeed))), 200, a -> assertThat(a.json().getString("text")).contains(SEED_INCIDENT)));

        // ---- a 10,000-deep Caused by chain ----
        String deep = deepChain(10_000);
        cases.add(new Case("match: a 10,000-deep Caused by chain", () -> plain("/api/v1/match",
                deep.getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getString("query.rootCause.type")).isEqualTo("a.CException")));
        cases.add(new Case("parse: a 10,000-deep Caused by chain", () -> plain("/api/v1/parse",
                deep.getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getList("traces[0].exceptions")).hasSize(10_001)));
        byte[] deepForm = formEncodedBytes(deep.getBytes(StandardCharsets.UTF_8));
        cases.add(new Case("web form: a 10,000-deep Caused by chain", () -> webFormEncoded(deepForm),
                200, a -> assertThat(a.body()).contains("a.CException")));
        cases.add(new Case("slash command: a 10,000-deep Caused by chain", () -> slash(deep), 200,
                a -> assertThat(a.json().getString("text")).contains("a.CException")));

        // the security probe's shape (issue 19, item 5): every level its own type, message and frame, so that no
        // step can fold the chain; it took 0.8 s on the shipped content and grew with the candidates' samples
        String probeChain = probeChain(10_000);
        cases.add(new Case("match: the probe's 10,000-deep chain, a message and a frame per level", () -> plain(
                "/api/v1/match", probeChain.getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getString("query.rootCause.message")).isEqualTo("l9999")));
        String probeChain200 = probeChain(200);
        cases.add(new Case("match: the probe's 200-deep chain (13.7 KB)", () -> plain(
                "/api/v1/match", probeChain200.getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getString("query.rootCause.message")).isEqualTo("l199")));

        // ---- bodies of a kind no endpoint takes, and forms with too many fields ----
        byte[] multipart = ("--b\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n" + SEED + "\r\n--b--\r\n")
                .getBytes(StandardCharsets.UTF_8);
        cases.add(new Case("match: multipart/form-data", () -> raw("/api/v1/match", "multipart/form-data; boundary=b",
                multipart, true), 415, problem(415, "multipart/form-data")));
        cases.add(new Case("parse: multipart/form-data", () -> raw("/api/v1/parse", "multipart/form-data; boundary=b",
                multipart, true), 415, problem(415, "multipart/form-data")));
        byte[] manyFields = manyFormFields(1_001);
        cases.add(new Case("web form: 1,001 form fields on /match", () -> webFormEncoded(concat(
                "x".getBytes(StandardCharsets.US_ASCII), manyFields)), 400, a -> assertThat(a.body()).contains("fields")));

        // ---- what gave a 500 in the security probe (issue 19, item 8): each a clear 4xx now ----
        cases.add(new Case("article create: a revision message of 301 characters", () -> createWithMessage(
                "m".repeat(301)), 400, problem(400, "message", "at most 300")));
        cases.add(new Case("article create: NUL in the revision message", () -> createWithMessage("fixed\u0000"),
                400, problem(400, "message", "NUL")));
        cases.add(new Case("article read: NUL in the slug", () -> get("/api/v1/articles/x%00"), 404,
                problem(404, "x")));
        cases.add(new Case("incident page: NUL as the slug", () -> get("/articles/%00"), 404, a -> { }));
        cases.add(new Case("login: NUL in the user name", () -> login("ad\u0000min", "whatever"), 401,
                a -> assertThat(a.body()).contains("<form")));
        cases.add(new Case("public page: a wrong Basic password", () -> Answer.of(given().auth().preemptive()
                .basic(TestUsers.EDITOR, "wrong").get("/")), 401, a -> { }));
        cases.add(new Case("public page: an unknown bearer token", () -> Answer.of(given()
                .header("Authorization", "Bearer tkb_revoked_or_never_issued").get("/")), 401, a -> { }));

        // ---- a 1 MB single line ----
        String proseLine = fill("the job failed again while writing its state ", 1_000_000);
        String headerLine = "java.lang.IllegalStateException: " + fill("value=42 ", 1_000_000);
        cases.add(new Case("match: a 1 MB single line of prose", () -> plain("/api/v1/match",
                proseLine.getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getList("query.exceptions")).isEmpty()));
        cases.add(new Case("match: a 1 MB single-line exception message", () -> plain("/api/v1/match",
                (headerLine + "\n\tat a.B.c(B.java:1)\n").getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getString("query.rootCause.type")).isEqualTo("java.lang.IllegalStateException")));
        cases.add(new Case("parse: a 1 MB single-line exception message", () -> plain("/api/v1/parse",
                headerLine.getBytes(StandardCharsets.UTF_8)), 200,
                a -> assertThat(a.json().getString("traces[0].exceptions[0].type")).isEqualTo("java.lang.IllegalStateException")));
        byte[] proseLineForm = formEncodedBytes(proseLine.getBytes(StandardCharsets.UTF_8));
        cases.add(new Case("web form: a 1 MB single line", () -> webFormEncoded(proseLineForm), 200,
                a -> assertThat(a.body()).contains("the job failed again")));
        cases.add(new Case("slash command: a 1 MB single line", () -> slash(fill("state ", 700_000)), 200,
                a -> assertThat(a.json().getString("response_type")).isEqualTo("ephemeral")));

        // ---- query languages: Lucene syntax and SQL are just text ----
        cases.add(new Case("article search: Lucene syntax in q", () -> get("/api/v1/articles", LUCENE), 200, a -> assertThat(a.json().getInt("total")).isZero()));
        cases.add(new Case("article search: SQL-looking q", () -> get("/api/v1/articles", SQL), 200, a -> assertThat(a.json().getInt("total")).isZero()));
        cases.add(new Case("article search: NUL and control characters in q", () -> get("/api/v1/articles",
                "checkpoint\u0000\u0001"), 400, problem(400, "q", "NUL")));
        cases.add(new Case("article search: q of 501 characters", () -> get("/api/v1/articles",
                "x".repeat(501)), 400, problem(400, "q", "at most 500")));
        cases.add(new Case("article search: q of 500 CJK characters (4.5 KB in the URL)", () -> get("/api/v1/articles",
                "検".repeat(500)), 200,
                a -> assertThat(a.json().getInt("total")).isZero()));
        cases.add(new Case("web link: GET /match?q= of 100 KB is refused by the HTTP layer", () -> get("/match", "x".repeat(100_000)), 414, a -> { }));
        // the JDK client (and curl --http2) ask for HTTP/2 by an upgrade, where other limits than the request line's
        // apply to the URL: a link carrying a whole seed trace must pass that way too
        cases.add(new Case("web link: GET /match?q= of a whole seed trace over HTTP/2 (h2c upgrade)",
                () -> getOverHttp2("/match?q=" + URLEncoder.encode(SEED, StandardCharsets.UTF_8).replace("+", "%20")),
                200, a -> assertThat(a.body()).contains(SEED_INCIDENT)));
        cases.add(new Case("match: SQL-looking text", () -> json("/api/v1/match", Map.of("text", SQL)), 200,
                a -> assertThat(a.json().getList("results.confident")).doesNotContain(true)));
        cases.add(new Case("web link: Lucene syntax and SQL in GET /match?q=", () -> get("/match", LUCENE + " " + SQL), 200,
                a -> assertThat(a.body()).contains("DROP TABLE incident")));
        cases.add(new Case("slash command: Lucene syntax and SQL", () -> slash(LUCENE + "\n" + SQL), 200,
                a -> assertThat(a.json().getString("text")).isNotBlank()));

        // ---- script payloads are data, never markup ----
        String scriptTrace = "java.lang.IllegalArgumentException: " + SCRIPT + "\n\tat x.Y.z(Y.java:1)\n";
        cases.add(new Case("match: a script payload comes back as a JSON string", () -> json("/api/v1/match",
                Map.of("text", scriptTrace)), 200, a -> {
                    assertThat(a.contentType()).startsWith("application/json");
                    assertThat(a.json().getString("query.rootCause.message")).isEqualTo(SCRIPT);
                }));
        cases.add(new Case("slash command: a script payload", () -> slash(scriptTrace), 200,
                a -> assertThat(a.json().getString("text")).doesNotContain("<script>")));

        // ---- article create and replace with such texts in a sample trace ----
        String hostileTrace = "org.example.HostileException: " + SCRIPT + " " + SQL + " " + LUCENE
                + "\n\tat org.example.Hostile.run(Hostile.java:1)\n";
        cases.add(new Case("article create: script, SQL and Lucene syntax in a sample trace",
                () -> createAndMatch(hostileTrace), 201, a -> { }));
        cases.add(new Case("article create: a 10,000-deep Caused by chain as a sample trace",
                () -> create(deep), 201,
                a -> assertThat(a.json().getString("sampleTraces[0].text")).hasSize(deep.strip().length())));
        cases.add(new Case("article create: a NUL character in a sample trace", () -> create(
                "java.lang.IllegalStateException: a\u0000b\n\tat a.B.c(B.java:1)"), 400,
                problem(400, "sampleTraces[0].text", "NUL")));
        cases.add(new Case("article replace: script, SQL and Lucene syntax in a sample trace",
                () -> replaceWith(hostileTrace), 200,
                a -> assertThat(a.json().getString("sampleTraces[0].text")).isEqualTo(hostileTrace.strip())));
        cases.add(new Case("article create: a body of 10 MiB", () -> raw("/api/v1/articles", "application/json",
                ("{\"slug\":\"" + fill("x", 10 * MIB) + "\"}").getBytes(StandardCharsets.US_ASCII), true), 413,
                tooLarge(2 * MIB)));
        return cases;
    }

    // ---- what the answers must say ----

    static Consumer<Answer> problem(int status, String detailContains) {
        return a -> {
            assertThat(a.contentType()).startsWith(PROBLEM);
            JsonPath p = a.json();
            assertThat(p.getInt("status")).isEqualTo(status);
            assertThat(p.getString("title")).isNotBlank();
            assertThat(p.getString("detail")).isNotBlank().contains(detailContains);
        };
    }

    /** A 400 naming the field at fault, with a message that says what is wrong with it. */
    static Consumer<Answer> problem(int status, String field, String messageContains) {
        return problem(status, "").andThen(a -> assertThat(a.json().getList("errors", Map.class))
                .anySatisfy(e -> {
                    assertThat(e.get("field")).isEqualTo(field);
                    assertThat((String) e.get("message")).contains(messageContains);
                }));
    }

    /** 413 with a detail that tells the limit, so the caller knows how much to cut. */
    static Consumer<Answer> tooLarge(long limit) {
        return problem(413, "limit of " + limit + " bytes");
    }

    void assertStillHealthy() {
        given().get("/q/health/ready").then().statusCode(200);
        given().contentType(ContentType.TEXT).body(SEED).post("/api/v1/match").then().statusCode(200)
                .body("results[0].slug", org.hamcrest.Matchers.equalTo(SEED_INCIDENT));
    }

    // ---- how each path is called ----

    static Answer plain(String path, byte[] body) {
        return raw(path, "text/plain; charset=UTF-8", body, true);
    }

    static Answer json(String path, Object body) {
        try {
            return raw(path, "application/json", JSON.writeValueAsBytes(body), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** GET with {@code q} %-encoded as UTF-8. */
    static Answer get(String path, String q) {
        return get(path + "?q=" + URLEncoder.encode(q, StandardCharsets.UTF_8).replace("+", "%20"));
    }

    /** GET of a path and query sent exactly as given. */
    static Answer get(String pathAndQuery) {
        return send(HTTP, getRequest(pathAndQuery));
    }

    /** GET with the JDK client's default version: HTTP/2, asked for by an h2c upgrade on plain HTTP. */
    static Answer getOverHttp2(String pathAndQuery) {
        return send(HTTP2, getRequest(pathAndQuery));
    }

    private static HttpRequest getRequest(String pathAndQuery) {
        return HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(Duration.ofSeconds(30)).GET().build();
    }

    private static Answer send(HttpClient client, HttpRequest request) {
        try {
            return Answer.of(client.send(request, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static final HttpClient HTTP2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * Sends with the JDK client, which (unlike RestAssured) can stream a body without a length and takes the early
     * 413 of a server that refuses to read a body: curl and browsers do the same.
     */
    static Answer raw(String path, String contentType, byte[] body, boolean withLength, String... headers) {
        HttpRequest.BodyPublisher publisher = withLength ? HttpRequest.BodyPublishers.ofByteArray(body)
                : HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", contentType)
                .timeout(Duration.ofSeconds(30)).POST(publisher);
        if (headers.length > 0) {
            request.headers(headers);
        }
        return send(HTTP, request.build());
    }

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    static Answer slash(String text) {
        return slashRaw(("command=%2Ftracekb&text=" + URLEncoder.encode(text, StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.US_ASCII));
    }

    /** Signed as Slack signs (the test profile sets the secret). */
    static Answer slashRaw(byte[] body) {
        long ts = Instant.now().getEpochSecond();
        String signature = "v0=" + SlackSignature.sign("test-signing-secret", "v0:" + ts + ":", body);
        return raw("/api/v1/chat/slash", "application/x-www-form-urlencoded", body, true,
                "X-Slack-Request-Timestamp", Long.toString(ts), "X-Slack-Signature", signature);
    }

    private static PageForms.Csrf csrf;

    /**
     * One CSRF token for all the form posts (the cookie lasts 12 hours): fetching a page for each would be timed
     * with the answer it precedes.
     */
    private static synchronized PageForms.Csrf csrf() {
        if (csrf == null) {
            csrf = PageForms.csrf();
        }
        return csrf;
    }

    /** The paste box's form post with {@code text} as given, already encoded (or not quite). */
    static Answer webFormEncoded(byte[] text) {
        PageForms.Csrf csrf = csrf();
        byte[] body = concat(("csrf-token=" + URLEncoder.encode(csrf.token(), StandardCharsets.UTF_8) + "&lang=en&text=")
                .getBytes(StandardCharsets.US_ASCII), text);
        return raw("/match", "application/x-www-form-urlencoded", body, true, "Cookie", "csrf-token=" + csrf.cookie());
    }

    static Answer createWithMessage(String message) {
        Map<String, Object> body = new java.util.LinkedHashMap<>(new com.fasterxml.jackson.databind.ObjectMapper()
                .convertValue(SampleIncidents.minimal(SampleIncidents.uniqueSlug("bad-message")), Map.class));
        body.put("message", message);
        return Answer.of(TestUsers.editor().contentType(ContentType.JSON).body(body).post("/api/v1/articles"));
    }

    static Answer login(String username, String password) {
        PageForms.Csrf csrf = csrf();
        byte[] body = ("csrf-token=" + URLEncoder.encode(csrf.token(), StandardCharsets.UTF_8) + "&username="
                + URLEncoder.encode(username, StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(password, StandardCharsets.UTF_8) + "&next=%2F").getBytes(StandardCharsets.US_ASCII);
        return raw("/login", "application/x-www-form-urlencoded", body, true, "Cookie", "csrf-token=" + csrf.cookie());
    }

    static Answer create(String sampleTrace) {
        return Answer.of(TestUsers.editor().contentType(ContentType.JSON)
                .body(withTrace(SampleIncidents.uniqueSlug("bad-input"), sampleTrace)).post("/api/v1/articles"));
    }

    /** Creates an incident whose sample trace is {@code trace}; it must then be the first match for that trace. */
    static Answer createAndMatch(String trace) {
        Answer created = create(trace);
        if (created.status() == 201) {
            String slug = created.json().getString("slug");
            assertThat(created.json().getString("sampleTraces[0].text")).isEqualTo(trace.strip());
            given().contentType(ContentType.TEXT).body(trace).post("/api/v1/match").then().statusCode(200)
                    .body("results[0].slug", org.hamcrest.Matchers.equalTo(slug));
            TestUsers.editor().delete("/api/v1/articles/" + slug).then().statusCode(200);
        }
        return created;
    }

    static Answer replaceWith(String trace) {
        String slug = SampleIncidents.uniqueSlug("bad-input");
        long version = TestUsers.editor().contentType(ContentType.JSON).body(withTrace(slug, "java.io.IOException: x"))
                .post("/api/v1/articles").then().statusCode(201).extract().jsonPath().getLong("version");
        IncidentData d = withTrace(slug, trace);
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("version", version);
        body.put("slug", d.slug());
        body.put("product", d.product());
        body.put("tags", d.tags());
        body.put("status", d.status());
        body.put("translations", d.translations());
        body.put("fixes", d.fixes());
        body.put("sampleTraces", d.sampleTraces());
        Answer replaced = Answer.of(TestUsers.editor().contentType(ContentType.JSON).body(body)
                .put("/api/v1/articles/" + slug));
        TestUsers.editor().delete("/api/v1/articles/" + slug).then().statusCode(200);
        return replaced;
    }

    static IncidentData withTrace(String slug, String trace) {
        IncidentData d = SampleIncidents.minimal(slug);
        return new IncidentData(d.slug(), d.product(), d.tags(), d.affectedVersions(), d.status(), d.translations(),
                d.fixes(), List.of(new SampleTraceData(null, trace, "bad input test")));
    }

    // ---- inputs, generated here rather than committed ----

    /** Log lines around {@code trace}, exactly {@code bytes} long in UTF-8. */
    static String logAround(String trace, int bytes) {
        String line = "2026-11-30 10:00:00,123 INFO  org.apache.flink.runtime.taskexecutor.TaskExecutor"
                + " [] - Heartbeat of job manager is fine.\n";
        int traceBytes = trace.getBytes(StandardCharsets.UTF_8).length + 2;
        String before = fill(line, (bytes - traceBytes) / 2);
        String after = fill(line, bytes - traceBytes - before.length());
        String log = before + "\n" + trace + "\n" + after;
        assertThat(log.getBytes(StandardCharsets.UTF_8)).hasSize(bytes);
        return log;
    }

    /** {@code unit} repeated and cut to exactly {@code chars} characters. */
    static String fill(String unit, int chars) {
        StringBuilder b = new StringBuilder(chars + unit.length());
        while (b.length() < chars) {
            b.append(unit);
        }
        b.setLength(chars);
        return b.toString();
    }

    /** {@code unit} repeated while the result stays within {@code bytes} bytes of UTF-8. */
    static String fillBytes(String unit, int bytes) {
        int unitBytes = unit.getBytes(StandardCharsets.UTF_8).length;
        return unit.repeat(bytes / unitBytes);
    }

    static byte[] tenMebibytes() {
        byte[] b = new byte[10 * MIB];
        java.util.Arrays.fill(b, (byte) 'x');
        return b;
    }

    static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        SplittableRandom random = new SplittableRandom(8);
        for (int i = 0; i < n; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }

    /**
     * The trace with broken sequences put into its first message: a lone lead byte, a stray continuation byte,
     * 0xFF, an overlong '/', an encoded surrogate, and a four-byte sequence cut short at the end.
     */
    static byte[] brokenUtf8(String trace) {
        int colon = trace.indexOf("Could not materialize");
        byte[] head = trace.substring(0, colon).getBytes(StandardCharsets.UTF_8);
        byte[] broken = { (byte) 0xC3, ' ', (byte) 0x80, ' ', (byte) 0xFF, ' ', (byte) 0xC0, (byte) 0xAF, ' ',
                (byte) 0xED, (byte) 0xA0, (byte) 0x80, ' ' };
        return concat(head, broken, trace.substring(colon).getBytes(StandardCharsets.UTF_8),
                new byte[] { (byte) 0xF0, (byte) 0x9F, (byte) 0x98 });
    }

    /** Escapes for a JSON string what JSON requires (quote, backslash, control bytes); other bytes pass as they are. */
    static byte[] jsonEscapedBytes(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length + raw.length / 8);
        for (byte b : raw) {
            int c = b & 0xFF;
            if (c == '"' || c == '\\') {
                out.write('\\');
                out.write(c);
            } else if (c < 0x20) {
                out.writeBytes(String.format("\\u%04x", c).getBytes(StandardCharsets.US_ASCII));
            } else {
                out.write(c);
            }
        }
        return out.toByteArray();
    }

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    /** application/x-www-form-urlencoded of raw bytes: every byte that is not plainly safe becomes %XX. */
    static byte[] formEncodedBytes(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length * 2);
        for (byte b : raw) {
            int c = b & 0xFF;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-') {
                out.write(c);
            } else {
                out.write('%');
                out.write(HEX[c >> 4]);
                out.write(HEX[c & 0xF]);
            }
        }
        return out.toByteArray();
    }

    /** The reproduction: {@code Caused by: java.lang.IllegalStateException: l<i>} and one frame, per level. */
    static String probeChain(int depth) {
        StringBuilder b = new StringBuilder("java.lang.RuntimeException: top\n");
        for (int i = 0; i < depth; i++) {
            b.append("Caused by: java.lang.IllegalStateException: l").append(i).append("\n\tat a.B.c(B.java:1)\n");
        }
        return b.toString();
    }

    /** {@code &f1=v&f2=v…}: appended to a form body, n more fields. */
    static byte[] manyFormFields(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append("&f").append(i).append("=v");
        }
        return b.toString().getBytes(StandardCharsets.US_ASCII);
    }

    static String deepChain(int depth) {
        StringBuilder b = new StringBuilder("a.AException: top\n\tat a.B.c(B.java:1)\n");
        for (int i = 0; i < depth; i++) {
            b.append("Caused by: a.CException: ").append(i).append("\n\t... 1 more\n");
        }
        return b.toString();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String abbreviate(String s) {
        return s == null || s.length() < 400 ? s : s.substring(0, 400) + "…";
    }
}
