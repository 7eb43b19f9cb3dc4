package io.tracekb.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.content.ContentImporter;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The paste box and the results page, without JavaScript: what a plain form post gets back. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class MatchPageTest {

    static final Path SEED_000 = Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt");

    @Inject
    ContentImporter importer;

    @BeforeEach
    void importShippedContent() {
        importer.importAll(Path.of("content"));
    }

    @Test
    void theHomePageIsAPasteBox() {
        given().when().get("/").then().statusCode(200)
                .body(containsString("<form id=\"paste-form\" class=\"paste\" method=\"post\" action=\"/match\">"))
                .body(containsString("<label for=\"paste\">"))
                .body(containsString("<textarea id=\"paste\" name=\"text\""));
    }

    @Test
    void aPastedSeedTraceShowsWhatWasUnderstoodThenTheMemoryStateIncidentFirstWithItsFix() throws IOException {
        String page = PageForms.csrf().form().formParam("text", Files.readString(SEED_000)).formParam("lang", "en")
                .when().post("/match").then().statusCode(200)
                .contentType(containsString("text/html"))
                .extract().asString();

        assertThat(page).contains("What TraceKB understood")
                .contains("<code class=\"root-cause\">java.io.IOException</code>")
                .contains("Size=&lt;num&gt; , maxSize=&lt;num&gt;") // the message template
                .contains("<dd class=\"frames\">");
        int first = page.indexOf("id=\"result-1\"");
        int second = page.indexOf("id=\"result-2\"");
        String firstCard = page.substring(first, second < 0 ? page.length() : second);
        assertThat(firstCard).contains("href=\"/articles/flink-memory-state-too-large?lang=en\"")
                .contains("<span class=\"label confident\">confident</span>")
                .contains("<meter ")
                .contains("Why it matched")
                .contains("<ul class=\"why\"><li>") // in the model's order of contribution
                .contains("<li>same fingerprint as a sample trace</li>")
                // the message quoted as the paste wrote it (issue 21, item 10: it was lowercased)
                .contains("<li>its title names the message (&quot;Size of the state is larger than the maximum "
                        + "permitted memory-backed state&quot;)</li>")
                .contains("<pre class=\"snippet\">")
                .contains("class=\"copy\"")
                .contains("<details class=\"pasted\">")
                .contains("<mark>");
    }

    @Test
    void theBestMatchComesFirstThenThePasteThenWhatWasUnderstoodFolded() throws IOException {
        // issue 21, item 1: the answer in the first screen; what was understood follows, collapsed
        String page = PageForms.csrf().form().formParam("text", Files.readString(SEED_000)).formParam("lang", "en")
                .when().post("/match").then().statusCode(200).extract().asString();
        int best = page.indexOf("id=\"result-1\"");
        int box = page.indexOf("<textarea id=\"paste\"");
        int understood = page.indexOf("<details class=\"understood\">");
        assertThat(best).isPositive().isLessThan(box);
        assertThat(box).isLessThan(understood);
        assertThat(page.substring(understood)).contains("id=\"understood-heading\"");
    }

    @Test
    void confidentResultsShowTheirFixesAndPossibleOnesALineThatOpensOnDemand() throws IOException {
        // issue 21, item 4
        String page = PageForms.csrf().form().formParam("text", Files.readString(SEED_000)).formParam("lang", "en")
                .when().post("/match").then().statusCode(200).extract().asString();
        String first = card(page, 1);
        String second = card(page, 2);
        assertThat(first).contains("class=\"card confident\"").contains("<ol class=\"fixes\">")
                .doesNotContain("<details class=\"more\">");
        assertThat(second).contains("class=\"card possible\"").contains("<details class=\"more\">");
        assertThat(second.substring(second.indexOf("<details class=\"more\">"))).contains("<ol class=\"fixes\">");
        assertThat(second.substring(0, second.indexOf("<details class=\"more\">"))).doesNotContain("<ol class=\"fixes\">");
    }

    static String card(String page, int rank) {
        int from = page.indexOf("id=\"result-" + rank + "\"");
        int to = page.indexOf("id=\"result-" + (rank + 1) + "\"");
        assertThat(from).as("card %s", rank).isPositive();
        return page.substring(from - 30, to < 0 ? page.indexOf("</ol>\n</section>", from) : to);
    }

    @Test
    void freeTextIsSaidOnceToBeFreeText() {
        // issue 21, item 5: the notice showed as text and again as a hint
        String page = given().queryParam("q", "checkpoint expired before completing").queryParam("lang", "zh")
                .when().get("/match").then().statusCode(200).extract().asString();
        assertThat(page.split("未识别到堆栈跟踪", -1)).hasSize(2);
    }

    @Test
    void framesOfATraceWithALogPrefixOnEveryLineAreHighlighted() throws IOException {
        // issue 21, item 6: "9 of 9 frames align" beside "0 highlighted" when every line carried a log prefix
        String prefixed = Files.readString(SEED_000).lines()
                .map(l -> l.strip().startsWith("at ") ? "2021-06-02 10:00:00,000 ERROR Task - " + l : l)
                .collect(java.util.stream.Collectors.joining("\n"));
        String page = PageForms.csrf().form().formParam("text", prefixed).formParam("lang", "en")
                .when().post("/match").then().statusCode(200).extract().asString();
        String first = card(page, 1);
        assertThat(first).contains("flink-memory-state-too-large").contains("frames align")
                .contains("with the frames it shares with this incident&#39;s sample traces highlighted")
                .contains("<mark>2021-06-02 10:00:00,000 ERROR Task -     at org.apache.flink.");
    }

    @Test
    void withoutAConfidentMatchThePageSaysWhatFailedAndWhereToSearchForIt() {
        // issue 21, item 7
        String page = PageForms.csrf().form().formParam("text", BrowserJourneysTest.UNKNOWN_PAIMON_FAILURE)
                .formParam("lang", "en").when().post("/match").then().statusCode(200).extract().asString();
        String noMatch = page.substring(page.indexOf("id=\"no-match\""), page.indexOf("<ol class=\"cards\">"));
        assertThat(noMatch).contains("No confident match.")
                .contains("What failed")
                .contains("<code class=\"root-cause\">org.apache.paimon.utils.WidgetMeltdownException</code>: "
                        + "<span class=\"message\">flux capacitor overloaded at 88 mph in bucket 7</span>")
                .contains("<dd class=\"component\">Apache Paimon</dd>")
                .contains("<code class=\"own-frame\">com.acme.pipeline.TimeTravelJob.main(TimeTravelJob.java:1985)</code>")
                .contains("href=\"https://issues.apache.org/jira/issues/?jql=project%20%3D%20FLINK%20AND%20text%20%7E%20"
                        + "%22WidgetMeltdownException%22%20AND%20text%20%7E%20%22%5C%22flux%20capacitor%20overloaded%20at%5C%22"
                        + "%22%20ORDER%20BY%20updated%20DESC\"")
                .contains("href=\"https://github.com/apache/paimon/issues?q=is%3Aissue%20WidgetMeltdownException%20"
                        + "%22flux%20capacitor%20overloaded%20at%22\"")
                .contains(">user@flink.apache.org</a>");
        // the closest incidents follow as folded cards, never with their fixes open
        assertThat(page.substring(page.indexOf("<ol class=\"cards\">"))).doesNotContain("class=\"card confident\"");
    }

    @Test
    void aPasteWithTheCrlfLineEndingsBrowsersSendIsNotCalledDamaged() throws IOException {
        // issue 21, item 3: a textarea's text arrives with CRLF, and CRLF counted as damage
        String crlf = Files.readString(SEED_000).replace("\n", "\r\n");
        String page = PageForms.csrf().form().formParam("text", crlf).formParam("lang", "en")
                .when().post("/match").then().statusCode(200).extract().asString();
        assertThat(page).contains("flink-memory-state-too-large").doesNotContainIgnoringCase("repaired");
    }

    @Test
    void resultsAreInTheChosenLanguageAndMissingTranslationsAreBadged() throws IOException {
        String page = PageForms.csrf().form().formParam("text", Files.readString(SEED_000)).formParam("lang", "ja")
                .when().post("/match").then().statusCode(200)
                .cookie(UiLanguageCookie.NAME, "ja")
                .extract().asString();
        assertThat(page).contains("<html lang=\"ja\">")
                .contains("TraceKB が読み取った内容")
                .contains("<h2 class=\"card-title\" lang=\"ja\"><a href=\"/articles/flink-memory-state-too-large?lang=ja\">")
                .contains("確度高")
                // the reasons in the model's order of contribution (README, Matching model), in Japanese
                .contains("<ul class=\"why\"><li>")
                .contains("<li>トレースの例とフィンガープリントが同じ</li>")
                .contains("<li>根本原因が同じ java.io.IOException、メッセージのテンプレートも一致</li>");
    }

    @Test
    void getWithAQueryParameterWorksForShortText() {
        given().queryParam("q", "Size of the state is larger than the maximum permitted memory-backed state")
                .queryParam("lang", "en")
                .when().get("/match").then().statusCode(200)
                .body(containsString("flink-memory-state-too-large"))
                .body(containsString("No stack trace was recognised"));
    }

    @Test
    void getWithoutAQueryGoesToThePasteBox() {
        given().redirects().follow(false).when().get("/match").then().statusCode(303);
    }

    @Test
    void aTraceWithoutConfidentMatchSaysSoAndOffersEditorsANewIncident() {
        String unknown = "com.example.nowhere.WidgetMeltdownException: flux capacitor at 88 mph\n"
                + "\tat com.example.nowhere.Flux.capacitate(Flux.java:88)\n"
                + "\tat com.example.nowhere.Delorean.drive(Delorean.java:1985)\n";
        String anonymous = PageForms.csrf().form().formParam("text", unknown)
                .when().post("/match").then().statusCode(200).extract().asString();
        assertThat(anonymous).contains("No confident match.").doesNotContain("Start a new incident from this trace");

        var editor = TestUsers.editor();
        String asEditor = PageForms.csrfFrom(TestUsers.editor(), "/").form(editor).formParam("text", unknown)
                .when().post("/match").then().statusCode(200).extract().asString();
        assertThat(asEditor).contains("No confident match.")
                .contains("Start a new incident from this trace")
                .contains("name=\"traceText\" value=\"com.example.nowhere.WidgetMeltdownException");
    }

    @Test
    void aTraceCutOffBeforeItsRootCauseGetsALocalizedHint() throws IOException {
        String cut = Files.readString(Path.of("src/test/resources/web/trace-cut-before-root-cause.txt"));
        PageForms.csrf().form().formParam("text", cut).formParam("lang", "ja")
                .when().post("/match").then().statusCode(200)
                .body(containsString("トレースが根本原因の手前で途切れています"));
    }

    @Test
    void anEmptyPasteIsAClearErrorOnTheSamePage() {
        PageForms.csrf().form().formParam("text", "   \n ")
                .when().post("/match").then().statusCode(400)
                .body(containsString("role=\"alert\""))
                .body(containsString("The paste is empty"))
                .body(containsString("<textarea id=\"paste\""));
    }

    @Test
    void aPasteAboveOneMebibyteIsRefusedAndKeptInTheBox() {
        String huge = "java.lang.IllegalStateException: keep me\n" + "\tat a.B.c(B.java:1)\n".repeat(60_000);
        assertThat(huge.length()).isGreaterThan(1024 * 1024);
        String page = PageForms.csrf().form().formParam("text", huge)
                .when().post("/match").then().statusCode(413)
                .body(containsString("larger than 1 MiB"))
                .extract().asString();
        assertThat(page).contains("java.lang.IllegalStateException: keep me");
    }

    @Inject
    io.tracekb.matching.RateLimiter rateLimiter;

    @Test
    void thePageSharesTheApisRateLimitAndKeepsThePasteWhenItIsReached() {
        int before = rateLimiter.perMinute();
        rateLimiter.setPerMinute(2);
        try {
            PageForms.Csrf csrf = PageForms.csrf();
            csrf.form().formParam("text", "java.lang.Exception: one").post("/match").then().statusCode(200);
            given().contentType("text/plain").body("java.lang.Exception: two").post("/api/v1/match").then()
                    .statusCode(200);
            csrf.form().formParam("text", "java.lang.Exception: three, kept").post("/match").then().statusCode(429)
                    .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                    .body(containsString("Too many searches"))
                    .body(containsString("java.lang.Exception: three, kept"));
        } finally {
            rateLimiter.setPerMinute(before);
        }
    }

    @Test
    void aFormPostWithoutTheCsrfTokenIsRefused() {
        given().contentType("application/x-www-form-urlencoded").formParam("text", "java.lang.Exception: x")
                .header("Accept-Language", "ja")
                .when().post("/match").then().statusCode(400)
                .contentType(containsString("text/html"))
                .body(containsString("フォームの有効期限が切れました"))
                .body(not(containsString("java.lang.Exception")));
        // signed in, with a forged token
        TestUsers.ensure();
        String session = PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD);
        PageForms.session(session).cookie(PageForms.CSRF_COOKIE, "AAAAAAAAAAAAAAAAAAAAAA")
                .contentType("application/x-www-form-urlencoded").formParam(PageForms.CSRF_FIELD, "BBBBBBBBBBBBBBBBBBBBBB")
                .formParam("text", "java.lang.Exception: x")
                .when().post("/match").then().statusCode(400)
                .body(containsString("The form has expired"));
    }
}
