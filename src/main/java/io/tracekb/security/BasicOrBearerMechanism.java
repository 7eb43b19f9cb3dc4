package io.tracekb.security;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.credential.PasswordCredential;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.UsernamePasswordAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

/**
 * Reads the {@code Authorization} header: {@code Basic} (user name and password) or {@code Bearer} (API token).
 * No header means anonymous; a header that is present but wrong fails, even on open endpoints, so a client with
 * a revoked token learns it at once. Tokens are taken under {@code /api/} and {@code /q/} only.
 */
@ApplicationScoped
public class BasicOrBearerMechanism implements HttpAuthenticationMechanism {

    public static final String REALM = "TraceKB";
    public static final String CHALLENGE = "Basic realm=\"" + REALM + "\"";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String header = context.request().getHeader(HttpHeaderNames.AUTHORIZATION);
        if (header == null || header.isBlank()) {
            return Uni.createFrom().optional(java.util.Optional.empty());
        }
        header = header.strip();
        int space = header.indexOf(' ');
        String scheme = space < 0 ? header : header.substring(0, space);
        String value = space < 0 ? "" : header.substring(space + 1).strip();
        AuthenticationRequest request;
        if (scheme.equalsIgnoreCase("Basic")) {
            String decoded;
            try {
                decoded = new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return fail("Malformed Basic credentials");
            }
            int colon = decoded.indexOf(':');
            if (colon < 0) {
                return fail("Malformed Basic credentials");
            }
            request = new UsernamePasswordAuthenticationRequest(decoded.substring(0, colon),
                    new PasswordCredential(decoded.substring(colon + 1).toCharArray()));
        } else if (scheme.equalsIgnoreCase("Bearer")) {
            if (!acceptsTokens(context.normalizedPath())) {
                // pages act with the rights of a signed-in person (session or password), never of a token
                return fail("API tokens are accepted under /api/ only; pages need a sign-in");
            }
            if (value.isEmpty()) {
                return fail("Empty bearer token");
            }
            request = new ApiTokenAuthenticationRequest(value);
        } else {
            return fail("Unsupported authorization scheme; use Basic or Bearer");
        }
        HttpSecurityUtils.setRoutingContextAttribute(request, context);
        return identityProviderManager.authenticate(request);
    }

    /** API tokens are for the API (and monitoring under /q/); a page never acts on one. */
    static boolean acceptsTokens(String path) {
        return path != null && (path.startsWith("/api/") || path.startsWith("/q/"));
    }

    private static Uni<SecurityIdentity> fail(String message) {
        return Uni.createFrom().failure(new AuthenticationFailedException(message));
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, HttpHeaderNames.WWW_AUTHENTICATE, CHALLENGE));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(UsernamePasswordAuthenticationRequest.class, ApiTokenAuthenticationRequest.class);
    }
}
