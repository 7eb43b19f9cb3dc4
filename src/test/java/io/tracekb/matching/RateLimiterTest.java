package io.tracekb.matching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    static final class MutableClock extends Clock {
        Instant now = Instant.parse("2026-11-30T10:00:00Z");

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void aClientGetsItsBurstThenWaitsForTheRefill() {
        RateLimiter limiter = new RateLimiter();
        MutableClock clock = new MutableClock();
        limiter.clock = clock;
        limiter.setPerMinute(60); // one a second

        for (int i = 0; i < 60; i++) {
            limiter.acquire("10.0.0.1");
        }
        assertThatThrownBy(() -> limiter.acquire("10.0.0.1")).isInstanceOfSatisfying(RateLimitedException.class,
                e -> assertThat(e.retryAfterSeconds()).isEqualTo(1));
        limiter.acquire("10.0.0.2"); // another client is not affected

        clock.now = clock.now.plus(Duration.ofMillis(1000));
        limiter.acquire("10.0.0.1");
        assertThatThrownBy(() -> limiter.acquire("10.0.0.1")).isInstanceOf(RateLimitedException.class);
    }

    @Test
    void zeroTurnsItOff() {
        RateLimiter limiter = new RateLimiter();
        limiter.setPerMinute(1);
        limiter.acquire("x");
        assertThatThrownBy(() -> limiter.acquire("x")).as("the same limiter with 1 a minute refuses the second")
                .isInstanceOf(RateLimitedException.class);
        limiter.setPerMinute(0);
        // 10,000 requests of one client within the same instant: none refused
        assertThatCode(() -> {
            for (int i = 0; i < 10_000; i++) {
                limiter.acquire("x");
            }
        }).doesNotThrowAnyException();
    }
}
