package io.tracekb.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.content.ContentImporter;
import io.tracekb.content.IncidentFolder;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The pages a newcomer sees: the shipped incidents, in each of the three languages. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class PagesTest {

    static final List<String> SHIPPED = List.of("flink/memory-state-too-large",
            "flink/async-checkpoint-materialization-failed", "flink/task-stuck-cancelling-taskmanager-exit");

    @Inject
    ContentImporter importer;

    @Inject
    ArticleService articles;

    @BeforeEach
    void importShippedContent() {
        importer.importAll(Path.of("content"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "en", "ja", "zh" })
    void theHomePageListsEveryShippedIncidentInTheChosenLanguage(String lang) {
        var response = given().queryParam("lang", lang).when().get("/").then()
                .statusCode(200)
                .contentType(containsString("text/html"))
                .body(containsString("<html lang=\"" + lang + "\">"));
        for (String folder : SHIPPED) {
            IncidentData d = IncidentFolder.read(Path.of("content").resolve(folder));
            response.body(containsString(escape(d.translations().get(lang).title())));
        }
    }

    @Test
    void acceptLanguageChoosesThePageLanguage() {
        given().header("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5").when().get("/").then()
                .statusCode(200)
                .body(containsString("<html lang=\"zh\">"))
                .body(containsString("已知故障"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "en", "ja", "zh" })
    void anIncidentPageShowsTitleBodyFixesAndTracesInTheChosenLanguage(String lang) {
        for (String folder : SHIPPED) {
            IncidentData d = IncidentFolder.read(Path.of("content").resolve(folder));
            TranslationData t = d.translations().get(lang);
            FixTextData firstFix = d.fixes().get(0).texts().get(lang);
            given().queryParam("lang", lang).when().get("/articles/" + d.slug()).then()
                    .statusCode(200)
                    .body(containsString("<article lang=\"" + lang + "\">"))
                    .body(containsString("<h1>" + escape(t.title()) + "</h1>"))
                    .body(containsString(escape(firstFix.title())))
                    .body(containsString("<details>"))
                    .body(containsString("hreflang=\"ja\""));
        }
    }

    @Test
    void aMissingTranslationFallsBackToEnglishAndSaysSo() {
        IncidentData d = IncidentFolder.read(Path.of("content").resolve(SHIPPED.get(0)));
        given().queryParam("lang", "fr").when().get("/articles/" + d.slug()).then()
                .statusCode(200)
                .body(containsString("<h1>" + escape(d.translations().get("en").title()) + "</h1>"))
                .body(containsString("class=\"notice\""));
    }

    @Test
    void anUnknownIncidentIs404WithAPageInTheAskersLanguageThatLeadsHome() {
        // issue 21, item 13: it was a bare 404
        given().queryParam("lang", "ja").when().get("/articles/no-such-incident").then().statusCode(404)
                .contentType(containsString("text/html"))
                .body(containsString("<html lang=\"ja\">"))
                .body(containsString("<h1>見つかりません</h1>"))
                .body(containsString("<a href=\"/?lang=ja\">"));
        given().header("Accept-Language", "zh-CN").when().get("/articles/no-such-incident").then().statusCode(404)
                .body(containsString("<h1>未找到</h1>"));
        // the API keeps its problem+json
        given().when().get("/api/v1/articles/no-such-incident").then().statusCode(404)
                .contentType(containsString("application/problem+json"));
    }

    @Test
    void aFormsAddressOpenedByItselfLeadsToItsPage() {
        // issue 21, item 13: GET /admin/tokens and /admin/users answered 405 with an empty body
        for (String form : new String[] { "/admin/tokens", "/admin/users" }) {
            given().redirects().follow(false).when().get(form).then().statusCode(303)
                    .header("Location", org.hamcrest.Matchers.endsWith("/admin"));
        }
        // a form's address without a page of its own (sign-out takes a POST only) says so
        given().header("Accept-Language", "en").when().get("/logout").then().statusCode(405)
                .contentType(containsString("text/html"))
                .body(containsString("<h1>Not a page to open</h1>"))
                .body(containsString("<a href=\"/?lang=en\">"));
    }

    @Test
    void markupInAnyFieldIsEscapedOrSanitised() {
        String slug = SampleIncidents.uniqueSlug("xss");
        String payload = "<script>alert(1)</script>";
        IncidentData hostile = new IncidentData(slug, "flink", List.of(), payload, IncidentStatus.PUBLISHED,
                Map.of("en", new TranslationData("Title " + payload, "Summary " + payload,
                        "Body " + payload + "\n\n[link](javascript:alert(2)) <img src=x onerror=alert(3)>", true)),
                List.of(new FixData(payload, "yaml", payload, payload,
                        Map.of("en", new FixTextData("Fix " + payload, "Do " + payload)))),
                List.of(new SampleTraceData(null, "java.lang.Exception: " + payload, payload)));
        articles.create(hostile, "test", null);

        given().when().get("/articles/" + slug + "?lang=en").then()
                .statusCode(200)
                .body(not(containsString("<script>")))
                .body(not(containsString("javascript:")))
                .body(not(containsString("<img")))
                .body(containsString("&lt;script&gt;"));
        given().when().get("/").then()
                .statusCode(200)
                .body(not(containsString("<script>")));
    }

    /** Qute escapes these characters in text; titles must appear exactly as escaped text. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("\"", "&quot;").replace("'", "&#39;").replace("<", "&lt;")
                .replace(">", "&gt;");
    }
}
