package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The disk under the search index is full (a real index directory whose writes fail with "No space left on
 * device"): saves still commit in PostgreSQL and answer 201, readiness names the index and the error, matching
 * goes on from what the index held, and once there is space again the index catches up by itself.
 */
@QuarkusTest
@TestProfile(IndexDiskFullTest.FullDisk.class)
@WithTestResource(EmbeddedPostgresResource.class)
class IndexDiskFullTest {

    public static class FullDisk implements QuarkusTestProfile {
        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(FullDiskIndexStorage.class);
        }

        @Override
        public Map<String, String> getConfigOverrides() {
            // the error text in readiness is a detail for operators, off by default
            return Map.of("kb.index.retry-interval", "1S", "kb.monitoring.details", "true");
        }
    }

    @Inject
    FullDiskIndexStorage disk;

    @Inject
    ArticleService articles;

    @Test
    void savesOnAFullIndexDiskAreKeptReportedAndIndexedOnceThereIsSpace() throws Exception {
        String before = SampleIncidents.uniqueSlug("before-full");
        save(before);
        assertThat(firstMatch(before)).isEqualTo(before);

        String during = SampleIncidents.uniqueSlug("while-full");
        disk.setFull(true);
        try {
            save(during);

            // the database has it, whole
            assertThat(articles.find(during)).hasValueSatisfying(d -> assertThat(d.sampleTraces()).hasSize(1));
            assertThat(articles.revisions(during)).hasSize(1);
            // not silent: readiness is down and says why, naming the index
            JsonPath ready = readiness(503);
            assertThat(ready.getString("checks.find { it.name == 'Search index' }.status")).isEqualTo("DOWN");
            assertThat(ready.getString("checks.find { it.name == 'Search index' }.data.error"))
                    .contains(FullDiskDirectory.NO_SPACE).contains("index");
            assertThat(ready.getString("checks.find { it.name == 'Database connections health check' }.status"))
                    .isEqualTo("UP");
            // matching answers from the index as it was
            assertThat(firstMatch(before)).isEqualTo(before);
            assertThat(firstMatch(during)).isNotEqualTo(during);
            Thread.sleep(2500); // several catch-up attempts fail while the disk stays full
            assertThat(readiness(503).getString("checks.find { it.name == 'Search index' }.status")).isEqualTo("DOWN");
        } finally {
            disk.setFull(false);
        }

        long deadline = System.currentTimeMillis() + 30_000;
        while (RestAssured.get("/q/health/ready").statusCode() != 200 && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
        }
        readiness(200);
        assertThat(firstMatch(during)).isEqualTo(during);
        assertThat(firstMatch(before)).isEqualTo(before);
    }

    private static void save(String slug) {
        IncidentData m = SampleIncidents.minimal(slug);
        IncidentData data = new IncidentData(slug, m.product(), m.tags(), m.affectedVersions(), m.status(),
                m.translations(), m.fixes(), List.of(new SampleTraceData(null, trace(slug), "test")));
        TestUsers.editor().contentType(ContentType.JSON).body(data).post("/api/v1/articles").then().statusCode(201);
    }

    private static String firstMatch(String slug) {
        List<String> slugs = RestAssured.given().contentType(ContentType.TEXT).body(trace(slug))
                .post("/api/v1/match").then().statusCode(200).extract().jsonPath().getList("results.slug");
        return slugs.isEmpty() ? "" : slugs.get(0);
    }

    private static JsonPath readiness(int status) {
        return RestAssured.get("/q/health/ready").then().statusCode(status).extract().jsonPath();
    }

    private static String trace(String slug) {
        String pkg = "org.diskfull." + slug.replace("-", "");
        return pkg + ".VolumeException: volume refused the block\n\tat " + pkg + ".Volume.write(Volume.java:12)\n\tat "
                + pkg + ".Writer.run(Writer.java:5)\n";
    }
}
