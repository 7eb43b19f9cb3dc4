package io.tracekb.matching;

import io.tracekb.search.MatchSettings;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A token bucket per client for the match endpoints: {@code kb.match.rate-limit.per-minute} requests a
 * minute, refilled continuously, bursts up to the same number. 0 turns it off.
 */
@ApplicationScoped
public class RateLimiter {

    private static final int MAX_CLIENTS = 100_000;

    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();
    Clock clock = Clock.systemUTC();

    @Inject
    MatchSettings settings;

    int perMinute;

    @PostConstruct
    void configure() {
        perMinute = settings.rateLimit().perMinute();
    }

    /** Takes one token for {@code client}, or throws with the seconds until one is free. */
    public void acquire(String client) {
        int limit = perMinute;
        if (limit <= 0) {
            return;
        }
        if (buckets.size() > MAX_CLIENTS) {
            buckets.clear(); // a flood of distinct clients must not grow memory without bound
        }
        long now = clock.millis();
        Bucket b = buckets.computeIfAbsent(client, c -> new Bucket(limit, now));
        long waitMillis;
        synchronized (b) {
            double perMilli = limit / 60_000.0;
            b.tokens = Math.min(limit, b.tokens + (now - b.updated) * perMilli);
            b.updated = now;
            if (b.tokens >= 1) {
                b.tokens -= 1;
                return;
            }
            waitMillis = (long) Math.ceil((1 - b.tokens) / perMilli);
        }
        throw new RateLimitedException(Math.max(1, (waitMillis + 999) / 1000));
    }

    /** For tests and operations: a new limit, with every client's bucket full again. */
    public void setPerMinute(int perMinute) {
        this.perMinute = perMinute;
        buckets.clear();
    }

    public int perMinute() {
        return perMinute;
    }

    private static final class Bucket {
        double tokens;
        long updated;

        Bucket(double tokens, long updated) {
            this.tokens = tokens;
            this.updated = updated;
        }
    }
}
