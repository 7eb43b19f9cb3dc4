package io.tracekb.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.incident.ArticleService;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The incident page's additions: permalink, copyable fixes, collapsed traces, "did this help?" for editors. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class IncidentPageTest {

    @Inject
    ArticleService articles;

    @Test
    void theIncidentPageHasAPermalinkCopyableFixesAndCollapsedTraces() {
        String slug = SampleIncidents.uniqueSlug("page");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        given().get("/articles/" + slug + "?lang=ja").then().statusCode(200)
                .body(containsString("href=\"/articles/" + slug + "?lang=ja\" rel=\"bookmark\""))
                .body(containsString("data-copy=\"fix-1\""))
                .body(containsString("<details>"))
                .body(containsString("この情報は役に立ちましたか？"))
                .body(not(containsString("feedback-counts")));
    }

    @Test
    void aLanguageTheIncidentLacksKeepsThePageInTheAskersLanguageWithAFullSwitcher() {
        // issue 21, item 9: ?lang=zh on an incident without Chinese switched the whole page to English
        String slug = SampleIncidents.uniqueSlug("fallback");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        String page = given().get("/articles/" + slug + "?lang=zh").then().statusCode(200).extract().asString();
        assertThat(page).contains("<html lang=\"zh\">")
                .contains("<article lang=\"en\">")
                .contains("<p class=\"notice\" lang=\"zh\">没有所请求语言的版本，正在显示 en 版本。</p>")
                .contains("<a href=\"/articles/" + slug + "?lang=en\" hreflang=\"en\" lang=\"en\">en</a>")
                .contains("<a href=\"/articles/" + slug + "?lang=ja\" hreflang=\"ja\" lang=\"ja\">ja</a>")
                .contains("<a href=\"/articles/" + slug + "?lang=zh\" hreflang=\"zh\" lang=\"zh\" aria-current=\"page\" "
                        + "class=\"missing\" title=\"尚未翻译\">zh</a>")
                .contains("这篇内容对你有帮助吗？"); // the page's own words in Chinese
    }

    @Test
    void aFixsVersionNoteIsInThePagesLanguageWhenItHasOneThere() {
        // issue 21, item 10: "适用版本: up to 1.19 as shown" on a Chinese page
        String slug = SampleIncidents.uniqueSlug("applies-to");
        var d = SampleIncidents.minimal(slug);
        var fix = new io.tracekb.incident.IncidentData.FixData("state.backend: hashmap", "yaml", "flink-conf.yaml",
                "up to 1.19 as shown", java.util.Map.of(
                        "en", new io.tracekb.incident.IncidentData.FixTextData("Use the hashmap backend", "Then restart."),
                        "zh", new io.tracekb.incident.IncidentData.FixTextData("使用 hashmap 状态后端", "然后重启。",
                                "如上所示适用于 1.19 及以前")));
        var translations = new java.util.TreeMap<>(d.translations());
        translations.put("zh", new io.tracekb.incident.IncidentData.TranslationData("检查点失败", "概要。", "正文。", null));
        articles.create(new io.tracekb.incident.IncidentData(slug, d.product(), d.tags(), d.affectedVersions(),
                d.status(), translations, List.of(fix), d.sampleTraces()), "test", null);
        given().get("/articles/" + slug + "?lang=zh").then().statusCode(200)
                .body(containsString("<p class=\"applies\">适用版本: 如上所示适用于 1.19 及以前</p>"))
                .body(not(containsString("as shown")));
        given().get("/articles/" + slug + "?lang=en").then().statusCode(200)
                .body(containsString("<p class=\"applies\">Applies to: up to 1.19 as shown</p>"));
    }

    @Test
    void aTranslationThatIsOnlyATitleSaysSoAndLinksTheFullText() {
        String slug = SampleIncidents.uniqueSlug("title-only");
        var d = SampleIncidents.minimal(slug);
        var translations = new java.util.TreeMap<>(d.translations());
        translations.put("ja", new io.tracekb.incident.IncidentData.TranslationData("チェックポイントが失敗する", null,
                null, null));
        articles.create(new io.tracekb.incident.IncidentData(slug, d.product(), d.tags(), d.affectedVersions(),
                d.status(), translations, d.fixes(), d.sampleTraces()), "test", null);
        given().get("/articles/" + slug + "?lang=ja").then().statusCode(200)
                .body(containsString("ja に翻訳されているのはまだタイトルだけです。 <a href=\"/articles/" + slug
                        + "?lang=en\" hreflang=\"en\">全文を読む（en）</a>"));
        given().get("/articles/" + slug + "?lang=en").then().statusCode(200)
                .body(not(containsString("全文を読む"))).body(not(containsString("Read the full text")));
    }

    @Test
    void aSampleTracesSourceIsALinkWithAShortLabelWithoutTheEditorsNotes() {
        String slug = SampleIncidents.uniqueSlug("source");
        var d = SampleIncidents.minimal(slug);
        articles.create(new io.tracekb.incident.IncidentData(slug, d.product(), d.tags(), d.affectedVersions(),
                d.status(), d.translations(), d.fixes(), List.of(
                        new io.tracekb.incident.IncidentData.SampleTraceData(null, "java.io.IOException: a\n\tat a.B.c(B.java:1)",
                                "https://github.com/apache/flink-cdc/issues/643 — issue '[mysql] No suitable driver' "
                                        + "(Flink CDC 2.1.0): TaskManager log; excerpt to the last complete frame"),
                        new io.tracekb.incident.IncidentData.SampleTraceData(null, "java.io.IOException: b\n\tat a.B.c(B.java:2)",
                                "generated: bench/flink-traces scenario zookeeper-connection-lost on Flink 2.2.0"))),
                "test", null);
        String page = given().get("/articles/" + slug + "?lang=ja").then().statusCode(200).extract().asString();
        assertThat(page).contains("<summary>#1 — 出典: <a href=\"https://github.com/apache/flink-cdc/issues/643\" "
                + "rel=\"noopener noreferrer\">apache/flink-cdc#643</a></summary>")
                .contains("<summary>#2 — 実際の Flink で発生させたもの")
                .doesNotContain("excerpt to the last complete frame").doesNotContain("zookeeper-connection-lost");
    }

    @Test
    void feedbackIsStoredThankedAndShownToEditorsOnly() {
        String slug = SampleIncidents.uniqueSlug("feedback");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        for (String answer : new String[] { "yes", "yes", "no" }) {
            PageForms.csrfFrom(given(), "/articles/" + slug).form().formParam("helpful", answer)
                    .formParam("lang", "en")
                    .post("/articles/" + slug + "/feedback").then().statusCode(303)
                    .header("Location", containsString("/articles/" + slug + "?lang=en&thanks=true#feedback"));
        }
        given().get("/articles/" + slug + "?lang=en&thanks=true").then().statusCode(200)
                .body(containsString("Thank you for your feedback."))
                .body(not(containsString("feedback-counts")));

        TestUsers.ensure();
        String editor = PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD);
        PageForms.session(editor).get("/articles/" + slug + "?lang=en").then().statusCode(200)
                .body(containsString("2 helpful, 1 not helpful"))
                .body(containsString("href=\"/editor/" + slug + "\""));
    }

    /** A reload or a second click in the same browser is thanked again but not counted again. */
    @Test
    void aBrowserAnswersOncePerIncident() {
        String slug = SampleIncidents.uniqueSlug("feedback-once");
        String other = SampleIncidents.uniqueSlug("feedback-other");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        articles.create(SampleIncidents.minimal(other), "test", null);

        String answered = PageForms.csrfFrom(given(), "/articles/" + slug).form().formParam("helpful", "yes")
                .post("/articles/" + slug + "/feedback").then().statusCode(303).extract().cookie(FeedbackCookie.NAME);
        assertThat(FeedbackCookie.read(answered)).containsExactly(slug);
        for (String again : new String[] { "yes", "no" }) {
            PageForms.csrfFrom(given(), "/articles/" + slug).form().cookie(FeedbackCookie.NAME, answered)
                    .formParam("helpful", again).post("/articles/" + slug + "/feedback").then().statusCode(303)
                    .header("Location", containsString("thanks=true"));
        }
        // the page remembers: the thanks instead of the buttons
        given().cookie(FeedbackCookie.NAME, answered).get("/articles/" + slug + "?lang=en").then().statusCode(200)
                .body(containsString("Thank you for your feedback.")).body(not(containsString("name=\"helpful\"")));
        // another incident in the same browser still counts, and joins the cookie
        String both = PageForms.csrfFrom(given(), "/articles/" + other).form().cookie(FeedbackCookie.NAME, answered)
                .formParam("helpful", "no").post("/articles/" + other + "/feedback").then().statusCode(303)
                .extract().cookie(FeedbackCookie.NAME);
        assertThat(FeedbackCookie.read(both)).containsExactly(slug, other);
        // a cookie that is not a list of slugs (forged, damaged, huge) is ignored: the answer counts
        for (String junk : new String[] { "", "x<script>", "../../etc", "a".repeat(5000) }) {
            PageForms.csrfFrom(given(), "/articles/" + slug).form().cookie(FeedbackCookie.NAME, junk)
                    .formParam("helpful", "no").post("/articles/" + slug + "/feedback").then().statusCode(303);
        }

        TestUsers.ensure();
        String editor = PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD);
        PageForms.session(editor).get("/articles/" + slug + "?lang=en").then().statusCode(200)
                .body(containsString("1 helpful, 4 not helpful"));
        PageForms.session(editor).get("/articles/" + other + "?lang=en").then().statusCode(200)
                .body(containsString("0 helpful, 1 not helpful"));
    }

    @Test
    void theAnsweredCookieKeepsTheLatestIncidentsWithinItsSize() {
        java.util.Set<String> many = new java.util.LinkedHashSet<>();
        for (int i = 0; i < 200; i++) {
            many.add("incident-with-a-long-slug-number-" + i);
        }
        String value = FeedbackCookie.with(many, "the-latest").getValue();
        assertThat(value.length()).isLessThanOrEqualTo(FeedbackCookie.MAX_CHARS);
        assertThat(FeedbackCookie.read(value)).last().isEqualTo("the-latest");
        assertThat(FeedbackCookie.read(value)).doesNotContain("incident-with-a-long-slug-number-0")
                .contains("incident-with-a-long-slug-number-199");
        assertThat(FeedbackCookie.read("a.b..c.UPPER.x y.d")).containsExactly("a", "b", "c", "d");
    }

    @Test
    void feedbackForAnUnknownIncidentIs404() {
        PageForms.csrf().form().formParam("helpful", "yes").post("/articles/no-such-incident/feedback").then()
                .statusCode(404);
    }
}
