package io.tracekb.security;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.TestUsers;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 19, item 2: an API token acts on the API only, and never creates credentials that would outlive it. An
 * admin token opened /admin, minted a new admin token there, created admins and set other users' passwords.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class TokenScopeTest {

    @Test
    void pagesRefuseApiTokens() {
        String admin = TestUsers.newToken(TestUsers.ADMIN, "admin");
        TestUsers.bearer(admin).redirects().follow(false).get("/admin").then().statusCode(401);
        TestUsers.bearer(admin).redirects().follow(false).get("/editor/new").then().statusCode(401);
        TestUsers.bearer(admin).get("/").then().statusCode(401);
        // the same token still works where it belongs
        TestUsers.bearer(admin).get("/api/v1/admin/users").then().statusCode(200);
    }

    @Test
    void aTokenCannotCreateUsersOrSetPasswords() {
        String admin = TestUsers.newToken(TestUsers.ADMIN, "admin");
        String name = "tok-made-" + System.nanoTime();
        TestUsers.bearer(admin).contentType(ContentType.JSON)
                .body(Map.of("username", name, "password", "chosen-by-token", "role", "admin"))
                .post("/api/v1/admin/users").then().statusCode(403)
                .body("detail", containsString("user name and password"));
        TestUsers.admin().get("/api/v1/admin/users/" + name).then().statusCode(404);

        String victim = TestUsers.newUser("tok-victim", "editor");
        TestUsers.bearer(admin).contentType(ContentType.JSON).body(Map.of("password", "new-password-by-token"))
                .patch("/api/v1/admin/users/" + victim).then().statusCode(403);
        given().auth().preemptive().basic(victim, TestUsers.PASSWORD).get("/api/v1/me/tokens").then().statusCode(200);

        // what a token may do as an admin stays: change a role
        TestUsers.bearer(admin).contentType(ContentType.JSON).body(Map.of("role", "reader"))
                .patch("/api/v1/admin/users/" + victim).then().statusCode(200);
        // and a password sign-in may do all of it
        TestUsers.admin().contentType(ContentType.JSON).body(Map.of("password", "new-password-by-admin"))
                .patch("/api/v1/admin/users/" + victim).then().statusCode(200);
        assertThat(given().auth().preemptive().basic(victim, "new-password-by-admin").get("/api/v1/me/tokens")
                .statusCode()).isEqualTo(200);
    }
}
