package io.tracekb.web;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** A page request carrying a valid {@link SessionCookie}: whose session it is. */
public class SessionAuthenticationRequest extends BaseAuthenticationRequest {

    private final SessionCookie.Session session;

    public SessionAuthenticationRequest(SessionCookie.Session session) {
        this.session = session;
    }

    public SessionCookie.Session session() {
        return session;
    }
}
