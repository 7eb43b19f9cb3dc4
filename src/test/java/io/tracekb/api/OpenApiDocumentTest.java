package io.tracekb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.testing.EmbeddedPostgresResource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The OpenAPI document lists every endpoint of this API, each with an example answer. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OpenApiDocumentTest {

    static final Map<String, List<String>> OPERATIONS = Map.ofEntries(
            Map.entry("/api/v1/articles", List.of("get", "post")),
            Map.entry("/api/v1/articles/{slug}", List.of("get", "put", "delete")),
            Map.entry("/api/v1/articles/{slug}/revisions", List.of("get")),
            Map.entry("/api/v1/articles/{slug}/revisions/{number}", List.of("get")),
            Map.entry("/api/v1/articles/{slug}/revisions/{number}/restore", List.of("post")),
            Map.entry("/api/v1/admin/users", List.of("get", "post")),
            Map.entry("/api/v1/admin/users/{username}", List.of("get", "patch", "delete")),
            Map.entry("/api/v1/admin/tokens", List.of("get", "post")),
            Map.entry("/api/v1/admin/tokens/{id}", List.of("delete")),
            Map.entry("/api/v1/me", List.of("get")),
            Map.entry("/api/v1/me/tokens", List.of("get", "post")),
            Map.entry("/api/v1/me/tokens/{id}", List.of("delete")),
            Map.entry("/api/v1/match", List.of("post")),
            Map.entry("/api/v1/parse", List.of("post")),
            Map.entry("/api/v1/chat/slash", List.of("post")),
            Map.entry("/api/v1/admin/unmatched", List.of("get")),
            Map.entry("/api/v1/translations/stale", List.of("get")));

    /** Answered from the index and the request alone: they keep working while PostgreSQL is down. */
    static final Set<String> WITHOUT_DATABASE = Set.of("/api/v1/match", "/api/v1/parse", "/api/v1/chat/slash");

    @Test
    void everyOperationThatNeedsTheDatabaseDocumentsThe503ItAnswersWhileItIsDown() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(
                given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString());

        // creating and updating incidents first: the writes an editor retries
        for (JsonNode op : List.of(doc.path("paths").path("/api/v1/articles").path("post"),
                doc.path("paths").path("/api/v1/articles/{slug}").path("put"))) {
            JsonNode unavailable = op.path("responses").path("503");
            assertThat(unavailable.path("headers").has("Retry-After")).as(op.path("summary").asText()).isTrue();
            JsonNode example = unavailable.path("content").path(Problem.MEDIA_TYPE).path("examples")
                    .path("database-unavailable").path("value");
            Problem answered = (Problem) DatabaseUnavailableProblem.response().getEntity(); // what really comes back
            assertThat(example.path("type").asText()).isEqualTo(answered.type());
            assertThat(example.path("status").asInt()).isEqualTo(503);
            assertThat(example.path("detail").asText()).isEqualTo(answered.detail());
            // the operation's own answers are still there beside it
            assertThat(op.path("responses").has("400")).isTrue();
        }
        List<String> missing = new ArrayList<>();
        OPERATIONS.forEach((path, methods) -> {
            for (String method : methods) {
                boolean documented = doc.path("paths").path(path).path(method).path("responses").has("503");
                if (documented == WITHOUT_DATABASE.contains(path)) {
                    missing.add(method + " " + path + (documented ? ": needs no database" : ": no 503"));
                }
            }
        });
        assertThat(missing).isEmpty();
    }

    @Test
    void everyEndpointIsDocumentedWithAnExampleAnswer() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(
                given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString());

        List<String> missing = new ArrayList<>();
        OPERATIONS.forEach((path, methods) -> {
            for (String method : methods) {
                JsonNode op = doc.path("paths").path(path).path(method);
                if (op.isMissingNode()) {
                    missing.add(method + " " + path + ": not documented");
                } else if (!hasSuccessExample(op.path("responses"))) {
                    missing.add(method + " " + path + ": no example of a successful answer");
                }
            }
        });

        assertThat(missing).isEmpty();
        assertThat(doc.path("components").path("securitySchemes").has("basic")).isTrue();
        assertThat(doc.path("components").path("securitySchemes").has("bearer")).isTrue();
        assertThat(doc.path("paths").path("/api/v1/articles").path("post").path("requestBody").toString())
                .contains("examples");
    }

    @Test
    void everyJsonExampleIsJsonNotAStringSmallRyeCouldNotParse() throws Exception {
        // issue 21, item 14: a raw line break in an example's string made it invalid JSON (SmallRye's SROAP02016)
        JsonNode doc = new ObjectMapper().readTree(
                given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString());
        List<String> strings = new ArrayList<>();
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            List<JsonNode> contents = new ArrayList<>();
            op.getValue().path("responses").forEach(r -> contents.add(r.path("content")));
            contents.add(op.getValue().path("requestBody").path("content"));
            for (JsonNode content : contents) {
                content.fields().forEachRemaining(type -> {
                    if (type.getKey().contains("json")) {
                        type.getValue().path("examples").fields().forEachRemaining(ex -> {
                            if (ex.getValue().path("value").isTextual()) {
                                strings.add(op.getKey() + " " + path.getKey() + " " + ex.getKey());
                            }
                        });
                    }
                });
            }
        }));
        assertThat(strings).isEmpty();
        JsonNode match = doc.path("paths").path("/api/v1/match").path("post").path("responses").path("200")
                .path("content").path("application/json").path("examples").path("match").path("value");
        assertThat(match.path("query").path("searchLinks").size()).isEqualTo(2);
    }

    private static boolean hasSuccessExample(JsonNode responses) {
        for (Iterator<String> codes = responses.fieldNames(); codes.hasNext(); ) {
            String code = codes.next();
            if (code.startsWith("2") && responses.path(code).toString().contains("\"examples\"")) {
                return true;
            }
        }
        return false;
    }
}
