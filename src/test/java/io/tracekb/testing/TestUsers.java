package io.tracekb.testing;

import io.quarkus.arc.Arc;
import io.restassured.specification.RequestSpecification;
import io.tracekb.security.SecurityRuleException;
import io.tracekb.security.TokenService;
import io.tracekb.security.UserService;

import static io.restassured.RestAssured.given;

/**
 * Users every API test can sign in as. They are created on first use (the Quarkus tests share one application
 * and one database), each with {@link #PASSWORD}; the bootstrap admin has {@link #ADMIN_PASSWORD}
 * ({@code %test.kb.admin-password}).
 */
public final class TestUsers {

    public static final String ADMIN = "admin";
    public static final String ADMIN_PASSWORD = "test-admin-password";
    public static final String READER = "test-reader";
    public static final String EDITOR = "test-editor";
    public static final String PASSWORD = "correct horse battery";

    private TestUsers() {
    }

    /** Makes sure the reader and editor users exist. */
    public static synchronized void ensure() {
        if (ensured) {
            return;
        }
        UserService users = Arc.container().instance(UserService.class).get();
        create(users, READER, "reader");
        create(users, EDITOR, "editor");
        ensured = true;
    }

    private static boolean ensured;

    /** A new user with a unique name, {@link #PASSWORD} and the role given. */
    public static String newUser(String prefix, String role) {
        String name = SampleIncidents.uniqueSlug(prefix);
        Arc.container().instance(UserService.class).get().create(name, PASSWORD, role);
        return name;
    }

    /** A new token's secret for {@code username}, created directly through the service. */
    public static String newToken(String username, String role) {
        return Arc.container().instance(TokenService.class).get()
                .create(username, "test token", role, io.tracekb.security.Role.ADMIN).secret();
    }

    public static RequestSpecification as(String username) {
        ensure();
        return given().auth().preemptive().basic(username, username.equals(ADMIN) ? ADMIN_PASSWORD : PASSWORD);
    }

    public static RequestSpecification admin() {
        return as(ADMIN);
    }

    public static RequestSpecification editor() {
        return as(EDITOR);
    }

    public static RequestSpecification reader() {
        return as(READER);
    }

    public static RequestSpecification bearer(String secret) {
        return given().header("Authorization", "Bearer " + secret);
    }

    private static void create(UserService users, String name, String role) {
        try {
            users.create(name, PASSWORD, role);
        } catch (SecurityRuleException e) {
            if (e.kind() != SecurityRuleException.Refusal.CONFLICT) {
                throw e;
            }
        }
    }
}
