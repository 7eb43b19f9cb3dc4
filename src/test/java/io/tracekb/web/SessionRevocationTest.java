package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.TestUsers;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 19, items 6 and 13: signing out ends the session for good, and sign-in renews the CSRF token. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SessionRevocationTest {

    @Test
    void aCopiedSessionCookieStopsWorkingAtSignOut() {
        String user = TestUsers.newUser("signs-out", "editor");
        String copied = PageForms.signIn(user, TestUsers.PASSWORD);
        PageForms.session(copied).redirects().follow(false).get("/editor/new").then().statusCode(200);

        PageForms.Csrf csrf = PageForms.csrfFrom(PageForms.session(copied), "/");
        Response out = csrf.form(PageForms.session(copied)).post("/logout");
        assertThat(out.statusCode()).isEqualTo(303);

        // the cookie a thief copied before the sign-out: anonymous now, sent to sign in
        Response after = PageForms.session(copied).redirects().follow(false).get("/editor/new");
        assertThat(after.statusCode()).isEqualTo(303);
        assertThat(after.getHeader("Location")).contains("/login");
        // signing in again works
        String again = PageForms.signIn(user, TestUsers.PASSWORD);
        PageForms.session(again).redirects().follow(false).get("/editor/new").then().statusCode(200);
    }

    @Test
    void aNewPasswordEndsTheSessionsOfTheOldOne() {
        String user = TestUsers.newUser("new-password", "editor");
        String session = PageForms.signIn(user, TestUsers.PASSWORD);
        TestUsers.admin().contentType(ContentType.JSON).body(Map.of("password", "another good password"))
                .patch("/api/v1/admin/users/" + user).then().statusCode(200);
        assertThat(PageForms.session(session).redirects().follow(false).get("/editor/new").statusCode())
                .isEqualTo(303);
    }

    @Test
    void signInIssuesAFreshCsrfTokenAndTheCookiesAreSameSite() {
        PageForms.Csrf before = PageForms.csrf();
        Response r = before.form().formParam("username", TestUsers.ADMIN)
                .formParam("password", TestUsers.ADMIN_PASSWORD).formParam("next", "/").post("/login");
        assertThat(r.statusCode()).isEqualTo(303);
        assertThat(r.getCookie(PageForms.CSRF_COOKIE)).isNotBlank().isNotEqualTo(before.cookie());
        assertThat(r.getHeaders().getValues("Set-Cookie"))
                .anySatisfy(c -> assertThat(c).startsWith(PageForms.CSRF_COOKIE + "=").containsIgnoringCase("SameSite=Lax"));
    }

    @Test
    void pagesAndAnswersWithSecretsAreNotCached() {
        String session = PageForms.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        assertThat(PageForms.session(session).get("/admin").getHeader("Cache-Control")).isEqualTo("no-store");
        assertThat(PageForms.session(session).get("/editor/new").getHeader("Cache-Control")).isEqualTo("no-store");
        Response created = TestUsers.admin().contentType(ContentType.JSON).body(Map.of("name", "cache test"))
                .post("/api/v1/me/tokens");
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.getHeader("Cache-Control")).isEqualTo("no-store");
        // public pages stay cacheable as before
        assertThat(io.restassured.RestAssured.given().get("/").getHeader("Cache-Control")).isNotEqualTo("no-store");
    }
}
