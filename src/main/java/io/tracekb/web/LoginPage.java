package io.tracekb.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.security.AuthenticatedUser;
import io.tracekb.security.SignInThrottle;
import io.tracekb.security.SignInThrottledException;
import io.tracekb.security.UserService;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.RestForm;

/**
 * Sign-in for the pages, backed by the same users and passwords as HTTP Basic on the API. A successful sign-in
 * sets the {@link SessionCookie}; the API keeps authenticating by header only.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class LoginPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance login(String lang, String username, String next, boolean failed,
                long retryAfter);
    }

    @Inject
    UserService users;

    @Inject
    SessionCookie sessions;

    @Inject
    SecurityIdentity identity;

    @Inject
    SignInThrottle throttle;

    @Inject
    RoutingContext routing;

    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "quarkus.rest-csrf.token-size", defaultValue = "16")
    int csrfTokenSize;

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /**
     * A new CSRF token with the new session, so that a token planted or seen before sign-in is worth nothing
     * after it. quarkus-rest-csrf sets its cookie after a verified post from these two request attributes.
     */
    private void renewCsrfToken(RoutingContext rc) {
        byte[] bytes = new byte[csrfTokenSize];
        RANDOM.nextBytes(bytes);
        rc.put("csrf_token_bytes", bytes);
        rc.put("csrf_token", java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    @GET
    @Path("login")
    @Operation(hidden = true)
    public TemplateInstance form(@QueryParam("next") String next, @BeanParam PageLanguage language) {
        String lang = language.choose();
        return Templates.login(lang, "", safeNext(next), false, 0).setLocale(Locale.forLanguageTag(lang));
    }

    @POST
    @Path("login")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response signIn(@RestForm String username, @RestForm String password, @RestForm String next,
            @BeanParam PageLanguage language, @Context UriInfo uri) {
        boolean secure = "https".equals(uri.getRequestUri().getScheme());
        String address = routing.request().remoteAddress() == null ? null : routing.request().remoteAddress().host();
        Optional<AuthenticatedUser> user;
        try {
            user = throttle.attempt(username, address, () -> users.checkPassword(username, password));
        } catch (SignInThrottledException e) {
            String lang = language.chooseIgnoringQuery();
            return Response.status(429).header("Retry-After", e.retryAfterSeconds())
                    .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                    .entity(Templates.login(lang, username == null ? "" : username, safeNext(next), true,
                            e.retryAfterSeconds()).setLocale(Locale.forLanguageTag(lang)))
                    .build();
        }
        if (user.isPresent()) {
            renewCsrfToken(routing);
            return Response.seeOther(URI.create(safeNext(next)))
                    .cookie(sessions.issue(username, users.sessionGeneration(username), secure)).build();
        }
        String lang = language.chooseIgnoringQuery();
        // the same answer for an unknown user and a wrong password; the user name stays in the form
        return Response.status(401).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(Templates.login(lang, username == null ? "" : username, safeNext(next), true, 0)
                        .setLocale(Locale.forLanguageTag(lang)))
                .build();
    }

    @POST
    @Path("logout")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response signOut(@Context UriInfo uri) {
        boolean secure = "https".equals(uri.getRequestUri().getScheme());
        if (!identity.isAnonymous()) {
            users.endSessions(identity.getPrincipal().getName()); // a copied cookie must not outlive the sign-out
        }
        return Response.seeOther(URI.create("/")).cookie(sessions.clear(secure)).build();
    }

    /** Only a path on this site: an open redirect to another site would make the login page a phishing aid. */
    static String safeNext(String next) {
        if (next == null || !next.startsWith("/") || next.startsWith("//") || next.contains("\\")
                || next.length() > 500 || next.chars().anyMatch(c -> c < 0x20)) {
            return "/";
        }
        return next;
    }
}
