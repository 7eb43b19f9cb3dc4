package io.tracekb.backlog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.TestUsers;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Unmatched pastes leave their signature and a count, never their text. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class UnmatchedBacklogTest {

    @Test
    void anUnmatchedTraceIsCountedBySignatureWithoutItsText() {
        String pkg = "org.nowhere.u" + UUID.randomUUID().toString().substring(0, 8);
        String trace = "java.lang.IllegalArgumentException: secret-token-31337 rejected by host db7.internal:5432\n"
                + "\tat " + pkg + ".Gate.open(Gate.java:9)\n\tat " + pkg + ".Main.main(Main.java:3)\n";
        for (int i = 0; i < 2; i++) {
            given().contentType(ContentType.TEXT).body(trace).post("/api/v1/match").then().statusCode(200);
        }

        List<Map<String, Object>> backlog = given().auth().preemptive()
                .basic(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD)
                .queryParam("size", 500)
                .when().get("/api/v1/admin/unmatched")
                .then().statusCode(200).extract().jsonPath().getList("$");

        Map<String, Object> entry = backlog.stream()
                .filter(e -> String.valueOf(e.get("exceptions")).equals("java.lang.IllegalArgumentException"))
                .filter(e -> String.valueOf(e.get("messageTemplate")).contains("rejected by host"))
                .filter(e -> ((Number) e.get("count")).intValue() >= 2)
                .findFirst().orElseThrow(() -> new AssertionError("not in the backlog: " + backlog));
        assertThat(String.valueOf(entry.get("fingerprint"))).matches("[0-9a-f]{32}");
        assertThat(entry.toString()).doesNotContain("31337").doesNotContain("db7.internal").doesNotContain(pkg);
    }

    @jakarta.inject.Inject
    io.tracekb.content.ContentImporter importer;

    @jakarta.inject.Inject
    UnmatchedBacklog backlogService;

    @Test
    void aNulInOnePasteCostsNobodyElsesSighting() {
        // issue 19, item 7: one U+0000 failed the whole batch insert, with the other pastes' sightings
        String fp = UUID.randomUUID().toString().replace("-", "");
        String other = UUID.randomUUID().toString().replace("-", "");
        backlogService.write(List.of(
                new UnmatchedBacklog.Sighting(fp, "java.lang.IllegalStateException", "bad\0value", "x", 1),
                new UnmatchedBacklog.Sighting(other, "java.lang.IllegalStateException", "fine", "x", 1)));
        List<String> fingerprints = given().auth().preemptive().basic(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD)
                .queryParam("size", 500).when().get("/api/v1/admin/unmatched")
                .then().statusCode(200).extract().jsonPath().getList("fingerprint");
        assertThat(fingerprints).contains(other);
        assertThat(UnmatchedBacklog.cut("a\0b\0c", 10)).isEqualTo("abc");
    }

    @Test
    void aConfidentMatchIsNotCounted() throws java.io.IOException {
        importer.importAll(java.nio.file.Path.of("content"));
        String seed = java.nio.file.Files.readString(
                java.nio.file.Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));
        String fingerprint = given().contentType(ContentType.TEXT).body(seed).post("/api/v1/match")
                .then().statusCode(200).extract().path("query.fingerprint");

        List<String> fingerprints = given().auth().preemptive().basic(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD)
                .queryParam("size", 500).when().get("/api/v1/admin/unmatched")
                .then().statusCode(200).extract().jsonPath().getList("fingerprint");
        assertThat(fingerprints).doesNotContain(fingerprint);
    }

    @Test
    void theBacklogIsForAdminsOnly() {
        given().when().get("/api/v1/admin/unmatched").then().statusCode(401);
    }
}
