package io.tracekb.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.content.ContentImporter;
import io.tracekb.testing.EmbeddedPostgresResource;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The slash command, signed as Slack signs it (the test profile sets the signing secret). */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SlashCommandResourceTest {

    static final String SECRET = "test-signing-secret";

    @Inject
    ContentImporter importer;

    @BeforeEach
    void importShippedContent() {
        importer.importAll(Path.of("content"));
    }

    @Test
    void aSignedCommandGetsTheTopIncidentsInTheRequestedLanguage() throws IOException {
        String trace = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));
        String body = "token=x&team_id=T1&command=%2Ftracekb&text=" + URLEncoder.encode(trace, StandardCharsets.UTF_8);
        long ts = Instant.now().getEpochSecond();

        String text = send(body, ts, sign(ts, body), "zh").then().statusCode(200)
                .body("response_type", equalTo("ephemeral"))
                .extract().path("text");

        // Slack mrkdwn: *bold*, not Markdown's **bold**
        assertThat(text).contains("1. *").doesNotContain("**").contains("— 高置信 (")
                .contains("/articles/flink-memory-state-too-large?lang=zh");
    }

    @Test
    void aWrongSignatureIs401() {
        String body = "text=java.lang.Exception";
        long ts = Instant.now().getEpochSecond();
        send(body, ts, "v0=" + "0".repeat(64), "en").then().statusCode(401)
                .contentType("application/problem+json")
                .body("detail", containsString("does not match"));
    }

    @Test
    void aSignatureOverAnotherBodyIs401() {
        long ts = Instant.now().getEpochSecond();
        send("text=tampered", ts, sign(ts, "text=original"), "en").then().statusCode(401);
    }

    @Test
    void aStaleTimestampIs401EvenWhenSignedCorrectly() {
        String body = "text=java.lang.Exception";
        long ts = Instant.now().getEpochSecond() - 600;
        send(body, ts, sign(ts, body), "en").then().statusCode(401)
                .body("detail", containsString("five minutes"));
    }

    @Test
    void anUnsignedRequestIs401() {
        given().contentType("application/x-www-form-urlencoded").body("text=x")
                .when().post("/api/v1/chat/slash")
                .then().statusCode(401);
    }

    @Test
    void anEmptyCommandExplainsItself() {
        String body = "text=";
        long ts = Instant.now().getEpochSecond();
        send(body, ts, sign(ts, body), "ja").then().statusCode(200)
                .body("text", containsString("スタックトレース"));
    }

    @Test
    void theSignatureSchemeMatchesSlacksDocumentedExample() {
        // the example of Slack's "Verifying requests from Slack" guide
        String secret = "8f742231b10e8888abcd99yyyzzz85a5";
        String body = "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V"
                + "&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text="
                + "&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN"
                + "&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
        assertThat(SlackSignature.problem(secret, "1531420618", body.getBytes(StandardCharsets.UTF_8),
                "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503", 1531420618)).isNull();
    }

    private static io.restassured.response.Response send(String body, long ts, String signature, String lang) {
        return given().contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .header("X-Slack-Request-Timestamp", Long.toString(ts))
                .header("X-Slack-Signature", signature)
                .queryParam("lang", lang)
                .body(body)
                .when().post("/api/v1/chat/slash");
    }

    private static String sign(long ts, String body) {
        return "v0=" + SlackSignature.sign(SECRET, "v0:" + ts + ":", body.getBytes(StandardCharsets.UTF_8));
    }
}
