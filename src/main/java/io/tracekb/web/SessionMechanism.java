package io.tracekb.web;

import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.Set;

/**
 * Signs page visitors in from their {@link SessionCookie}. Runs after the Basic/Bearer mechanism (lower
 * priority) and never under {@code /api/} or {@code /q/}, so the API authenticates exactly as before and a
 * cookie can never act on it. A stale or forged cookie just means anonymous: the page then offers to sign in.
 */
@ApplicationScoped
public class SessionMechanism implements HttpAuthenticationMechanism {

    @Inject
    SessionCookie sessions;

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String path = context.normalizedPath();
        if (path.startsWith("/api/") || path.startsWith("/q/")
                || context.request().getHeader(HttpHeaders.AUTHORIZATION) != null) {
            return Uni.createFrom().optional(Optional.empty());
        }
        Cookie cookie = context.request().getCookie(SessionCookie.NAME);
        Optional<SessionCookie.Session> session = sessions.verify(cookie == null ? null : cookie.getValue());
        if (session.isEmpty()) {
            return Uni.createFrom().optional(Optional.empty());
        }
        SessionAuthenticationRequest request = new SessionAuthenticationRequest(session.get());
        HttpSecurityUtils.setRoutingContextAttribute(request, context);
        return identityProviderManager.authenticate(request)
                .onFailure().recoverWithItem((SecurityIdentity) null); // user disabled since: anonymous
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(302, "Location", "/login"));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(SessionAuthenticationRequest.class);
    }

    /** Below the Basic/Bearer mechanism (default 1000), which keeps answering challenges for the API. */
    @Override
    public int getPriority() {
        return 500;
    }
}
