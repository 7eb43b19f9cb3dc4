package io.tracekb.security;

import io.quarkus.security.ForbiddenException;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.security.identity.SecurityIdentity;

/** Builds the Quarkus identity of an authenticated user; roles include every lower role. */
public final class Identities {

    /** Identity attribute: {@link AuthenticatedUser.Via} of the request. */
    public static final String VIA = "tracekb.via";

    private Identities() {
    }

    public static SecurityIdentity of(AuthenticatedUser user) {
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(user.username()))
                .addRoles(user.role().impliedRoleNames())
                .addAttribute(VIA, user.via())
                .build();
    }

    /** The highest role the identity holds, or null for anonymous. */
    public static Role roleOf(SecurityIdentity identity) {
        if (identity == null || identity.isAnonymous()) {
            return null;
        }
        if (identity.hasRole(Role.ADMIN_NAME)) {
            return Role.ADMIN;
        }
        if (identity.hasRole(Role.EDITOR_NAME)) {
            return Role.EDITOR;
        }
        return identity.hasRole(Role.READER_NAME) ? Role.READER : null;
    }

    public static boolean viaToken(SecurityIdentity identity) {
        return identity != null && identity.getAttribute(VIA) == AuthenticatedUser.Via.TOKEN;
    }

    /**
     * Minting tokens, creating users and setting passwords need a password sign-in: done with a token, they
     * would give a leaked token credentials that outlive its revocation.
     */
    public static void requirePasswordSignIn(SecurityIdentity identity, String what) {
        if (viaToken(identity)) {
            throw new ForbiddenException(what + " needs a sign-in with a user name and password, not an API token");
        }
    }
}
