package io.tracekb.security;

import java.time.Instant;

/** A user as the admin API shows it; never carries the password hash. */
public record UserInfo(long id, String username, Role role, boolean disabled, Instant createdAt) {

    static UserInfo of(AppUser u) {
        return new UserInfo(u.id, u.username, u.role(), u.disabled, u.createdAt);
    }
}
