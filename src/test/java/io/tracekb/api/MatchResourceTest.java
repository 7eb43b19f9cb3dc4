package io.tracekb.api;

import io.tracekb.matching.RateLimiter;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.content.ContentImporter;
import io.tracekb.search.IndexedIncident;
import io.tracekb.search.IncidentMatcher;
import io.tracekb.search.IndexSynchronizer;
import io.tracekb.search.LuceneIndex;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class MatchResourceTest {

    @Inject
    ContentImporter importer;

    @Inject
    ArticleService articles;

    @BeforeEach
    void importShippedContent() {
        importer.importAll(Path.of("content"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "000_84dbdbaa68ce8184.txt, flink-memory-state-too-large",
            "002_58ce860dea897d92.txt, flink-async-checkpoint-materialization-failed",
            "004_721cf106c13da27d.txt, flink-task-stuck-cancelling-taskmanager-exit" })
    void eachSeedWriteUpMatchesItsIncidentFirstAndConfidently(String seed, String slug) throws IOException {
        String text = Files.readString(Path.of("src/test/resources/trace/seeds").resolve(seed));

        given().contentType(ContentType.JSON).body(Map.of("text", text, "lang", "ja"))
                .when().post("/api/v1/match")
                .then().statusCode(200)
                .contentType(ContentType.JSON)
                .body("results[0].slug", equalTo(slug))
                .body("results[0].confident", is(true))
                .body("results[0].lang", equalTo("ja"))
                .body("results[0].languages", equalTo(List.of("en", "ja", "zh")))
                .body("results[0].url", equalTo("/articles/" + slug + "?lang=ja"))
                .body("results[0].why", not(empty()))
                .body("results[0].fixes[0].title", not(empty()))
                .body("results.score", everyItem(lessThanOrEqualTo(1.0f)))
                .body("results[1].confident", is(false));
    }

    @Test
    void acceptMarkdownGivesAChatReadySummaryInTheAskersLanguage() throws IOException {
        String text = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));

        String md = given().contentType(ContentType.TEXT).accept("text/markdown").header("Accept-Language", "ja")
                .body(text)
                .when().post("/api/v1/match")
                .then().statusCode(200)
                .contentType(containsString("text/markdown"))
                .extract().asString();

        assertThat(md).startsWith("根本原因: `java.io.IOException`")
                .contains("1. **チェックポイントが")
                .contains("— 確度高 (")
                .contains("   対処: ")
                .contains("http://localhost:8080/articles/flink-memory-state-too-large?lang=ja")
                .doesNotContain("4. ");
    }

    @Inject
    RateLimiter rateLimiter;

    @Test
    void aClientAboveTheRateLimitGets429WithRetryAfter() {
        int before = rateLimiter.perMinute();
        rateLimiter.setPerMinute(3);
        try {
            int ok = 0;
            io.restassured.response.Response last = null;
            for (int i = 0; i < 4; i++) {
                last = given().contentType(ContentType.TEXT).body("java.lang.Exception: x").post("/api/v1/match");
                if (last.statusCode() == 200) {
                    ok++;
                }
            }
            assertThat(ok).isEqualTo(3);
            assertThat(last.statusCode()).isEqualTo(429);
            assertThat(last.contentType()).startsWith("application/problem+json");
            assertThat(Integer.parseInt(last.header("Retry-After"))).isBetween(1, 60);
        } finally {
            rateLimiter.setPerMinute(before);
        }
    }

    @Test
    void withoutAnAcceptHeaderTheAnswerIsJson() {
        given().contentType(ContentType.JSON).body(Map.of("text", "java.lang.Exception: x")).header("Accept", "*/*")
                .when().post("/api/v1/match")
                .then().statusCode(200).contentType(ContentType.JSON);
    }

    @Test
    void markdownRepliesEscapeWhatWasPasted() {
        assertThat(MarkdownReply.escape("[click](javascript:alert(1)) *bold* <b>"))
                .isEqualTo("\\[click\\]\\(javascript:alert\\(1\\)\\) \\*bold\\* \\<b\\>");
    }

    @Test
    void theQueryReportsWhatWasUnderstood() throws IOException {
        String text = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));

        given().contentType(ContentType.TEXT).body(text)
                .when().post("/api/v1/match?lang=en&limit=1")
                .then().statusCode(200)
                .body("query.exceptions", equalTo(List.of("org.apache.flink.runtime.taskmanager.AsynchronousException",
                        "java.lang.Exception", "java.util.concurrent.ExecutionException", "java.io.IOException")))
                .body("query.rootCause.type", equalTo("java.io.IOException"))
                .body("query.rootCause.message", containsString("Size=5244975 , maxSize=5242880"))
                .body("query.fingerprint", containsString(""))
                .body("query.hints", empty())
                .body("query.component", equalTo("Apache Flink"))
                .body("query.searchLinks.tracker", equalTo(List.of("jira", "mailing-list")))
                .body("query.searchLinks[1].url", equalTo("https://lists.apache.org/list?user@flink.apache.org:lte=10y:"
                        + "IOException%20%22Size%20of%20the%20state%20is%20larger%20than%20the%20maximum%20permitted%22"))
                .body("results.size()", equalTo(1));
    }

    @Test
    void hintsSpeakTheAskersLanguage() throws IOException {
        String text = Files.readString(Path.of("src/test/resources/trace/seeds/002_58ce860dea897d92.txt"));

        given().contentType(ContentType.JSON).header("Accept-Language", "zh-CN,zh;q=0.9").body(Map.of("text", text))
                .when().post("/api/v1/match")
                .then().statusCode(200)
                .body("query.hints.code", hasItem("TRUNCATED_BEFORE_ROOT_CAUSE"))
                .body("query.hints.message", hasItem(containsString("根本原因")));
    }

    /** The reasons of the first result for seed 000, asked for as {@code request} says. */
    private static List<String> reasonsOfTheFirstResult(io.restassured.specification.RequestSpecification request) {
        return request.when().post("/api/v1/match")
                .then().statusCode(200)
                .body("results[0].slug", equalTo("flink-memory-state-too-large"))
                .extract().jsonPath().getList("results[0].why", String.class);
    }

    private static boolean writtenInCjk(String reason) {
        return reason.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN
                || Character.UnicodeScript.of(c) == Character.UnicodeScript.HIRAGANA
                || Character.UnicodeScript.of(c) == Character.UnicodeScript.KATAKANA);
    }

    @Test
    void reasonsAreInTheLanguageAskedForByLangOrAcceptLanguage() throws IOException {
        String text = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));

        List<String> en = reasonsOfTheFirstResult(given().contentType(ContentType.TEXT).body(text));
        List<String> ja = reasonsOfTheFirstResult(given().contentType(ContentType.TEXT).queryParam("lang", "ja")
                .body(text));
        List<String> zh = reasonsOfTheFirstResult(given().contentType(ContentType.JSON)
                .header("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5").body(Map.of("text", text)));

        // English is worded exactly as before the reasons were localised: bots match on it. The order is the
        // model's (most contributing first), the same in every language.
        assertThat(en).contains("same fingerprint as a sample trace",
                "root cause java.io.IOException with the same message template");
        int fingerprint = en.indexOf("same fingerprint as a sample trace");
        int root = en.indexOf("root cause java.io.IOException with the same message template");
        assertThat(ja).hasSameSizeAs(en).allMatch(MatchResourceTest::writtenInCjk);
        assertThat(ja.get(fingerprint)).isEqualTo("トレースの例とフィンガープリントが同じ");
        assertThat(ja.get(root)).isEqualTo("根本原因が同じ java.io.IOException、メッセージのテンプレートも一致");
        assertThat(zh).hasSameSizeAs(en).allMatch(MatchResourceTest::writtenInCjk);
        assertThat(zh.get(fingerprint)).isEqualTo("与示例堆栈的指纹相同");
        assertThat(zh.get(root)).isEqualTo("根本原因同为 java.io.IOException，消息模板相同");
    }

    @Test
    void reasonsInLanguagesWithoutATranslationAreInEnglish() throws IOException {
        String text = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));

        List<String> en = reasonsOfTheFirstResult(given().contentType(ContentType.TEXT).queryParam("lang", "en")
                .body(text));
        List<String> fr = reasonsOfTheFirstResult(given().contentType(ContentType.JSON)
                .body(Map.of("text", text, "lang", "fr")));
        List<String> de = reasonsOfTheFirstResult(given().contentType(ContentType.TEXT)
                .header("Accept-Language", "de-DE,de;q=0.9").body(text));

        assertThat(en).isNotEmpty().contains("same fingerprint as a sample trace").noneMatch(MatchResourceTest::writtenInCjk);
        assertThat(fr).isEqualTo(en);
        assertThat(de).isEqualTo(en);
    }

    @Test
    void freeTextIsSearchedButNeverConfident() {
        given().contentType(ContentType.JSON)
                .body(Map.of("text", "checkpoint fails: state is larger than the maximum permitted memory-backed state"))
                .when().post("/api/v1/match")
                .then().statusCode(200)
                .body("query.exceptions", empty())
                .body("query.hints.code", hasItem("NO_TRACE_FOUND"))
                .body("results[0].slug", equalTo("flink-memory-state-too-large"))
                .body("results.confident", everyItem(is(false)));
    }

    @Test
    void anIncidentIsMatchableAsSoonAsItsSaveReturns() {
        String slug = SampleIncidents.uniqueSlug("fresh");
        String trace = "java.lang.IllegalStateException: Unique failure " + slug + "\n"
                + "\tat com.example.fresh.Widget.explode(Widget.java:42)\n"
                + "\tat com.example.fresh.Factory.build(Factory.java:7)\n";
        IncidentData base = SampleIncidents.minimal(slug);
        articles.create(new IncidentData(slug, base.product(), base.tags(), base.affectedVersions(), base.status(),
                base.translations(), base.fixes(), List.of(new SampleTraceData(null, trace, "test"))), "test", null);

        given().contentType(ContentType.TEXT).body(trace.replace("java:42)", "java:43)"))
                .when().post("/api/v1/match")
                .then().statusCode(200)
                .body("results[0].slug", equalTo(slug))
                // what this test is about: the save is indexed before it returns. Whether two frames of a made-up
                // trace are enough to be sure is the model's call (README, Matching model)
                .body("results[0].why", hasItem("same fingerprint as a sample trace"));
    }

    @Test
    void queryLanguageSyntaxInThePasteIsJustText() {
        given().contentType(ContentType.JSON).body(Map.of("text", "*:* OR slug:* AND fingerprint:[* TO *] ~2 \\\"\""))
                .when().post("/api/v1/match")
                .then().statusCode(200)
                .body("results.confident", everyItem(is(false)));
    }

    @Test
    void aMissingOrBlankTextIs400NamingTheField() {
        for (Object body : List.of(Map.of(), Map.of("text", "  "), Map.of("text", 42))) {
            given().contentType(ContentType.JSON).body(body)
                    .when().post("/api/v1/match")
                    .then().statusCode(400)
                    .contentType("application/problem+json")
                    .body("status", equalTo(400))
                    .body("errors.field", hasItem("text"));
        }
        given().contentType(ContentType.TEXT).body("")
                .when().post("/api/v1/match")
                .then().statusCode(400).contentType("application/problem+json");
    }

    @Test
    void aLimitOutsideOneToFiftyIs400() {
        for (Object limit : List.of(0, 51, "many", 2.5)) {
            given().contentType(ContentType.JSON).body(Map.of("text", "java.lang.Exception: x", "limit", limit))
                    .when().post("/api/v1/match")
                    .then().statusCode(400)
                    .body("errors.field", hasItem("limit"));
        }
    }

    @Test
    void brokenJsonIs400() {
        given().contentType(ContentType.JSON).body("{\"text\": \"unterminated")
                .when().post("/api/v1/match")
                .then().statusCode(400).contentType("application/problem+json")
                .body("title", equalTo("Bad request"));
    }

    @Test
    void aBodyAboveOneMebibyteIs413() {
        String huge = "at a.B.c(B.java:1)\n".repeat(60_000);
        assertThat(huge.length()).isGreaterThan(1 << 20);
        given().contentType(ContentType.TEXT).body(huge)
                .when().post("/api/v1/match")
                .then().statusCode(413).contentType("application/problem+json");
    }

    @Test
    void otherContentTypesAre415() {
        given().contentType(ContentType.XML).body("<text>java.lang.Exception</text>")
                .when().post("/api/v1/match")
                .then().statusCode(415).contentType("application/problem+json");
    }

    @Test
    void brokenUtf8IsStillMatched() {
        byte[] body = "java.lang.IllegalStateException: caf\u00e9 \n\tat a.B.c(B.java:1)\n".getBytes();
        body[body.length - 25] = (byte) 0xC3; // a lone lead byte
        given().contentType("text/plain; charset=UTF-8").body(body)
                .when().post("/api/v1/match")
                .then().statusCode(200)
                .body("query.rootCause.type", equalTo("java.lang.IllegalStateException"));
    }

    @TestHTTPResource("/")
    URI base;

    @Inject
    IndexSynchronizer searchIndex;

    @Inject
    IncidentMatcher matcher;

    @Test
    void aBodySentWithoutItsLengthGetsTheSameAnswerAsWithIt() throws Exception {
        byte[] text = Files.readAllBytes(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));
        URI uri = base.resolve("/api/v1/match?limit=2&lang=zh");
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<String> declared = http.send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "text/plain; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofByteArray(text)).build(), HttpResponse.BodyHandlers.ofString());
        // an InputStream publisher has no length: the client sends the body chunked
        HttpResponse<String> chunked = http.send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "text/plain; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(text))).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(chunked.request().headers().firstValue("Content-Length")).isEmpty();
        assertThat(declared.statusCode()).isEqualTo(200);
        assertThat(chunked.statusCode()).isEqualTo(200);
        assertThat(chunked.body()).isEqualTo(declared.body())
                .contains("\"slug\":\"flink-memory-state-too-large\"", "\"lang\":\"zh\"");
        assertThat(given().contentType(ContentType.TEXT).body(text).queryParam("limit", 2)
                .when().post("/api/v1/match").then().extract().<List<Object>>path("results")).hasSize(2);
    }

    @Test
    void anIncidentIndexedWithoutItsCardIsShownFromTheDatabase() throws IOException {
        String slug = "flink-memory-state-too-large";
        String text = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));
        LuceneIndex index = searchIndex.index();
        int id = given().contentType(ContentType.TEXT).body(text).when().post("/api/v1/match")
                .then().statusCode(200).extract().path("results[0].id");
        IndexedIncident full = IndexedIncident.of(id, index.indexedVersion(id), articles.find(slug).orElseThrow());
        index.put(new IndexedIncident(full.id(), full.version(), full.slug(), full.product(), full.searchable(),
                full.textByLanguage(), full.traces(), full.titles(), full.affectedVersions(), null));
        index.refresh();
        try {
            assertThat(matcher.card(slug)).isEmpty(); // so the answer below cannot come from the index
            given().contentType(ContentType.TEXT).body(text).queryParam("lang", "ja")
                    .when().post("/api/v1/match")
                    .then().statusCode(200)
                    .body("results[0].slug", equalTo(slug))
                    .body("results[0].title", equalTo(articles.find(slug).orElseThrow().translations().get("ja").title()))
                    .body("results[0].fixes[0].title", not(empty()));
        } finally {
            index.put(full);
            index.refresh();
        }
    }
}
