package io.tracekb.web;

import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * A page request that sends credentials (Basic, or a Bearer token that pages refuse) has them checked before its
 * handler runs, so that wrong ones are a 401. Checked lazily, they failed inside the page's template, which
 * asks who is looking, and the visitor got a 500.
 */
public class PageCredentialsCheck {

    @Inject
    CurrentIdentityAssociation identities;

    @ServerRequestFilter
    public Uni<Void> check(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (path.startsWith("/api/") || path.startsWith("/q/") || request.getHeaderString(HttpHeaders.AUTHORIZATION) == null) {
            return null;
        }
        return identities.getDeferredIdentity().map((SecurityIdentity identity) -> null);
    }
}
