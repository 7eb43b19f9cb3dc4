package io.tracekb.api;

import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.api.TokenResources.CreatedTokenJson;
import io.tracekb.api.TokenResources.NewToken;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
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

/** Admins see every API token (never a secret), create tokens for any user, and revoke any token. */
// every operation here reads or writes PostgreSQL (or checks credentials there): while it is down, 503
@APIResponse(responseCode = "503", description = "The database cannot be reached; nothing was changed. Retry after "
        + "the seconds in Retry-After", headers = @Header(name = "Retry-After", description = "Seconds to wait",
                schema = @Schema(type = SchemaType.INTEGER)),
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "database-unavailable",
                value = ApiExamples.DATABASE_UNAVAILABLE)))
@Path("/api/v1/admin/tokens")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Role.ADMIN_NAME)
@SecurityRequirement(name = "basic")
@SecurityRequirement(name = "bearer")
@Tag(name = "Admin")
@APIResponse(responseCode = "401", description = "Not signed in",
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "unauthorized",
                value = ApiExamples.UNAUTHORIZED)))
@APIResponse(responseCode = "403", description = "Not an admin",
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "forbidden",
                value = ApiExamples.FORBIDDEN)))
public class AdminTokenResource {

    @Inject
    TokenService tokens;

    @Inject
    SecurityIdentity identity;

    @GET
    @Operation(summary = "List API tokens", description = "Newest first; ?username= for one user's. Secrets are "
            + "never stored, so never listed.")
    @APIResponse(responseCode = "200", description = "The tokens",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TokenInfo[].class),
                    examples = @ExampleObject(name = "tokens", value = ApiExamples.TOKENS)))
    public List<TokenInfo> list(@QueryParam("username") String username) {
        return tokens.list(username == null || username.isBlank() ? null : username);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create an API token", description = "For username (default: yourself), with a role no "
            + "higher than yours or the owner's. The secret is in the answer and never again. Needs a password "
            + "sign-in (a token cannot mint tokens).")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = NewToken.class),
            examples = @ExampleObject(name = "token", value = ApiExamples.TOKEN_CREATE)))
    @APIResponse(responseCode = "201", description = "Created; token holds the secret",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CreatedTokenJson.class),
                    examples = @ExampleObject(name = "created", value = ApiExamples.TOKEN_CREATED)))
    @APIResponse(responseCode = "400", description = "Invalid fields, each named", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "No such user", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Response create(NewToken body) {
        String owner = body == null || body.username() == null || body.username().isBlank()
                ? identity.getPrincipal().getName() : body.username();
        CreatedTokenJson created = TokenResources.create(tokens, identity, owner, body);
        return Response.created(UriBuilder.fromPath("/api/v1/admin/tokens/{id}").build(created.id()))
                .entity(created).build();
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Revoke an API token", description = "At once and for good; revoking twice is harmless.")
    @APIResponse(responseCode = "200", description = "Revoked",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TokenInfo.class),
                    examples = @ExampleObject(name = "token", value = ApiExamples.TOKEN)))
    @APIResponse(responseCode = "404", description = "No such token", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public TokenInfo revoke(@PathParam("id") long id) {
        return tokens.revoke(id, null);
    }
}
