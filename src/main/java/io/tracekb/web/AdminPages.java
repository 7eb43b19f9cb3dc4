package io.tracekb.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.backlog.UnmatchedBacklog;
import io.tracekb.security.Role;
import io.tracekb.security.SecurityRuleException;
import io.tracekb.security.TokenInfo;
import io.tracekb.security.TokenService;
import io.tracekb.security.UserInfo;
import io.tracekb.security.UserService;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import jakarta.inject.Inject;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.RestForm;

/**
 * Admins' page: users (create, change role, disable), API tokens (create, revoke) and the backlog of unmatched
 * signatures grouped by root cause. Every change goes through {@link UserService} / {@link TokenService}, so the
 * rules of the API (the last admin cannot go, a token never exceeds its owner) hold here too.
 */
@Path("/admin")
@RolesAllowed(Role.ADMIN_NAME)
@Produces(MediaType.TEXT_HTML)
public class AdminPages {

    /** Backlog rows read for the page (most frequent first). */
    static final int BACKLOG_ROWS = 200;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance admin(String lang, List<UserInfo> users, List<TokenInfo> tokens,
                List<BacklogGroup> backlog, String message, Map<String, String> errors, String newTokenSecret,
                List<String> roles, String me);
    }

    /** Unmatched signatures with one root cause type: the total and each distinct signature. */
    public record BacklogGroup(String rootType, long count, List<UnmatchedBacklog.Entry> signatures) {
    }

    @Inject
    UserService users;

    @Inject
    TokenService tokens;

    @Inject
    UnmatchedBacklog backlog;

    @Inject
    SecurityIdentity identity;


    /** Not signed in: sign in first, then come back (see {@link SignInRedirect}). */
    @ServerExceptionMapper
    public Response signInFirst(UnauthorizedException e, HttpServerRequest request) {
        return SignInRedirect.response(request);
    }

    /** Signed in without the role: 403, which {@link ErrorPage} explains in the visitor's language. */
    @ServerExceptionMapper
    public Response notForThisRole(ForbiddenException e) {
        return Response.status(Response.Status.FORBIDDEN).build();
    }

    @GET
    @Operation(hidden = true)
    public Response page(@BeanParam PageLanguage language) {
        String lang = language.choose();
        return render(200, lang, null, Map.of(), null);
    }

    /** A form's address opened by itself (a reload after the redirect, a bookmark): the admin page. */
    @GET
    @PermitAll
    @Path("{form: users|tokens}")
    @Operation(hidden = true)
    public Response formAddress() {
        return Response.seeOther(URI.create("/admin")).build();
    }

    @POST
    @Path("users")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response createUser(@RestForm String username, @RestForm String password, @RestForm String role,
            @BeanParam PageLanguage language) {
        String lang = language.chooseIgnoringQuery();
        return attempt(lang, () -> {
            users.create(username, password, role);
            return null;
        });
    }

    @POST
    @Path("users/{username}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response updateUser(@PathParam("username") String username, @RestForm String role,
            @RestForm String disabled, @RestForm String password, @BeanParam PageLanguage language) {
        String lang = language.chooseIgnoringQuery();
        return attempt(lang, () -> {
            // each form of a user's row sends one field: a role, a state or a new password (checked like a
            // new user's; sessions signed before stay valid until they expire)
            users.update(username, role == null || role.isBlank() ? null : role,
                    password == null || password.isEmpty() ? null : password,
                    disabled == null ? null : Boolean.valueOf("true".equals(disabled)));
            return null;
        });
    }

    @POST
    @Path("tokens")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response createToken(@RestForm String username, @RestForm String name, @RestForm String role,
            @BeanParam PageLanguage language) {
        String lang = language.chooseIgnoringQuery();
        try {
            String owner = username == null || username.isBlank() ? identity.getPrincipal().getName() : username;
            TokenService.CreatedToken created = tokens.create(owner, name, role, Role.ADMIN);
            // shown once, on this answer only: TraceKB keeps just its hash
            return render(200, lang, null, Map.of(), created.secret());
        } catch (SecurityRuleException e) {
            return render(status(e), lang, e.getMessage(), e.fields(), null);
        }
    }

    @POST
    @Path("tokens/{id}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response revokeToken(@PathParam("id") long id, @BeanParam PageLanguage language) {
        String lang = language.chooseIgnoringQuery();
        return attempt(lang, () -> tokens.revoke(id, null));
    }

    private Response attempt(String lang, java.util.function.Supplier<Object> change) {
        try {
            change.get();
            return Response.seeOther(URI.create("/admin")).build(); // post/redirect/get: a reload repeats nothing
        } catch (SecurityRuleException e) {
            return render(status(e), lang, e.getMessage(), e.fields(), null);
        }
    }

    private static int status(SecurityRuleException e) {
        return switch (e.kind()) {
            case INVALID -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case FORBIDDEN -> 403;
        };
    }

    Response render(int status, String lang, String message, Map<String, String> errors, String newTokenSecret) {
        Map<String, List<UnmatchedBacklog.Entry>> byRoot = new LinkedHashMap<>();
        for (UnmatchedBacklog.Entry e : QuarkusTransaction.requiringNew().call(() -> backlog.top(0, BACKLOG_ROWS))) {
            byRoot.computeIfAbsent(e.rootType() == null ? "?" : e.rootType(), k -> new ArrayList<>()).add(e);
        }
        List<BacklogGroup> groups = new ArrayList<>();
        byRoot.forEach((root, entries) -> groups.add(
                new BacklogGroup(root, entries.stream().mapToLong(UnmatchedBacklog.Entry::count).sum(), entries)));
        groups.sort((a, b) -> Long.compare(b.count(), a.count()));
        TemplateInstance page = Templates.admin(lang, users.list(), tokens.list(null), groups, message, errors,
                newTokenSecret, List.of(Role.READER.code(), Role.EDITOR.code(), Role.ADMIN.code()),
                identity.getPrincipal().getName());
        return Response.status(status).entity(page.setLocale(Locale.forLanguageTag(lang)))
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).build();
    }

}
