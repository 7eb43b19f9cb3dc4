package io.tracekb.security;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.UsernamePasswordAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Checks HTTP Basic user names and passwords against {@code app_user} (bcrypt), off the event loop, through the
 * {@link SignInThrottle}.
 */
@ApplicationScoped
public class PasswordIdentityProvider implements IdentityProvider<UsernamePasswordAuthenticationRequest> {

    @Inject
    UserService users;

    @Inject
    SignInThrottle throttle;

    @Override
    public Class<UsernamePasswordAuthenticationRequest> getRequestType() {
        return UsernamePasswordAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(UsernamePasswordAuthenticationRequest request,
            AuthenticationRequestContext context) {
        RoutingContext http = HttpSecurityUtils.getRoutingContextAttribute(request);
        String address = http == null || http.request().remoteAddress() == null ? null
                : http.request().remoteAddress().host();
        String password = new String(request.getPassword().getPassword());
        return context.runBlocking(() -> throttle
                .attempt(request.getUsername(), address, () -> users.checkPassword(request.getUsername(), password))
                .map(Identities::of)
                .orElseThrow(() -> new AuthenticationFailedException("Wrong user name or password")));
    }
}
