package io.tracekb.security;

import static io.restassured.RestAssured.given;
import static io.tracekb.testing.TestUsers.admin;
import static io.tracekb.testing.TestUsers.editor;
import static io.tracekb.testing.TestUsers.reader;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Users, passwords, API tokens and the setting that closes reads. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SecurityTest {

    static final String PROBLEM = "application/problem+json";
    static final String CHALLENGE = "Basic realm=\"TraceKB\"";

    @Inject
    SecuritySettings settings;

    @Inject
    TokenService tokens;

    @Test
    void theFirstAdminHasThePasswordFromTheSettingStoredAsBcrypt() {
        admin().get("/api/v1/me").then().statusCode(200)
                .body("username", equalTo("admin")).body("role", equalTo("admin")).body("via", equalTo("password"));
        String hash = QuarkusTransaction.requiringNew()
                .call(() -> AppUser.findByUsername("admin").orElseThrow().passwordHash);
        assertThat(hash).startsWith("$2").doesNotContain(TestUsers.ADMIN_PASSWORD);
    }

    @Test
    void wrongCredentialsAre401WithTheBasicChallengeEvenOnOpenEndpoints() {
        given().auth().preemptive().basic("admin", "wrong password").get("/api/v1/articles")
                .then().statusCode(401).contentType(PROBLEM).header("WWW-Authenticate", CHALLENGE)
                .body("status", equalTo(401)).body("title", equalTo("Unauthorized"));
        given().auth().preemptive().basic("nobody-at-all", "wrong password").get("/api/v1/me")
                .then().statusCode(401).contentType(PROBLEM).header("WWW-Authenticate", CHALLENGE);
        given().header("Authorization", "Bearer tkb_not-a-real-token").get("/api/v1/articles")
                .then().statusCode(401).contentType(PROBLEM);
        given().header("Authorization", "Basic !!!not-base64").get("/api/v1/articles")
                .then().statusCode(401).contentType(PROBLEM);
        given().header("Authorization", "Digest username=x").get("/api/v1/articles")
                .then().statusCode(401).contentType(PROBLEM);
        given().get("/api/v1/me").then().statusCode(401).contentType(PROBLEM).header("WWW-Authenticate", CHALLENGE);
    }

    @Test
    void aTokenIsShownOnceStoredAsSha256AndListedWithoutSecret() {
        Response created = editor().contentType(ContentType.JSON).body(Map.of("name", "ci import", "role", "editor"))
                .post("/api/v1/me/tokens");
        created.then().statusCode(201).body("name", equalTo("ci import")).body("role", equalTo("editor"))
                .body("username", equalTo(TestUsers.EDITOR));
        String secret = created.jsonPath().getString("token");
        long id = created.jsonPath().getLong("id");
        assertThat(secret).startsWith("tkb_").hasSizeGreaterThanOrEqualTo(4 + 43).matches("tkb_[A-Za-z0-9_-]+");

        String stored = QuarkusTransaction.requiringNew()
                .call(() -> ApiToken.<ApiToken>findById(id).tokenHash);
        assertThat(stored).isEqualTo(TokenService.hash(secret)).doesNotContain(secret.substring(4));

        String listed = editor().get("/api/v1/me/tokens").then().statusCode(200)
                .body("id", hasItem((int) id)).extract().asString();
        assertThat(listed).doesNotContain(secret).doesNotContain(stored);
        String adminListed = admin().get("/api/v1/admin/tokens").then().statusCode(200)
                .body("id", hasItem((int) id)).extract().asString();
        assertThat(adminListed).doesNotContain(secret).doesNotContain(stored);

        // The token works for writes and revisions name its owner.
        String slug = SampleIncidents.uniqueSlug("bearer");
        TestUsers.bearer(secret).contentType(ContentType.JSON).body(SampleIncidents.minimal(slug))
                .post("/api/v1/articles").then().statusCode(201);
        given().get("/api/v1/articles/" + slug + "/revisions").then().body("author[0]", equalTo(TestUsers.EDITOR));
        TestUsers.bearer(secret).get("/api/v1/me").then().body("via", equalTo("token"));
    }

    @Test
    void aRevokedTokenIs401AtOnce() {
        String secret = editor().contentType(ContentType.JSON).body(Map.of("name", "short-lived"))
                .post("/api/v1/me/tokens").then().statusCode(201).extract().jsonPath().getString("token");
        long id = TestUsers.bearer(secret).get("/api/v1/me/tokens").then().statusCode(200)
                .extract().jsonPath().getLong("find { it.name == 'short-lived' }.id");

        editor().delete("/api/v1/me/tokens/" + id).then().statusCode(200).body("revokedAt", notNullValue());

        TestUsers.bearer(secret).get("/api/v1/me").then().statusCode(401).contentType(PROBLEM)
                .header("WWW-Authenticate", CHALLENGE);
        TestUsers.bearer(secret).get("/api/v1/articles").then().statusCode(401);
        // Revoking again is harmless; someone else's token is not found among mine.
        editor().delete("/api/v1/me/tokens/" + id).then().statusCode(200);
        reader().delete("/api/v1/me/tokens/" + id).then().statusCode(404).contentType(PROBLEM);
        admin().delete("/api/v1/admin/tokens/999999999").then().statusCode(404).contentType(PROBLEM);
    }

    @Test
    void aTokenNeverActsAboveItsRoleNorItsOwnersRole() {
        // A reader cannot mint an editor token, an editor cannot mint an admin token.
        reader().contentType(ContentType.JSON).body(Map.of("name", "x", "role", "editor")).post("/api/v1/me/tokens")
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", hasItem("role"));
        editor().contentType(ContentType.JSON).body(Map.of("name", "x", "role", "admin")).post("/api/v1/me/tokens")
                .then().statusCode(400).body("errors.field", hasItem("role"));
        // An admin cannot give a reader an editor token.
        admin().contentType(ContentType.JSON)
                .body(Map.of("name", "x", "role", "editor", "username", TestUsers.READER))
                .post("/api/v1/admin/tokens").then().statusCode(400).body("errors.field", hasItem("role"));
        // A reader token cannot write.
        String readerToken = reader().contentType(ContentType.JSON).body(Map.of("name", "ro"))
                .post("/api/v1/me/tokens").then().statusCode(201).body("role", equalTo("reader"))
                .extract().jsonPath().getString("token");
        TestUsers.bearer(readerToken).contentType(ContentType.JSON)
                .body(SampleIncidents.minimal(SampleIncidents.uniqueSlug("ro"))).post("/api/v1/articles")
                .then().statusCode(403).contentType(PROBLEM);
        // An editor token of a user later demoted to reader acts as a reader.
        String user = TestUsers.newUser("demoted", "editor");
        String token = TestUsers.newToken(user, "editor");
        TestUsers.bearer(token).get("/api/v1/me").then().body("role", equalTo("editor"));
        admin().contentType(ContentType.JSON).body(Map.of("role", "reader")).patch("/api/v1/admin/users/" + user)
                .then().statusCode(200).body("role", equalTo("reader"));
        TestUsers.bearer(token).get("/api/v1/me").then().statusCode(200).body("role", equalTo("reader"));
        TestUsers.bearer(token).contentType(ContentType.JSON)
                .body(SampleIncidents.minimal(SampleIncidents.uniqueSlug("demoted"))).post("/api/v1/articles")
                .then().statusCode(403);
    }

    @Test
    void aTokenCannotMintTokens() {
        String adminToken = admin().contentType(ContentType.JSON).body(Map.of("name", "admin bot", "role", "admin"))
                .post("/api/v1/me/tokens").then().statusCode(201).extract().jsonPath().getString("token");

        TestUsers.bearer(adminToken).contentType(ContentType.JSON).body(Map.of("name", "child", "role", "reader"))
                .post("/api/v1/me/tokens").then().statusCode(403).contentType(PROBLEM);
        TestUsers.bearer(adminToken).contentType(ContentType.JSON).body(Map.of("name", "child", "role", "reader"))
                .post("/api/v1/admin/tokens").then().statusCode(403).contentType(PROBLEM);
        // It can still do admin work.
        TestUsers.bearer(adminToken).get("/api/v1/admin/users").then().statusCode(200);
    }

    @Test
    void lastUsedIsRecordedAtMostOnceAMinute() {
        String user = TestUsers.newUser("lastused", "reader");
        String secret = TestUsers.newToken(user, "reader");
        long id = tokens.list(user).get(0).id();
        assertThat(tokens.list(user).get(0).lastUsedAt()).isNull();

        TestUsers.bearer(secret).get("/api/v1/me").then().statusCode(200);
        Instant first = tokens.list(user).get(0).lastUsedAt();
        assertThat(first).isNotNull();
        TestUsers.bearer(secret).get("/api/v1/me").then().statusCode(200);
        assertThat(tokens.list(user).get(0).lastUsedAt()).isEqualTo(first);

        // A minute later it is written again.
        QuarkusTransaction.requiringNew().run(() -> ApiToken.update("lastUsedAt = ?1 where id = ?2",
                first.minusSeconds(61), id));
        TestUsers.bearer(secret).get("/api/v1/me").then().statusCode(200);
        assertThat(tokens.list(user).get(0).lastUsedAt()).isAfter(first.minusSeconds(61));
    }

    @Test
    void adminsManageUsers() {
        String name = SampleIncidents.uniqueSlug("alice");
        admin().contentType(ContentType.JSON).body(Map.of("username", name, "password", "first password", "role", "editor"))
                .post("/api/v1/admin/users").then().statusCode(201)
                .header("Location", org.hamcrest.Matchers.endsWith("/api/v1/admin/users/" + name))
                .body("username", equalTo(name)).body("role", equalTo("editor")).body("disabled", equalTo(false))
                .body("passwordHash", nullValue()).body("password", nullValue());
        admin().contentType(ContentType.JSON).body(Map.of("username", name, "password", "first password", "role", "editor"))
                .post("/api/v1/admin/users").then().statusCode(409).contentType(PROBLEM);
        admin().get("/api/v1/admin/users").then().statusCode(200).body("username", hasItem(name))
                .body("passwordHash", not(hasItem(notNullValue())));
        given().auth().preemptive().basic(name, "first password").get("/api/v1/me").then().statusCode(200)
                .body("role", equalTo("editor"));

        // Change the password: the old one stops working.
        admin().contentType(ContentType.JSON).body(Map.of("password", "second password"))
                .patch("/api/v1/admin/users/" + name).then().statusCode(200);
        given().auth().preemptive().basic(name, "first password").get("/api/v1/me").then().statusCode(401);
        given().auth().preemptive().basic(name, "second password").get("/api/v1/me").then().statusCode(200);

        // Disable: neither the password nor the user's tokens work any more.
        String token = TestUsers.newToken(name, "editor");
        TestUsers.bearer(token).get("/api/v1/me").then().statusCode(200);
        admin().delete("/api/v1/admin/users/" + name).then().statusCode(200).body("disabled", equalTo(true));
        given().auth().preemptive().basic(name, "second password").get("/api/v1/me").then().statusCode(401);
        TestUsers.bearer(token).get("/api/v1/me").then().statusCode(401);
        // ... until enabled again.
        admin().contentType(ContentType.JSON).body(Map.of("disabled", false)).patch("/api/v1/admin/users/" + name)
                .then().statusCode(200).body("disabled", equalTo(false));
        TestUsers.bearer(token).get("/api/v1/me").then().statusCode(200);

        admin().get("/api/v1/admin/users/no-such-user-x").then().statusCode(404).contentType(PROBLEM);
        admin().contentType(ContentType.JSON).body(Map.of("role", "editor")).patch("/api/v1/admin/users/no-such-user-x")
                .then().statusCode(404).contentType(PROBLEM);
    }

    @Test
    void invalidUserInputIs400NamingEveryField() {
        admin().contentType(ContentType.JSON).body(Map.of("username", "bad name!", "password", "short", "role", "root"))
                .post("/api/v1/admin/users").then().statusCode(400).contentType(PROBLEM)
                .body("errors.field", containsInAnyOrder("username", "password", "role"));
        admin().contentType(ContentType.JSON).body("{}").post("/api/v1/admin/users").then().statusCode(400)
                .body("errors.field", containsInAnyOrder("username", "password", "role"));
        admin().contentType(ContentType.JSON).body(Map.of("password", "x".repeat(73)))
                .patch("/api/v1/admin/users/" + TestUsers.READER).then().statusCode(400)
                .body("errors.field", containsInAnyOrder("password"));
        admin().contentType(ContentType.JSON).body(Map.of("role", "superuser"))
                .patch("/api/v1/admin/users/" + TestUsers.READER).then().statusCode(400)
                .body("errors.field", containsInAnyOrder("role"));
        admin().contentType(ContentType.JSON).body(Map.of("role", "reader"))
                .post("/api/v1/me/tokens").then().statusCode(400).body("errors.field", containsInAnyOrder("name"));
    }

    @Test
    void theLastEnabledAdminCannotBeDemotedOrDisabled() {
        // The bootstrap admin is not the last one while another enabled admin exists: make the others go first.
        String other = TestUsers.newUser("second-admin", "admin");
        admin().contentType(ContentType.JSON).body(Map.of("role", "editor")).patch("/api/v1/admin/users/" + other)
                .then().statusCode(200);
        long enabledAdmins = QuarkusTransaction.requiringNew().call(AppUser::countEnabledAdmins);
        if (enabledAdmins == 1) {
            admin().delete("/api/v1/admin/users/admin").then().statusCode(409).contentType(PROBLEM);
            admin().contentType(ContentType.JSON).body(Map.of("role", "editor")).patch("/api/v1/admin/users/admin")
                    .then().statusCode(409).contentType(PROBLEM);
        }
        admin().get("/api/v1/me").then().statusCode(200).body("role", equalTo("admin"));
    }

    @Test
    void readsCanBeClosedBySetting() {
        String slug = SampleIncidents.uniqueSlug("closed");
        editor().contentType(ContentType.JSON).body(SampleIncidents.minimal(slug)).post("/api/v1/articles")
                .then().statusCode(201);
        String readerToken = TestUsers.newToken(TestUsers.READER, "reader");
        given().get("/api/v1/articles/" + slug).then().statusCode(200);

        settings.setRequireAuthForReads(true);
        try {
            given().get("/api/v1/articles/" + slug).then().statusCode(401).contentType(PROBLEM)
                    .header("WWW-Authenticate", CHALLENGE);
            given().get("/api/v1/articles").then().statusCode(401);
            TestUsers.bearer(readerToken).get("/api/v1/articles/" + slug).then().statusCode(200);
            reader().get("/api/v1/articles").then().statusCode(200);
        } finally {
            settings.setRequireAuthForReads(false);
        }
        given().get("/api/v1/articles/" + slug).then().statusCode(200);
    }
}
