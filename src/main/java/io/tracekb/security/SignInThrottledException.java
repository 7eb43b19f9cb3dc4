package io.tracekb.security;

/** Too many failed sign-ins for an account or from an address, or too many at once: retry after the seconds given. */
public class SignInThrottledException extends RuntimeException {

    private final long retryAfterSeconds;

    public SignInThrottledException(long retryAfterSeconds) {
        super("Too many failed sign-ins; retry in " + retryAfterSeconds + " s", null, false, false);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
