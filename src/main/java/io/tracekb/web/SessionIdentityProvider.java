package io.tracekb.web;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import io.tracekb.security.Identities;
import io.tracekb.security.UserService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Turns a session into the user's current identity (role re-read; disabled users and sessions ended by a sign-out
 * refused), off the event loop.
 */
@ApplicationScoped
public class SessionIdentityProvider implements IdentityProvider<SessionAuthenticationRequest> {

    @Inject
    UserService users;

    @Override
    public Class<SessionAuthenticationRequest> getRequestType() {
        return SessionAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(SessionAuthenticationRequest request,
            AuthenticationRequestContext context) {
        return context.runBlocking(() -> users.findEnabled(request.session().username(), request.session().generation())
                .map(Identities::of)
                .orElseThrow(() -> new AuthenticationFailedException("The session ended, or its user is gone or disabled")));
    }
}
