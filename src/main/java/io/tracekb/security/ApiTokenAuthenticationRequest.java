package io.tracekb.security;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** The secret of an {@code Authorization: Bearer} header, to be checked by {@link TokenIdentityProvider}. */
public class ApiTokenAuthenticationRequest extends BaseAuthenticationRequest {
    private final String secret;

    public ApiTokenAuthenticationRequest(String secret) {
        this.secret = secret;
    }

    public String secret() {
        return secret;
    }
}
