package io.tracekb.security;

import java.time.Instant;

/** An API token as listed: everything but its secret, which is never stored. */
public record TokenInfo(long id, String name, Role role, String username, Instant createdAt, Instant lastUsedAt,
        Instant revokedAt) {

    static TokenInfo of(ApiToken t) {
        return new TokenInfo(t.id, t.name, t.role(), t.user == null ? null : t.user.username, t.createdAt,
                t.lastUsedAt, t.revokedAt);
    }

    public boolean revoked() {
        return revokedAt != null;
    }
}
