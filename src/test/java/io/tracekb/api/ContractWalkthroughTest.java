package io.tracekb.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.TestUsers;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What a script that knows only the v1 contract does: sign in, create an incident with a sample trace, then
 * find it by matching another occurrence of that failure (other line numbers, another version's jar suffix,
 * log prefixes, Windows line endings). Plain HTTP and JSON, nothing from the code base.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ContractWalkthroughTest {

    @Test
    void createAnIncidentThenFindItByMatchingAVariantOfItsTrace() {
        String id = UUID.randomUUID().toString().substring(0, 8);
        String slug = "walkthrough-" + id;
        String pkg = "com.example.w" + id;
        String sample = "java.lang.IllegalStateException: Buffer pool exhausted after 30000 ms (pool=ingest-7)\n"
                + "\tat " + pkg + ".pool.BufferPool.acquire(BufferPool.java:118) ~[ingest-2.4.1.jar:2.4.1]\n"
                + "\tat " + pkg + ".pipeline.Stage.process(Stage.java:77) ~[ingest-2.4.1.jar:2.4.1]\n"
                + "\tat " + pkg + ".pipeline.Runner.run(Runner.java:40) ~[ingest-2.4.1.jar:2.4.1]\n"
                + "\tat java.lang.Thread.run(Thread.java:829) [?:?]\n";
        Map<String, Object> incident = Map.of(
                "slug", slug, "product", "ingest", "tags", List.of("memory"), "status", "published",
                "affectedVersions", "2.x",
                "translations", Map.of("en", Map.of("title", "Buffer pool exhausted", "summary", "Raise the pool size.",
                        "body", "The pool ran dry.")),
                "fixes", List.of(Map.of("snippet", "ingest.buffers=64", "snippetLanguage", "properties",
                        "texts", Map.of("en", Map.of("title", "Raise ingest.buffers", "description", "Then restart.")))),
                "sampleTraces", List.of(Map.of("text", sample)));

        given().auth().preemptive().basic(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD)
                .contentType(ContentType.JSON).body(incident)
                .when().post("/api/v1/articles")
                .then().statusCode(201)
                .header("Location", matchesPattern(".*/api/v1/articles/" + slug));

        String variant = ("2026-11-30 10:00:01,234 ERROR [ingest-worker-3] c.e.Runner - stage failed\r\n" + sample
                .replace("30000 ms (pool=ingest-7)", "60000 ms (pool=ingest-2)")
                // exact patterns only: the random package name may itself contain such digits
                .replace("java:118)", "java:121)").replace("java:77)", "java:80)")
                .replace("ingest-2.4.1.jar:2.4.1", "ingest-2.5.0.jar:2.5.0").replace("\n", "\r\n"));
        given().contentType(ContentType.JSON).body(Map.of("text", variant, "lang", "en", "limit", 3))
                .when().post("/api/v1/match")
                .then().statusCode(200)
                .body("query.rootCause.type", equalTo("java.lang.IllegalStateException"))
                .body("results[0].slug", equalTo(slug))
                .body("results[0].confident", is(true))
                .body("results[0].fixes[0].snippet", equalTo("ingest.buffers=64"));
    }
}
