package io.tracekb.security;

/**
 * Who a request acts for: the user name (for a token, its owner's), the role it acts with, and how it
 * authenticated.
 */
public record AuthenticatedUser(String username, Role role, Via via, Long tokenId) {

    public enum Via {
        PASSWORD, TOKEN
    }
}
