package io.tracekb.api;

import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import io.tracekb.security.SecuritySettings;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Under {@code /api/}: credentials that are sent are always checked (a wrong password or revoked token is a 401
 * even on an open endpoint), and with {@code kb.security.require-auth-for-reads} anonymous callers get 401.
 * Role checks of writes are {@code @RolesAllowed} on the resources.
 */
public class ApiAccessFilter {

    @Inject
    CurrentIdentityAssociation identities;

    @Inject
    SecuritySettings settings;

    @ConfigProperty(name = "kb.chat.slack-signing-secret")
    Optional<String> slackSigningSecret;

    static final String SLASH_COMMAND = "/api/v1/chat/slash";

    @ServerRequestFilter
    public Uni<Void> check(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!path.startsWith("/api/")) {
            return null;
        }
        if (path.startsWith(SLASH_COMMAND) && slackSigningSecret.filter(s -> !s.isBlank()).isPresent()) {
            return null; // Slack cannot sign in; its requests are authenticated by their signature instead
        }
        boolean required = settings.requireAuthForReads();
        if (!required && request.getHeaderString(HttpHeaders.AUTHORIZATION) == null) {
            return null;
        }
        return identities.getDeferredIdentity().map((SecurityIdentity identity) -> {
            if (required && identity.isAnonymous()) {
                throw new UnauthorizedException("This TraceKB requires signing in for reads");
            }
            return null;
        });
    }
}
