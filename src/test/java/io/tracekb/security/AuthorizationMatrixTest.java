package io.tracekb.security;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.arc.Arc;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.tracekb.incident.ArticleService;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Who may call which write, admin and self-service endpoint: anonymous and a revoked (admin) token get 401, a
 * role too low gets 403, everything else succeeds. Every case sets up its own data.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class AuthorizationMatrixTest {

    enum Caller {
        ANONYMOUS, REVOKED_TOKEN, READER, EDITOR, ADMIN;

        /** The user the caller acts as (whose tokens "my tokens" are); anonymous borrows the reader's. */
        String username() {
            return switch (this) {
                case ANONYMOUS, READER -> TestUsers.READER;
                case EDITOR -> TestUsers.EDITOR;
                case ADMIN, REVOKED_TOKEN -> TestUsers.ADMIN;
            };
        }

        RequestSpecification request() {
            TestUsers.ensure();
            return switch (this) {
                case ANONYMOUS -> given();
                case REVOKED_TOKEN -> TestUsers.bearer(revokedAdminToken());
                case READER -> TestUsers.reader();
                case EDITOR -> TestUsers.editor();
                case ADMIN -> TestUsers.admin();
            };
        }
    }

    /** Which role an endpoint needs. */
    enum Needs {
        READER, EDITOR, ADMIN
    }

    record Endpoint(String name, Needs needs, int success, BiFunction<Caller, RequestSpecification, Response> call) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static String revokedToken;

    static synchronized String revokedAdminToken() {
        if (revokedToken == null) {
            TokenService tokens = Arc.container().instance(TokenService.class).get();
            TokenService.CreatedToken t = tokens.create(TestUsers.ADMIN, "revoked in the matrix", "admin", Role.ADMIN);
            tokens.revoke(t.token().id(), null);
            revokedToken = t.secret();
        }
        return revokedToken;
    }

    static String newIncident() {
        String slug = SampleIncidents.uniqueSlug("matrix");
        Arc.container().instance(ArticleService.class).get().create(SampleIncidents.minimal(slug), "setup", null);
        return slug;
    }

    static long versionOf(String slug) {
        return given().get("/api/v1/articles/" + slug).jsonPath().getLong("version");
    }

    static Map<String, Object> replacement(String slug) {
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("version", versionOf(slug));
        body.put("slug", slug);
        body.put("product", "flink");
        body.put("translations", Map.of("en", Map.of("title", "Replaced")));
        return body;
    }

    static long newTokenOf(String username) {
        TokenService tokens = Arc.container().instance(TokenService.class).get();
        return tokens.create(username, "to revoke", "reader", Role.ADMIN).token().id();
    }

    static final List<Endpoint> ENDPOINTS = List.of(
            new Endpoint("POST /articles", Needs.EDITOR, 201, (c, r) -> r.contentType(ContentType.JSON)
                    .body(SampleIncidents.minimal(SampleIncidents.uniqueSlug("matrix-new"))).post("/api/v1/articles")),
            new Endpoint("PUT /articles/{slug}", Needs.EDITOR, 200, (c, r) -> {
                String slug = newIncident();
                return r.contentType(ContentType.JSON).body(replacement(slug)).put("/api/v1/articles/" + slug);
            }),
            new Endpoint("DELETE /articles/{slug}", Needs.EDITOR, 200, (c, r) -> {
                String slug = newIncident();
                return r.delete("/api/v1/articles/" + slug);
            }),
            new Endpoint("POST /articles/{slug}/revisions/1/restore", Needs.EDITOR, 200, (c, r) -> {
                String slug = newIncident();
                return r.queryParam("version", versionOf(slug)).post("/api/v1/articles/" + slug + "/revisions/1/restore");
            }),
            new Endpoint("GET /admin/users", Needs.ADMIN, 200, (c, r) -> r.get("/api/v1/admin/users")),
            new Endpoint("GET /admin/users/{name}", Needs.ADMIN, 200,
                    (c, r) -> r.get("/api/v1/admin/users/" + TestUsers.READER)),
            new Endpoint("POST /admin/users", Needs.ADMIN, 201, (c, r) -> r.contentType(ContentType.JSON)
                    .body(Map.of("username", SampleIncidents.uniqueSlug("matrix-user"), "password", TestUsers.PASSWORD,
                            "role", "reader"))
                    .post("/api/v1/admin/users")),
            new Endpoint("PATCH /admin/users/{name}", Needs.ADMIN, 200, (c, r) -> {
                String user = TestUsers.newUser("matrix-patch", "reader");
                return r.contentType(ContentType.JSON).body(Map.of("role", "editor"))
                        .patch("/api/v1/admin/users/" + user);
            }),
            new Endpoint("DELETE /admin/users/{name}", Needs.ADMIN, 200, (c, r) -> {
                String user = TestUsers.newUser("matrix-disable", "reader");
                return r.delete("/api/v1/admin/users/" + user);
            }),
            new Endpoint("GET /admin/tokens", Needs.ADMIN, 200, (c, r) -> r.get("/api/v1/admin/tokens")),
            new Endpoint("POST /admin/tokens", Needs.ADMIN, 201, (c, r) -> r.contentType(ContentType.JSON)
                    .body(Map.of("name", "matrix", "role", "reader", "username", TestUsers.READER))
                    .post("/api/v1/admin/tokens")),
            new Endpoint("DELETE /admin/tokens/{id}", Needs.ADMIN, 200,
                    (c, r) -> r.delete("/api/v1/admin/tokens/" + newTokenOf(TestUsers.READER))),
            new Endpoint("GET /me", Needs.READER, 200, (c, r) -> r.get("/api/v1/me")),
            new Endpoint("GET /me/tokens", Needs.READER, 200, (c, r) -> r.get("/api/v1/me/tokens")),
            new Endpoint("POST /me/tokens", Needs.READER, 201, (c, r) -> r.contentType(ContentType.JSON)
                    .body(Map.of("name", "mine", "role", "reader")).post("/api/v1/me/tokens")),
            new Endpoint("DELETE /me/tokens/{id}", Needs.READER, 200,
                    (c, r) -> r.delete("/api/v1/me/tokens/" + newTokenOf(c.username()))));

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Caller caller : Caller.values()) {
            for (Endpoint endpoint : ENDPOINTS) {
                cases.add(Arguments.of(caller, endpoint, expected(caller, endpoint)));
            }
        }
        return cases.stream();
    }

    static int expected(Caller caller, Endpoint endpoint) {
        return switch (caller) {
            case ANONYMOUS, REVOKED_TOKEN -> 401;
            case READER -> endpoint.needs() == Needs.READER ? endpoint.success() : 403;
            case EDITOR -> endpoint.needs() == Needs.ADMIN ? 403 : endpoint.success();
            case ADMIN -> endpoint.success();
        };
    }

    @ParameterizedTest(name = "{0} × {1} → {2}")
    @MethodSource("cases")
    void callerGetsTheExpectedStatus(Caller caller, Endpoint endpoint, int expected) {
        Response response = endpoint.call().apply(caller, caller.request());

        assertThat(response.statusCode()).as(response.asString()).isEqualTo(expected);
        if (expected == 401) {
            assertThat(response.header("WWW-Authenticate")).isEqualTo("Basic realm=\"TraceKB\"");
        }
        if (expected >= 400) {
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(response.jsonPath().getInt("status")).isEqualTo(expected);
        }
    }
}
