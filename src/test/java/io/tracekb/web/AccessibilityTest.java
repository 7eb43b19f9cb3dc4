package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.incident.ArticleService;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Checks a screen reader and a keyboard depend on, on every page: a page language, one h1, a label for every
 * form control, a text on every button and link, and a language on content written in another language.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class AccessibilityTest {

    @Inject
    ArticleService articles;

    @Test
    void everyPageHasALanguageAHeadingAndLabelledControls() {
        TestUsers.ensure();
        String admin = PageForms.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        String slug = SampleIncidents.uniqueSlug("a11y");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        String results = PageForms.csrfFrom(PageForms.session(admin), "/").form(PageForms.session(admin))
                .formParam("text", "java.io.IOException: boom\n\tat a.B.c(B.java:1)").post("/match").asString();
        check("results", results);
        for (String page : List.of("/", "/?lang=ja", "/login", "/articles/" + slug + "?lang=ja", "/editor/new",
                "/editor/" + slug, "/editor/" + slug + "/revisions", "/editor/" + slug + "/diff?from=1&to=1",
                "/admin")) {
            check(page, PageForms.session(admin).get(page).then().statusCode(200).extract().asString());
        }
    }

    @Test
    void translatedContentCarriesItsOwnLanguage() {
        String slug = SampleIncidents.uniqueSlug("a11y-lang");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        // the page is in Japanese, the fix only exists in English: it must say so for screen readers
        Document doc = Jsoup.parse(PageForms.session("none").get("/articles/" + slug + "?lang=ja").asString());
        assertThat(doc.selectFirst("html").attr("lang")).isEqualTo("ja");
        assertThat(doc.selectFirst("article").attr("lang")).isEqualTo("ja");
        assertThat(doc.selectFirst("section.fixes li").attr("lang")).isEqualTo("en");
    }

    static void check(String page, String html) {
        Document doc = Jsoup.parse(html);
        assertThat(doc.selectFirst("html").attr("lang")).as(page + " html lang").isIn("en", "ja", "zh");
        assertThat(doc.select("h1")).as(page + " h1").hasSize(1);
        for (Element control : doc.select("input:not([type=hidden]), textarea, select")) {
            String id = control.id();
            boolean labelled = !control.attr("aria-label").isBlank()
                    || (!id.isEmpty() && !doc.select("label[for=" + id + "]").isEmpty())
                    || !control.parents().select("label").isEmpty();
            assertThat(labelled).as(page + ": a label for " + control.outerHtml()).isTrue();
        }
        for (Element e : doc.select("button, a")) {
            assertThat(e.text().isBlank() && e.attr("aria-label").isBlank())
                    .as(page + ": text of " + e.outerHtml()).isFalse();
        }
    }
}
