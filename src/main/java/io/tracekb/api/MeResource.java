package io.tracekb.api;

import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.api.TokenResources.CreatedTokenJson;
import io.tracekb.api.TokenResources.NewToken;
import io.tracekb.security.Identities;
import io.tracekb.security.Role;
import io.tracekb.security.TokenInfo;
import io.tracekb.security.TokenService;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The signed-in user: who am I, and my own API tokens (any signed-in user, role capped at their own). */
// every operation here reads or writes PostgreSQL (or checks credentials there): while it is down, 503
@APIResponse(responseCode = "503", description = "The database cannot be reached; nothing was changed. Retry after "
        + "the seconds in Retry-After", headers = @Header(name = "Retry-After", description = "Seconds to wait",
                schema = @Schema(type = SchemaType.INTEGER)),
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "database-unavailable",
                value = ApiExamples.DATABASE_UNAVAILABLE)))
@Path("/api/v1/me")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Role.READER_NAME)
@SecurityRequirement(name = "basic")
@SecurityRequirement(name = "bearer")
@Tag(name = "Me", description = "The signed-in user and their API tokens")
@APIResponse(responseCode = "401", description = "Not signed in",
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "unauthorized",
                value = ApiExamples.UNAUTHORIZED)))
public class MeResource {

    @Inject
    TokenService tokens;

    @Inject
    SecurityIdentity identity;

    /** Who the request acts as. */
    public record Me(String username, String role, String via) {
    }

    @GET
    @Operation(summary = "Who am I", description = "User name, role and how the request authenticated.")
    @APIResponse(responseCode = "200", description = "The caller",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Me.class),
                    examples = @ExampleObject(name = "me", value = ApiExamples.ME)))
    public Me me() {
        return new Me(identity.getPrincipal().getName(), Identities.roleOf(identity).code(),
                Identities.viaToken(identity) ? "token" : "password");
    }

    @GET
    @Path("/tokens")
    @Operation(summary = "My API tokens", description = "Newest first, without secrets.")
    @APIResponse(responseCode = "200", description = "The tokens",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TokenInfo[].class),
                    examples = @ExampleObject(name = "tokens", value = ApiExamples.TOKENS)))
    public List<TokenInfo> list() {
        return tokens.list(identity.getPrincipal().getName());
    }

    @POST
    @Path("/tokens")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create one of my API tokens", description = "Role at most yours (default: yours). The "
            + "secret is in the answer and never again. Needs a password sign-in (a token cannot mint tokens).")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = NewToken.class),
            examples = @ExampleObject(name = "token", value = ApiExamples.MY_TOKEN_CREATE)))
    @APIResponse(responseCode = "201", description = "Created; token holds the secret",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CreatedTokenJson.class),
                    examples = @ExampleObject(name = "created", value = ApiExamples.TOKEN_CREATED)))
    @APIResponse(responseCode = "400", description = "Invalid fields, each named", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "403", description = "Signed in with a token", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Response create(NewToken body) {
        String me = identity.getPrincipal().getName();
        if (body != null && body.username() != null && !body.username().equals(me)) {
            throw io.tracekb.security.SecurityRuleException.invalid(java.util.Map.of("username",
                    "must be left out (or be your own): admins create tokens for others under /api/v1/admin/tokens"));
        }
        String role = body == null || body.role() == null ? Identities.roleOf(identity).code().toLowerCase(Locale.ROOT)
                : body.role();
        CreatedTokenJson created = TokenResources.create(tokens, identity, me,
                new NewToken(body == null ? null : body.name(), role, me));
        return Response.created(UriBuilder.fromPath("/api/v1/me/tokens/{id}").build(created.id()))
                .entity(created).build();
    }

    @DELETE
    @Path("/tokens/{id}")
    @Operation(summary = "Revoke one of my API tokens")
    @APIResponse(responseCode = "200", description = "Revoked",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TokenInfo.class),
                    examples = @ExampleObject(name = "token", value = ApiExamples.TOKEN)))
    @APIResponse(responseCode = "404", description = "No such token of yours", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public TokenInfo revoke(@PathParam("id") long id) {
        return tokens.revoke(id, identity.getPrincipal().getName());
    }
}
