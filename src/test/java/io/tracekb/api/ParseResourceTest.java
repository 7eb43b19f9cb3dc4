package io.tracekb.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.tracekb.testing.EmbeddedPostgresResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ParseResourceTest {

    @Test
    void seed000ParsesIntoTheContractShape() throws IOException {
        String text = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));

        given().contentType(ContentType.JSON).body(Map.of("text", text))
                .when().post("/api/v1/parse")
                .then().statusCode(200)
                .body("traces", hasSize(1))
                .body("traces[0].language", equalTo("java"))
                .body("traces[0].fingerprint", matchesPattern("[0-9a-f]{32}"))
                .body("traces[0].rootCause", equalTo(3))
                .body("traces[0].exceptions.type", equalTo(java.util.List.of(
                        "org.apache.flink.runtime.taskmanager.AsynchronousException", "java.lang.Exception",
                        "java.util.concurrent.ExecutionException", "java.io.IOException")))
                .body("traces[0].exceptions[3].messageTemplate", equalTo("Size of the state is larger than the maximum "
                        + "permitted memory-backed state. Size=<num> , maxSize=<num> . Consider using a different "
                        + "state backend, like the File System State backend."))
                .body("traces[0].exceptions[0].frames[0].className",
                        equalTo("org.apache.flink.streaming.runtime.tasks.StreamTask$AsyncCheckpointRunnable"))
                .body("traces[0].exceptions[0].frames[0].method", equalTo("run"))
                .body("traces[0].exceptions[0].frames[0].file", equalTo("StreamTask.java"))
                .body("traces[0].exceptions[0].frames[0].line", equalTo(971))
                .body("traces[0].exceptions[0].frames[0].kind", equalTo("framework"))
                .body("traces[0].exceptions[0].frames[1].kind", equalTo("jdk"))
                .body("traces[0].exceptions[1].omittedFrames", equalTo(6));
    }

    @Test
    void jarSuffixesGiveVersions() throws IOException {
        String text = Files.readString(Path.of("src/test/resources/trace/seeds/004_721cf106c13da27d.txt"));

        given().contentType(ContentType.TEXT).body(text)
                .when().post("/api/v1/parse")
                .then().statusCode(200)
                .body("traces.kind", hasItem("frame_list"))
                .body("traces.find { it.kind == 'exception' }.exceptions[0].frames[0].jar",
                        equalTo("flink-dist_2.12-1.13.1.jar"))
                .body("traces.find { it.kind == 'exception' }.exceptions[0].frames[0].version", equalTo("1.13.1"))
                .body("traces.find { it.kind == 'exception' }.exceptions[1].type",
                        equalTo("java.util.concurrent.TimeoutException"));
    }

    @Test
    void proseWithoutATraceGivesNoTracesAndAHint() {
        given().contentType(ContentType.JSON).header("Accept-Language", "ja").body(Map.of("text", "ジョブが落ちました"))
                .when().post("/api/v1/parse")
                .then().statusCode(200)
                .body("traces", empty())
                .body("hints.code", hasItem("NO_TRACE_FOUND"))
                .body("hints.message", hasItem(containsString("スタックトレース")));
    }

    @Test
    void hostileTextIsReturnedAsDataNotMarkup() {
        given().contentType(ContentType.TEXT).body("java.lang.Exception: <script>alert(1)</script>\n\tat a.B.c(B.java:1)")
                .when().post("/api/v1/parse")
                .then().statusCode(200)
                .contentType(ContentType.JSON)
                .body("traces[0].exceptions[0].message", equalTo("<script>alert(1)</script>"))
                .body("traces.language", everyItem(equalTo("java")));
    }

    @Test
    void errorsAreProblems() {
        given().contentType(ContentType.JSON).body("{}").when().post("/api/v1/parse")
                .then().statusCode(400).contentType("application/problem+json");
        given().contentType("application/octet-stream").body(new byte[] { 1, 2 }).when().post("/api/v1/parse")
                .then().statusCode(415).contentType("application/problem+json");
        given().contentType(ContentType.TEXT).body("x".repeat((1 << 20) + 1)).when().post("/api/v1/parse")
                .then().statusCode(413).contentType("application/problem+json");
    }
}
