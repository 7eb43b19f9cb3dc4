package io.tracekb.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.tracekb.security.UserService;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The admin page: users, API tokens and the backlog of unmatched signatures, through the same services as the API. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class AdminPagesTest {

    @Inject
    UserService users;

    String admin;

    @BeforeEach
    void signIn() {
        TestUsers.ensure();
        admin = PageForms.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
    }

    PageForms.Csrf csrf() {
        return PageForms.csrfFrom(PageForms.session(admin), "/admin");
    }

    @Test
    void onlyAdminsGetIn() {
        given().redirects().follow(false).get("/admin").then().statusCode(303);
        String editor = PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD);
        PageForms.session(editor).get("/admin").then().statusCode(403);
        PageForms.session(admin).get("/admin").then().statusCode(200).body(containsString(TestUsers.EDITOR));
    }

    @Test
    void anAdminCreatesAUserChangesTheRoleAndDisablesIt() {
        String name = SampleIncidents.uniqueSlug("page-user");
        csrf().form(PageForms.session(admin)).formParam("username", name).formParam("password", "a long passphrase")
                .formParam("role", "reader").post("/admin/users").then().statusCode(303);
        csrf().form(PageForms.session(admin)).formParam("role", "editor").post("/admin/users/" + name).then()
                .statusCode(303);
        csrf().form(PageForms.session(admin)).formParam("disabled", "true").post("/admin/users/" + name).then()
                .statusCode(303);
        var info = users.get(name);
        assertThat(info.role().code()).isEqualTo("editor");
        assertThat(info.disabled()).isTrue();

        csrf().form(PageForms.session(admin)).formParam("username", name).formParam("password", "a long passphrase")
                .formParam("role", "reader").post("/admin/users").then().statusCode(409)
                .body(containsString("already exists"));
        csrf().form(PageForms.session(admin)).formParam("username", SampleIncidents.uniqueSlug("u"))
                .formParam("password", "short").formParam("role", "reader").post("/admin/users").then()
                .statusCode(400).body(containsString("<code>password</code>"));
    }

    @Test
    void anAdminSetsANewPasswordForAUser() {
        String name = SampleIncidents.uniqueSlug("page-reset");
        csrf().form(PageForms.session(admin)).formParam("username", name).formParam("password", "a long passphrase")
                .formParam("role", "reader").post("/admin/users").then().statusCode(303);
        PageForms.session(admin).get("/admin").then().statusCode(200)
                .body(containsString("autocomplete=\"new-password\""));

        // too short: refused with the rule, the old password still works
        csrf().form(PageForms.session(admin)).formParam("password", "short").post("/admin/users/" + name).then()
                .statusCode(400).body(containsString("<code>password</code>"));
        PageForms.signIn(name, "a long passphrase");

        csrf().form(PageForms.session(admin)).formParam("password", "another long passphrase")
                .post("/admin/users/" + name).then().statusCode(303);
        PageForms.signIn(name, "another long passphrase");
        PageForms.csrfFrom(given(), "/login").form().formParam("username", name)
                .formParam("password", "a long passphrase").post("/login").then().statusCode(401);
        assertThat(users.get(name).role().code()).isEqualTo("reader"); // nothing else changed

        // not for editors
        String editor = PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD);
        PageForms.csrfFrom(PageForms.session(editor), "/").form(PageForms.session(editor))
                .formParam("password", "an editor's passphrase").post("/admin/users/" + name).then().statusCode(403);
        PageForms.signIn(name, "another long passphrase");
    }

    @Test
    void aTokenIsShownOnceWorksOnTheApiAndCanBeRevoked() {
        String page = csrf().form(PageForms.session(admin)).formParam("name", "page token")
                .formParam("username", TestUsers.EDITOR).formParam("role", "editor")
                .post("/admin/tokens").then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("<code id=\"new-token\">(tkb_[A-Za-z0-9_-]+)</code>").matcher(page);
        assertThat(m.find()).isTrue();
        String secret = m.group(1);
        TestUsers.bearer(secret).get("/api/v1/me").then().statusCode(200);

        Matcher id = Pattern.compile("action=\"/admin/tokens/(\\d+)/revoke\"").matcher(page);
        assertThat(id.find()).isTrue();
        csrf().form(PageForms.session(admin)).post("/admin/tokens/" + id.group(1) + "/revoke").then().statusCode(303);
        TestUsers.bearer(secret).get("/api/v1/me").then().statusCode(401);
    }

    @Test
    void theBacklogGroupsUnmatchedSignaturesByRootCauseWithCounts() {
        String type = "com.example.backlog.Unmatched" + SampleIncidents.uniqueSlug("X").replace("-", "");
        for (int i = 0; i < 3; i++) {
            given().contentType(ContentType.JSON)
                    .body(Map.of("text", type + ": disk " + i + " is full\n\tat com.example.backlog.Disk.write(Disk.java:" + i + ")"))
                    .post("/api/v1/match").then().statusCode(200);
        }
        PageForms.session(admin).get("/admin").then().statusCode(200)
                .body(containsString("<code>" + type + "</code> — 3 pastes"));
    }
}
