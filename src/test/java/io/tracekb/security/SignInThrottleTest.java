package io.tracekb.security;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 19, item 4: password guessing gets 429 with Retry-After, per account and per address, and password
 * checks cannot take every core. 60 wrong Basic passwords for one user used to give 60 × 401.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SignInThrottleTest {

    @Inject
    SignInThrottle throttle;

    @AfterEach
    void restore() {
        throttle.limit(100_000, 100_000, Duration.ofMinutes(10)); // the test profile's limits
    }

    @Test
    void wrongBasicPasswordsForOneAccountGet429WithRetryAfter() {
        throttle.limit(5, 100_000, Duration.ofMinutes(10));
        String user = TestUsers.newUser("guessed", "editor");
        int[] statuses = new int[8];
        Response last = null;
        for (int i = 0; i < statuses.length; i++) {
            last = given().auth().preemptive().basic(user, "wrong-" + i).get("/api/v1/me");
            statuses[i] = last.statusCode();
        }
        assertThat(statuses).containsExactly(401, 401, 401, 401, 401, 429, 429, 429);
        assertThat(Long.parseLong(last.getHeader("Retry-After"))).isBetween(1L, 600L);
        assertThat(last.contentType()).startsWith("application/problem+json");
        // while the account waits, even the right password is not checked: that is what stops the guessing
        assertThat(given().auth().preemptive().basic(user, TestUsers.PASSWORD).get("/api/v1/me").statusCode())
                .isEqualTo(429);
        // another account is not affected
        TestUsers.editor().get("/api/v1/me").then().statusCode(200);
    }

    @Test
    void theLoginPageIsThrottledTheSameWay() {
        throttle.limit(3, 100_000, Duration.ofMinutes(10));
        String user = TestUsers.newUser("guessed-page", "editor");
        int[] statuses = new int[5];
        Response last = null;
        for (int i = 0; i < statuses.length; i++) {
            last = io.tracekb.web.PageForms.csrf().form().formParam("username", user)
                    .formParam("password", "wrong-" + i).post("/login");
            statuses[i] = last.statusCode();
        }
        assertThat(statuses).containsExactly(401, 401, 401, 429, 429);
        assertThat(last.getHeader("Retry-After")).isNotBlank();
        assertThat(last.asString()).contains("Too many failed sign-ins");
    }

    @Test
    void oneAddressGuessingManyAccountsIsThrottledToo() {
        SignInThrottle t = new SignInThrottle(100, 4, Duration.ofMinutes(10), 2);
        for (int i = 0; i < 4; i++) {
            assertThat(t.attempt("user" + i, "10.0.0.1", Optional::empty)).isEmpty();
        }
        assertThatThrownBy(() -> t.attempt("user9", "10.0.0.1", Optional::empty))
                .isInstanceOf(SignInThrottledException.class);
        // a successful check costs nothing, and another address is not affected
        assertThat(t.attempt("user9", "10.0.0.2", () -> Optional.of("ok"))).contains("ok");
    }

    @Test
    void atMostTheConfiguredNumberOfPasswordChecksRunAtOnce() throws Exception {
        SignInThrottle t = new SignInThrottle(100, 100, Duration.ofMinutes(10), 1);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Optional<String>> first = CompletableFuture.supplyAsync(() -> t.attempt("a", "10.0.0.1", () -> {
            inside.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Optional.of("a");
        }));
        assertThat(inside.await(5, TimeUnit.SECONDS)).isTrue();
        // the second check waits at most half a second for the only slot, then is told to retry
        assertThatThrownBy(() -> t.attempt("b", "10.0.0.2", () -> Optional.of("b")))
                .isInstanceOf(SignInThrottledException.class)
                .satisfies(e -> assertThat(((SignInThrottledException) e).retryAfterSeconds()).isEqualTo(1));
        release.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS)).contains("a");
        assertThat(t.attempt("b", "10.0.0.2", () -> Optional.of("b"))).contains("b");
    }
}
