package io.tracekb.api;

public class RateLimitedProblem extends RuntimeException {
    private final long retryAfterSeconds;

    public RateLimitedProblem(long retryAfterSeconds) {
        super("Too many requests from this client; retry in " + retryAfterSeconds + " s");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
