package io.tracekb.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.article.ArticleService;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
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

    @Test
    void feedbackForAnUnknownIncidentIs404() {
        PageForms.csrf().form().formParam("helpful", "yes").post("/articles/no-such-incident/feedback").then()
                .statusCode(404);
    }
}
