package io.tracekb.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.TestUsers;
import org.junit.jupiter.api.Test;

/**
 * Issue 19, item 3: a state-changing page request without a form body, or sent from another site, is refused
 * before its handler runs. A POST without a Content-Type revoked tokens and signed out; others ran their handler
 * and failed with a 500.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class PageFormGuardTest {

    static final String[] POSTS = {"/admin/tokens/1/revoke", "/logout", "/match", "/login", "/editor/new",
            "/admin/users", "/admin/tokens", "/articles/x/feedback"};

    @Test
    void aPostWithoutAFormBodyIsRefusedBeforeItsHandler() throws Exception {
        String session = PageForms.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        var created = io.quarkus.arc.Arc.container().instance(io.tracekb.security.TokenService.class).get()
                .create(TestUsers.ADMIN, "guard test", "reader", io.tracekb.security.Role.ADMIN);
        String secret = created.secret();
        long id = created.token().id();

        for (String path : POSTS) {
            String p = path.replace("/tokens/1/", "/tokens/" + id + "/");
            // RestAssured would add a form Content-Type to a POST without one: the JDK client sends none, as curl does
            assertThat(post(p, session, null)).as("POST %s without a Content-Type", p).isEqualTo(415);
            assertThat(post(p, session, "application/json")).as("POST %s as JSON", p).isEqualTo(415);
            assertThat(post(p, session, "text/plain")).as("POST %s as text", p).isEqualTo(415);
        }
        // nothing happened: the token works and the session is still signed in
        TestUsers.bearer(secret).get("/api/v1/me").then().statusCode(200);
        PageForms.session(session).redirects().follow(false).get("/admin").then().statusCode(200);
    }

    static int post(String path, String session, String contentType) throws Exception {
        java.net.http.HttpRequest.Builder r = java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://localhost:" + io.restassured.RestAssured.port + path))
                .header("Cookie", SessionCookie.NAME + "=" + session)
                .POST(contentType == null ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofString("{}"));
        if (contentType != null) {
            r.header("Content-Type", contentType);
        }
        return java.net.http.HttpClient.newHttpClient().send(r.build(),
                java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void aFormFromAnotherSiteIsRefused() {
        PageForms.Csrf csrf = PageForms.csrf();
        assertThat(csrf.form().header("Origin", "https://evil.example").formParam("text", "x").post("/match")
                .statusCode()).isEqualTo(403);
        assertThat(csrf.form().header("Sec-Fetch-Site", "cross-site").formParam("text", "x").post("/match")
                .statusCode()).isEqualTo(403);
        // this site's own form, as a browser sends it
        String host = "localhost:" + io.restassured.RestAssured.port;
        assertThat(csrf.form().header("Origin", "http://" + host).header("Sec-Fetch-Site", "same-origin")
                .formParam("text", "java.lang.IllegalStateException: x").post("/match").statusCode()).isEqualTo(200);
        // and without a valid token the CSRF filter still refuses
        assertThat(given().contentType("application/x-www-form-urlencoded").formParam("text", "x").post("/match")
                .statusCode()).isEqualTo(400);
    }

    @Test
    void originsAreComparedWithTheHostTheRequestWasSentTo() {
        assertThat(PageFormGuard.crossSite(null, "kb.example:8080", null)).isFalse();
        assertThat(PageFormGuard.crossSite("https://kb.example:8080", "kb.example:8080", "same-origin")).isFalse();
        assertThat(PageFormGuard.crossSite("https://KB.example:8080", "kb.example:8080", null)).isFalse();
        assertThat(PageFormGuard.crossSite("https://kb.example:8081", "kb.example:8080", null)).isTrue();
        assertThat(PageFormGuard.crossSite("https://kb.example.evil:8080", "kb.example:8080", null)).isTrue();
        assertThat(PageFormGuard.crossSite("null", "kb.example:8080", null)).isTrue();
        assertThat(PageFormGuard.crossSite(null, "kb.example:8080", "cross-site")).isTrue();
        assertThat(PageFormGuard.crossSite("::not a uri::", "kb.example:8080", null)).isTrue();
        assertThat(PageFormGuard.isForm("application/x-www-form-urlencoded; charset=UTF-8")).isTrue();
        assertThat(PageFormGuard.isForm("multipart/form-data; boundary=x")).isFalse();
        assertThat(PageFormGuard.isForm(null)).isFalse();
    }
}
