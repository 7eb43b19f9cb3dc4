package io.tracekb.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** A draft is work in progress: editors see it, everyone else gets 404 as if it did not exist. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class DraftVisibilityTest {

    @Inject
    ArticleService articles;

    @Test
    void draftsAreVisibleToEditorsOnly() {
        String slug = SampleIncidents.uniqueSlug("draft");
        IncidentData d = SampleIncidents.minimal(slug);
        articles.create(new IncidentData(slug, d.product(), d.tags(), d.affectedVersions(), IncidentStatus.DRAFT,
                d.translations(), d.fixes(), d.sampleTraces()), "test", null);

        given().when().get("/api/v1/articles/" + slug).then().statusCode(404)
                .contentType("application/problem+json");
        given().when().get("/articles/" + slug).then().statusCode(404);
        given().queryParam("size", 100).when().get("/api/v1/articles").then().statusCode(200)
                .body("items.slug", not(hasItem(slug)));
        given().queryParam("status", "draft").when().get("/api/v1/articles").then().statusCode(401);

        // the revisions endpoints read the same rule (issue 19, item 1: they answered 200 with the full snapshot)
        for (String path : new String[] {"/revisions", "/revisions/1"}) {
            given().when().get("/api/v1/articles/" + slug + path).then().statusCode(404)
                    .contentType("application/problem+json");
            TestUsers.reader().when().get("/api/v1/articles/" + slug + path).then().statusCode(404);
            TestUsers.editor().when().get("/api/v1/articles/" + slug + path).then().statusCode(200);
        }
        TestUsers.reader().when().get("/articles/" + slug).then().statusCode(404);

        given().auth().preemptive().basic(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD)
                .when().get("/api/v1/articles/" + slug).then().statusCode(200).body("status", equalTo("draft"));
        given().auth().preemptive().basic(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD)
                .queryParam("status", "draft").queryParam("size", 100)
                .when().get("/api/v1/articles").then().statusCode(200).body("items.slug", hasItem(slug));
    }
}
