package io.tracekb.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Security of the pages: headers, CSRF tokens on every form, no inline script, and no stored or reflected XSS
 * whatever is typed into any field or pasted. The API keeps working without CSRF tokens or cookies.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class PageSecurityTest {

    static List<String> hostileValues() throws IOException {
        return Files.readAllLines(Path.of("src/test/resources/web/hostile-values.txt"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "/", "/login", "/css/app.css", "/js/app.js", "/no-such-page" })
    void pagesAndTheirFilesCarryTheSecurityHeaders(String path) {
        given().get(path).then()
                .header("Content-Security-Policy", containsString("script-src 'self'"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .header("Content-Security-Policy", not(containsString("unsafe-inline")))
                .header("X-Content-Type-Options", equalTo("nosniff"))
                .header("X-Frame-Options", equalTo("DENY"))
                .header("Referrer-Policy", equalTo("same-origin"));
    }

    @Test
    void theApiAnswersAsBeforeWithoutPageHeadersOrCsrfCookies() {
        given().contentType(ContentType.JSON).body(Map.of("text", "java.lang.Exception: x"))
                .post("/api/v1/match").then().statusCode(200)
                .header("Content-Security-Policy", nullValue())
                .header("Set-Cookie", nullValue());
        given().get("/api/v1/articles").then().statusCode(200).header("Set-Cookie", nullValue());
        // a bot's form post to the API needs no CSRF token (the Slack endpoint is one; here: text/plain match)
        given().contentType(ContentType.TEXT).body("java.lang.Exception: x").post("/api/v1/match").then()
                .statusCode(200);
        given().contentType("application/x-www-form-urlencoded").formParam("text", "java.lang.Exception: x")
                .post("/api/v1/chat/slash").then().statusCode(401); // signature checked, not a CSRF 400
    }

    @Test
    void everyFormOnEveryPageCarriesACsrfToken() {
        TestUsers.ensure();
        String session = PageForms.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        String slug = SampleIncidents.uniqueSlug("csrf-forms");
        io.quarkus.arc.Arc.container().instance(io.tracekb.incident.ArticleService.class).get()
                .create(SampleIncidents.minimal(slug), "test", null);
        for (String page : List.of("/", "/login", "/editor/new", "/editor/" + slug, "/editor/" + slug + "/revisions",
                "/articles/" + slug, "/admin")) {
            String html = PageForms.session(session).get(page).then().statusCode(200).extract().asString();
            var forms = Pattern.compile("<form[^>]*method=\"post\"[^>]*>(.*?)</form>", Pattern.DOTALL).matcher(html);
            int n = 0;
            while (forms.find()) {
                n++;
                assertThat(forms.group(1)).as("a post form on " + page).contains("name=\"csrf-token\" value=\"");
            }
            assertThat(n).as("post forms on " + page).isPositive();
        }
    }

    @Test
    void pagesHaveNoInlineScript() {
        String html = given().get("/").then().extract().asString();
        assertThat(Pattern.compile("<script(?![^>]*\\bsrc=)").matcher(html).find()).isFalse();
        assertThat(html).contains("<script src=\"/js/app.js\" defer></script>");
    }

    @Test
    void aHostilePasteIsShownAsTextEverywhereOnTheResultsPage() throws IOException {
        TestUsers.ensure();
        String hostile = String.join("\n", hostileValues());
        String paste = "java.lang.IllegalStateException: " + hostile.replace("\n", " ") + "\n"
                + "\tat x.<script>alert(6)</script>.y(Z.java:1)\n" + hostile;
        String session = PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD); // editors also get the paste back in a hidden field
        for (String lang : List.of("en", "ja")) {
            Response r = PageForms.csrfFrom(PageForms.session(session), "/").form(PageForms.session(session))
                    .formParam("text", paste).formParam("lang", lang).post("/match");
            assertThat(r.statusCode()).isEqualTo(200);
            assertNoActiveMarkup(r.asString(), "results page");
            assertThat(r.asString()).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        }
        Response viaGet = given().queryParam("q", hostile).get("/match");
        assertNoActiveMarkup(viaGet.asString(), "GET /match");
    }

    @Test
    void hostileValuesInEveryEditorFieldAreStoredAsTextAndShownAsText() throws IOException {
        TestUsers.ensure();
        String session = PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD);
        String hostile = String.join(" ", hostileValues());
        String slug = SampleIncidents.uniqueSlug("xss-editor");
        var post = PageForms.csrfFrom(PageForms.session(session), "/editor/new").form(PageForms.session(session))
                .formParam("op", "save").formParam("version", "-1").formParam("slug", slug)
                .formParam("product", "flink").formParam("status", "published").formParam("originalLanguage", "en")
                .formParam("tags", "t1")
                .formParam("affectedVersions", hostile);
        for (String l : List.of("en", "ja", "zh")) {
            post = post.formParam("title_" + l, "Title " + hostile).formParam("summary_" + l, "Summary " + hostile)
                    .formParam("body_" + l, "Body " + hostile + "\n\n[x](javascript:alert(7))")
                    .formParam("fixTitle_" + l, "Fix " + hostile).formParam("fixDescription_" + l, "Do " + hostile);
        }
        post.formParam("fixSnippet", hostile).formParam("fixSnippetLanguage", "yaml").formParam("fixFile", hostile)
                .formParam("fixAppliesTo", hostile)
                .formParam("traceText", "java.lang.Exception: " + hostile + "\n\tat a.B.c(B.java:1)")
                .formParam("traceSource", hostile)
                .post("/editor/new").then().statusCode(303);

        for (String page : List.of("/articles/" + slug + "?lang=en", "/articles/" + slug + "?lang=ja", "/",
                "/editor/" + slug, "/editor/" + slug + "/revisions")) {
            String html = PageForms.session(session).get(page).then().statusCode(200).extract().asString();
            assertNoActiveMarkup(html, page);
            assertThat(html).as(page).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        }
        String results = PageForms.csrf().form().formParam("text", "java.lang.Exception: " + hostile + "\n\tat a.B.c(B.java:1)")
                .post("/match").then().statusCode(200).extract().asString();
        assertNoActiveMarkup(results, "results with the hostile incident");
    }

    @Test
    void hostileValuesReachingTheAdminPageAreShownAsText() throws IOException {
        TestUsers.ensure();
        String hostile = String.join(" ", hostileValues());
        // an unmatched paste puts its message template into the backlog; a token name is free text
        given().contentType(ContentType.JSON)
                .body(Map.of("text", "com.example.Hostile" + SampleIncidents.uniqueSlug("X").replace("-", "")
                        + "Exception: " + hostile + "\n\tat com.example.X.y(X.java:1)"))
                .post("/api/v1/match").then().statusCode(200);
        TestUsers.newToken(TestUsers.EDITOR, "reader");
        io.quarkus.arc.Arc.container().instance(io.tracekb.security.TokenService.class).get()
                .create(TestUsers.EDITOR, hostile.substring(0, 90), "reader", io.tracekb.security.Role.ADMIN);
        String session = PageForms.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        String html = PageForms.session(session).get("/admin").then().statusCode(200).extract().asString();
        assertNoActiveMarkup(html, "/admin");
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    }

    /**
     * Reads the page as a browser would (jsoup's HTML parser) and fails on anything that could run: a script
     * other than /js/app.js, an event-handler attribute, a javascript: URL, or an element a payload could bring
     * (img, svg, iframe, object).
     */
    static void assertNoActiveMarkup(String html, String where) {
        Document doc = Jsoup.parse(html);
        for (Element e : doc.getAllElements()) {
            String tag = e.tagName();
            if (tag.equals("script")) {
                assertThat(e.attr("src")).as("script on " + where).isEqualTo("/js/app.js");
            }
            assertThat(List.of("img", "svg", "iframe", "object", "embed")).as("element on " + where).doesNotContain(tag);
            for (Attribute a : e.attributes()) {
                assertThat(a.getKey().toLowerCase()).as("attribute of <" + tag + "> on " + where).doesNotStartWith("on");
                assertThat(a.getValue().strip().toLowerCase()).as("attribute value on " + where)
                        .doesNotStartWith("javascript:");
            }
        }
    }
}
