package io.tracekb.web;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** A page request carrying a valid {@link SessionCookie}: whose session it is. */
public class SessionAuthenticationRequest extends BaseAuthenticationRequest {

    private final String username;

    public SessionAuthenticationRequest(String username) {
        this.username = username;
    }

    public String username() {
        return username;
    }
}
