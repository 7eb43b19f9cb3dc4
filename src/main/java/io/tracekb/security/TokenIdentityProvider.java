package io.tracekb.security;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Checks bearer API tokens against {@code api_token}, off the event loop. */
@ApplicationScoped
public class TokenIdentityProvider implements IdentityProvider<ApiTokenAuthenticationRequest> {

    @Inject
    TokenService tokens;

    @Override
    public Class<ApiTokenAuthenticationRequest> getRequestType() {
        return ApiTokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(ApiTokenAuthenticationRequest request,
            AuthenticationRequestContext context) {
        return context.runBlocking(() -> tokens.authenticate(request.secret())
                .map(Identities::of)
                .orElseThrow(() -> new AuthenticationFailedException("Unknown or revoked API token")));
    }
}
