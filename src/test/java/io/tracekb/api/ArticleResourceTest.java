package io.tracekb.api;

import static io.restassured.RestAssured.given;
import static io.tracekb.testing.TestUsers.editor;
import static io.tracekb.testing.TestUsers.reader;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.tracekb.incident.IncidentData;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The articles API of the v1 contract, end to end over HTTP against the real database. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ArticleResourceTest {

    static final String PROBLEM = "application/problem+json";

    static Response create(IncidentData data) {
        return editor().contentType(ContentType.JSON).body(data).post("/api/v1/articles");
    }

    static long createAndGetVersion(String slug) {
        return create(SampleIncidents.minimal(slug)).then().statusCode(201).extract().jsonPath().getLong("version");
    }

    static Map<String, Object> withVersion(IncidentData data, long version) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("version", version);
        body.put("slug", data.slug());
        body.put("product", data.product());
        body.put("tags", data.tags());
        body.put("affectedVersions", data.affectedVersions());
        body.put("status", data.status());
        body.put("translations", data.translations());
        body.put("fixes", data.fixes());
        body.put("sampleTraces", data.sampleTraces());
        return body;
    }

    @Test
    void createAnswers201WithLocationAndTheArticleJsonOfTheContract() {
        String slug = SampleIncidents.uniqueSlug("api-create");

        Response created = create(SampleIncidents.minimal(slug));

        created.then().statusCode(201)
                .header("Location", endsWith("/api/v1/articles/" + slug))
                .contentType(ContentType.JSON)
                .body("id", notNullValue())
                .body("slug", equalTo(slug))
                .body("product", equalTo("flink"))
                .body("tags", contains("checkpointing"))
                .body("affectedVersions", equalTo("1.13"))
                .body("status", equalTo("published"))
                .body("translations.en.title", equalTo("Checkpoint fails"))
                .body("translations.ja.title", equalTo("チェックポイントが失敗する"))
                .body("fixes[0].snippet", equalTo("state.backend: hashmap"))
                .body("fixes[0].snippetLanguage", equalTo("yaml"))
                .body("fixes[0].file", equalTo("flink-conf.yaml"))
                .body("fixes[0].texts.en.title", equalTo("Use the hashmap backend"))
                .body("sampleTraces[0].id", notNullValue())
                .body("sampleTraces[0].text", startsWith("java.io.IOException: boom"))
                .body("version", notNullValue());
        String updatedAt = created.jsonPath().getString("updatedAt");
        assertThat(updatedAt).endsWith("Z");
        assertThat(Instant.parse(updatedAt)).isBefore(Instant.now().plusSeconds(5));

        given().get(created.header("Location")).then().statusCode(200)
                .body("slug", equalTo(slug))
                .body("id", equalTo(created.jsonPath().getInt("id")))
                .body("version", equalTo(created.jsonPath().getInt("version")))
                .body("sampleTraces[0].id", equalTo(created.jsonPath().getInt("sampleTraces[0].id")));
        given().get("/api/v1/articles/" + slug + "/revisions").then().statusCode(200)
                .body("number", contains(1))
                .body("author", contains(TestUsers.EDITOR))
                .body("message", contains("created"));
    }

    @Test
    void creatingAnExistingSlugIs409() {
        String slug = SampleIncidents.uniqueSlug("api-dup");
        createAndGetVersion(slug);

        create(SampleIncidents.minimal(slug)).then().statusCode(409).contentType(PROBLEM)
                .body("status", equalTo(409))
                .body("type", endsWith("slug-taken"));
    }

    @Test
    void anInvalidIncidentIs400NamingEveryInvalidField() {
        Map<String, Object> body = Map.of(
                "slug", "Not A Slug!",
                "tags", List.of("ok", "BAD TAG"),
                "translations", Map.of("en", Map.of("summary", "no title"), "xx-!!", Map.of("title", "t")),
                "sampleTraces", List.of(Map.of("source", "no text")));

        editor().contentType(ContentType.JSON).body(body).post("/api/v1/articles")
                .then().statusCode(400).contentType(PROBLEM)
                .body("title", notNullValue())
                .body("errors.field", containsInAnyOrder("slug", "product", "tags[1]", "translations.en.title",
                        "translations.xx-!!", "sampleTraces[0].text"));
    }

    @Test
    void aFieldOfTheWrongTypeIs400NamingIt() {
        editor().contentType(ContentType.JSON)
                .body("{\"slug\":\"x-1\",\"product\":\"flink\",\"tags\":{\"not\":\"a list\"},\"translations\":{}}")
                .post("/api/v1/articles")
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", contains("tags"));
        editor().contentType(ContentType.JSON).body("{\"slug\":\"x-1\",\"status\":\"bogus\"}")
                .post("/api/v1/articles")
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", contains("status"));
    }

    @Test
    void emptyBrokenWrongTypedAndHugeBodiesAreRefusedAsProblems() {
        editor().contentType(ContentType.JSON).post("/api/v1/articles")
                .then().statusCode(400).contentType(PROBLEM).body("status", equalTo(400));
        editor().contentType(ContentType.JSON).body("{\"slug\": \"x\", ").post("/api/v1/articles")
                .then().statusCode(400).contentType(PROBLEM).body("type", endsWith("malformed-json"));
        editor().contentType(ContentType.TEXT).body("slug: x").post("/api/v1/articles")
                .then().statusCode(415).contentType(PROBLEM).body("status", equalTo(415));
        editor().contentType("application/xml").body("<slug/>").post("/api/v1/articles")
                .then().statusCode(415);

        String huge = "{\"slug\":\"huge\",\"product\":\"flink\",\"translations\":{\"en\":{\"title\":\"t\",\"body\":\""
                + "x".repeat(3 * 1024 * 1024) + "\"}}}";
        Response tooLarge = editor().contentType(ContentType.JSON).body(huge).post("/api/v1/articles");
        assertThat(tooLarge.statusCode()).isEqualTo(413);
        assertThat(tooLarge.contentType()).startsWith(PROBLEM);
        assertThat(tooLarge.jsonPath().getInt("status")).isEqualTo(413);
        given().get("/api/v1/articles/huge").then().statusCode(404);
    }

    @Test
    void anUnknownSlugIs404AsProblemJson() {
        given().get("/api/v1/articles/no-such-incident-anywhere").then().statusCode(404).contentType(PROBLEM)
                .body("status", equalTo(404))
                .body("title", equalTo("Not found"))
                .body("detail", notNullValue());
        given().get("/api/v1/articles/no-such-incident-anywhere/revisions").then().statusCode(404).contentType(PROBLEM);
        String slug = SampleIncidents.uniqueSlug("api-norev");
        createAndGetVersion(slug);
        given().get("/api/v1/articles/" + slug + "/revisions/99").then().statusCode(404).contentType(PROBLEM);
        given().get("/api/v1/articles/" + slug + "/revisions/abc").then().statusCode(404).contentType(PROBLEM);
        editor().contentType(ContentType.JSON).body(withVersion(SampleIncidents.minimal("no-such-x"), 0))
                .put("/api/v1/articles/no-such-x").then().statusCode(404).contentType(PROBLEM);
        editor().delete("/api/v1/articles/no-such-x").then().statusCode(404).contentType(PROBLEM);
    }

    @Test
    void putReplacesTheIncidentBasedOnItsVersion() {
        String slug = SampleIncidents.uniqueSlug("api-put");
        long v0 = createAndGetVersion(slug);
        IncidentData changed = SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Renamed");
        Map<String, Object> body = withVersion(changed, v0);
        body.put("message", "new title");

        long v1 = editor().contentType(ContentType.JSON).body(body).put("/api/v1/articles/" + slug)
                .then().statusCode(200)
                .body("translations.en.title", equalTo("Renamed"))
                .extract().jsonPath().getLong("version");

        assertThat(v1).isGreaterThan(v0);
        given().get("/api/v1/articles/" + slug + "/revisions").then()
                .body("number", contains(1, 2))
                .body("message", contains("created", "new title"))
                .body("version", contains((int) v0, (int) v1));
    }

    @Test
    void putWithoutVersionIs400() {
        String slug = SampleIncidents.uniqueSlug("api-nover");
        createAndGetVersion(slug);

        editor().contentType(ContentType.JSON).body(SampleIncidents.minimal(slug)).put("/api/v1/articles/" + slug)
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", contains("version"));
        editor().contentType(ContentType.JSON).put("/api/v1/articles/" + slug)
                .then().statusCode(400).contentType(PROBLEM);
    }

    @Test
    void aStalePutIs409WithTheCurrentVersionAndChangesNothing() {
        String slug = SampleIncidents.uniqueSlug("api-stale");
        long v0 = createAndGetVersion(slug);
        long v1 = editor().contentType(ContentType.JSON)
                .body(withVersion(SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Bob's"), v0))
                .put("/api/v1/articles/" + slug).then().statusCode(200).extract().jsonPath().getLong("version");

        // Carol also started from v0 and saves after Bob.
        editor().contentType(ContentType.JSON)
                .body(withVersion(SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Carol's"), v0))
                .put("/api/v1/articles/" + slug)
                .then().statusCode(409).contentType(PROBLEM)
                .body("status", equalTo(409))
                .body("currentVersion", equalTo((int) v1));

        given().get("/api/v1/articles/" + slug).then()
                .body("translations.en.title", equalTo("Bob's"))
                .body("version", equalTo((int) v1));
        given().get("/api/v1/articles/" + slug + "/revisions").then().body("number", contains(1, 2));
    }

    @Test
    void putCanRenameAndTheSlugInTheBodyDefaultsToThePath() {
        String slug = SampleIncidents.uniqueSlug("api-ren");
        String renamed = SampleIncidents.uniqueSlug("api-ren2");
        long v0 = createAndGetVersion(slug);
        Map<String, Object> body = withVersion(SampleIncidents.minimal(renamed), v0);

        editor().contentType(ContentType.JSON).body(body).put("/api/v1/articles/" + slug)
                .then().statusCode(200).body("slug", equalTo(renamed));
        given().get("/api/v1/articles/" + slug).then().statusCode(404);

        Map<String, Object> noSlug = withVersion(SampleIncidents.minimal(renamed),
                given().get("/api/v1/articles/" + renamed).jsonPath().getLong("version"));
        noSlug.remove("slug");
        editor().contentType(ContentType.JSON).body(noSlug).put("/api/v1/articles/" + renamed)
                .then().statusCode(200).body("slug", equalTo(renamed));
    }

    @Test
    void deleteArchivesKeepsRevisionsAndHidesTheIncidentFromTheList() {
        String product = "p" + SampleIncidents.uniqueSlug("arch").replace("-", "");
        String slug = SampleIncidents.uniqueSlug("api-archive");
        IncidentData data = SampleIncidents.minimal(slug);
        data = new IncidentData(slug, product, data.tags(), data.affectedVersions(), data.status(),
                data.translations(), data.fixes(), data.sampleTraces());
        create(data).then().statusCode(201);
        given().queryParam("product", product).get("/api/v1/articles").then().body("total", equalTo(1));

        editor().delete("/api/v1/articles/" + slug).then().statusCode(200).body("status", equalTo("archived"));

        given().get("/api/v1/articles/" + slug).then().statusCode(200).body("status", equalTo("archived"));
        given().get("/api/v1/articles/" + slug + "/revisions").then()
                .body("number", contains(1, 2)).body("message", contains("created", "archived"));
        given().queryParam("product", product).get("/api/v1/articles").then().body("total", equalTo(0));
        editor().queryParam("product", product).queryParam("status", "archived").get("/api/v1/articles").then()
                .statusCode(200).body("total", equalTo(1)).body("items[0].slug", equalTo(slug));
        given().queryParam("status", "archived").get("/api/v1/articles").then().statusCode(401).contentType(PROBLEM);
        reader().queryParam("status", "archived").get("/api/v1/articles").then().statusCode(403).contentType(PROBLEM);
    }

    @Test
    void deleteWithAStaleVersionIs409() {
        String slug = SampleIncidents.uniqueSlug("api-delstale");
        long v0 = createAndGetVersion(slug);
        editor().contentType(ContentType.JSON)
                .body(withVersion(SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Later"), v0))
                .put("/api/v1/articles/" + slug).then().statusCode(200);

        editor().queryParam("version", v0).delete("/api/v1/articles/" + slug)
                .then().statusCode(409).contentType(PROBLEM).body("currentVersion", notNullValue());
        given().get("/api/v1/articles/" + slug).then().body("status", equalTo("published"));
        editor().queryParam("version", "seven").delete("/api/v1/articles/" + slug)
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", contains("version"));
    }

    @Test
    void aRevisionCanBeReadAndRestoredAsANewRevision() {
        String slug = SampleIncidents.uniqueSlug("api-restore");
        long v0 = createAndGetVersion(slug);
        long v1 = editor().contentType(ContentType.JSON)
                .body(withVersion(SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Wrong turn"), v0))
                .put("/api/v1/articles/" + slug).then().statusCode(200).extract().jsonPath().getLong("version");

        given().get("/api/v1/articles/" + slug + "/revisions/1").then().statusCode(200)
                .body("number", equalTo(1))
                .body("author", equalTo(TestUsers.EDITOR))
                .body("createdAt", notNullValue())
                .body("snapshot.translations.en.title", equalTo("Checkpoint fails"));

        editor().contentType(ContentType.JSON).body(Map.of("version", v1))
                .post("/api/v1/articles/" + slug + "/revisions/1/restore")
                .then().statusCode(200).body("translations.en.title", equalTo("Checkpoint fails"));

        given().get("/api/v1/articles/" + slug + "/revisions").then()
                .body("number", contains(1, 2, 3))
                .body("message[2]", equalTo("restored revision 1"));
        // The version may also come as a query parameter; a stale one is refused.
        long v3 = given().get("/api/v1/articles/" + slug).jsonPath().getLong("version");
        editor().queryParam("version", v1).post("/api/v1/articles/" + slug + "/revisions/2/restore")
                .then().statusCode(409).body("currentVersion", equalTo((int) v3));
        editor().queryParam("version", v3).post("/api/v1/articles/" + slug + "/revisions/2/restore")
                .then().statusCode(200).body("translations.en.title", equalTo("Wrong turn"));
    }

    @Test
    void restoreWithoutVersionIs400AndAnUnknownRevisionIs404() {
        String slug = SampleIncidents.uniqueSlug("api-restore-bad");
        long v0 = createAndGetVersion(slug);
        editor().post("/api/v1/articles/" + slug + "/revisions/1/restore")
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", contains("version"));
        editor().queryParam("version", v0).post("/api/v1/articles/" + slug + "/revisions/5/restore")
                .then().statusCode(404).contentType(PROBLEM);
    }

    @Test
    void theListIsPagedWithATotal() {
        String product = "p" + SampleIncidents.uniqueSlug("page").replace("-", "");
        for (int i = 0; i < 3; i++) {
            IncidentData d = SampleIncidents.minimal(SampleIncidents.uniqueSlug("api-page"));
            create(new IncidentData(d.slug(), product, d.tags(), d.affectedVersions(), d.status(), d.translations(),
                    d.fixes(), d.sampleTraces())).then().statusCode(201);
        }

        given().queryParam("product", product).queryParam("size", 2).get("/api/v1/articles").then().statusCode(200)
                .body("total", equalTo(3)).body("page", equalTo(0)).body("size", equalTo(2))
                .body("items.size()", equalTo(2))
                .body("items.product", everyItem(equalTo(product)))
                .body("items[0].title", equalTo("Checkpoint fails"))
                .body("items[0].languages", contains("en", "ja"))
                .body("items[0].url", startsWith("/articles/"));
        given().queryParam("product", product).queryParam("size", 2).queryParam("page", 1).get("/api/v1/articles")
                .then().body("total", equalTo(3)).body("items.size()", equalTo(1));
        given().queryParam("product", product).get("/api/v1/articles").then().body("size", equalTo(20))
                .body("items.size()", equalTo(3));
        given().queryParam("product", product).queryParam("lang", "ja").get("/api/v1/articles").then()
                .body("items[0].title", equalTo("チェックポイントが失敗する")).body("items[0].lang", equalTo("ja"));
        given().queryParam("product", product).header("Accept-Language", "ja-JP,en;q=0.5").get("/api/v1/articles")
                .then().body("items[0].lang", equalTo("ja"));
    }

    @Test
    void badPagingValuesAre400NamingEachParameter() {
        given().queryParam("page", -1).queryParam("size", 101).get("/api/v1/articles")
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", containsInAnyOrder("page", "size"));
        given().queryParam("size", 0).get("/api/v1/articles").then().statusCode(400).body("errors.field", contains("size"));
        given().queryParam("page", "x").get("/api/v1/articles").then().statusCode(400).body("errors.field", contains("page"));
        given().queryParam("status", "gone").get("/api/v1/articles").then().statusCode(400)
                .body("errors.field", contains("status"));
        given().queryParam("size", 100).get("/api/v1/articles").then().statusCode(200);
    }

    @Test
    void freeTextSearchIgnoresCaseAndTreatsWildcardsLiterally() {
        String product = "p" + SampleIncidents.uniqueSlug("q").replace("-", "");
        String marker = SampleIncidents.uniqueSlug("mk");
        for (String title : List.of("CPU at 100% " + marker, "CPU at 1000 " + marker, "Disk a_b " + marker,
                "Disk axb " + marker)) {
            IncidentData d = SampleIncidents.withEnglishTitle(SampleIncidents.minimal(SampleIncidents.uniqueSlug("api-q")),
                    title);
            create(new IncidentData(d.slug(), product, d.tags(), d.affectedVersions(), d.status(), d.translations(),
                    d.fixes(), d.sampleTraces())).then().statusCode(201);
        }

        given().queryParam("product", product).queryParam("q", "cpu").get("/api/v1/articles").then()
                .body("total", equalTo(2));
        given().queryParam("product", product).queryParam("q", "100%").get("/api/v1/articles").then()
                .body("total", equalTo(1)).body("items[0].title", startsWith("CPU at 100%"));
        given().queryParam("product", product).queryParam("q", "a_b").get("/api/v1/articles").then()
                .body("total", equalTo(1)).body("items[0].title", startsWith("Disk a_b"));
        given().queryParam("product", product).queryParam("q", "%").get("/api/v1/articles").then()
                .body("total", equalTo(1));
        given().queryParam("product", product).queryParam("q", marker.toUpperCase()).get("/api/v1/articles").then()
                .body("total", equalTo(4));
        given().queryParam("product", product).queryParam("q", "概要").get("/api/v1/articles").then()
                .body("total", equalTo(4));
    }

    @Test
    void hostileInputIsStoredVerbatimAndHarmless() {
        String slug = SampleIncidents.uniqueSlug("api-hostile");
        String title = "<script>alert('x')</script> '; drop table incident; --";
        IncidentData data = SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), title);
        create(data).then().statusCode(201).body("translations.en.title", equalTo(title));

        given().get("/api/v1/articles/" + slug).then().statusCode(200).contentType(ContentType.JSON)
                .body("translations.en.title", equalTo(title));
        given().queryParam("q", "'; drop table incident; --").get("/api/v1/articles").then().statusCode(200)
                .body("items.slug", hasItem(slug));
        given().queryParam("q", "<script>").get("/api/v1/articles").then().statusCode(200)
                .body("items.slug", hasItem(slug));
        given().queryParam("q", "\\' OR 1=1 --").get("/api/v1/articles").then().statusCode(200)
                .body("items.slug", not(hasItem(slug)));
        // A slug that is an injection attempt is simply invalid, and the table is still there.
        IncidentData bad = SampleIncidents.minimal("x'; drop table incident; --");
        create(bad).then().statusCode(400).body("errors.field", contains("slug"));
        given().get("/api/v1/articles/" + slug).then().statusCode(200);
    }
}
