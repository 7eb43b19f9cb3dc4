package io.tracekb.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.tracekb.security.UserService;
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
        static native TemplateInstance login(String lang, String username, String next, boolean failed);
    }

    @Inject
    UserService users;

    @Inject
    SessionCookie sessions;

    @GET
    @Path("login")
    @Operation(hidden = true)
    public TemplateInstance form(@QueryParam("next") String next, @BeanParam PageLanguage language) {
        String lang = language.choose();
        return Templates.login(lang, "", safeNext(next), false).setLocale(Locale.forLanguageTag(lang));
    }

    @POST
    @Path("login")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response signIn(@RestForm String username, @RestForm String password, @RestForm String next,
            @BeanParam PageLanguage language, @Context UriInfo uri) {
        boolean secure = "https".equals(uri.getRequestUri().getScheme());
        if (users.checkPassword(username, password).isPresent()) {
            return Response.seeOther(URI.create(safeNext(next))).cookie(sessions.issue(username, secure)).build();
        }
        String lang = language.chooseIgnoringQuery();
        // the same answer for an unknown user and a wrong password; the user name stays in the form
        return Response.status(401).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(Templates.login(lang, username == null ? "" : username, safeNext(next), true)
                        .setLocale(Locale.forLanguageTag(lang)))
                .build();
    }

    @POST
    @Path("logout")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response signOut(@Context UriInfo uri) {
        boolean secure = "https".equals(uri.getRequestUri().getScheme());
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
