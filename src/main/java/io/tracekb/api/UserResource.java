package io.tracekb.api;

import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.security.Identities;
import io.tracekb.security.Role;
import io.tracekb.security.UserInfo;
import io.tracekb.security.UserService;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import java.util.Map;
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

/** Admins manage users: list, create with a role, change role or password, disable. */
// every operation here reads or writes PostgreSQL (or checks credentials there): while it is down, 503
@APIResponse(responseCode = "503", description = "The database cannot be reached; nothing was changed. Retry after "
        + "the seconds in Retry-After", headers = @Header(name = "Retry-After", description = "Seconds to wait",
                schema = @Schema(type = SchemaType.INTEGER)),
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "database-unavailable",
                value = ApiExamples.DATABASE_UNAVAILABLE)))
@Path("/api/v1/admin/users")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Role.ADMIN_NAME)
@SecurityRequirement(name = "basic")
@SecurityRequirement(name = "bearer")
@Tag(name = "Admin", description = "Users and API tokens (admin)")
@APIResponse(responseCode = "401", description = "Not signed in",
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "unauthorized",
                value = ApiExamples.UNAUTHORIZED)))
@APIResponse(responseCode = "403", description = "Not an admin",
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "forbidden",
                value = ApiExamples.FORBIDDEN)))
public class UserResource {

    @Inject
    SecurityIdentity identity;

    @Inject
    UserService users;

    /** Body of user creation. */
    public record NewUser(String username, String password, String role) {
    }

    /** Body of a user change; absent fields stay as they are. */
    public record UserChange(String role, String password, Boolean disabled) {
    }

    @GET
    @Operation(summary = "List users")
    @APIResponse(responseCode = "200", description = "Every user, without password hashes",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = UserInfo[].class),
                    examples = @ExampleObject(name = "users", value = ApiExamples.USERS)))
    public List<UserInfo> list() {
        return users.list();
    }

    @GET
    @Path("/{username}")
    @Operation(summary = "One user")
    @APIResponse(responseCode = "200", description = "The user",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = UserInfo.class),
                    examples = @ExampleObject(name = "user", value = ApiExamples.USER)))
    @APIResponse(responseCode = "404", description = "No such user", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public UserInfo get(@PathParam("username") String username) {
        return users.get(username);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a user", description = "Role reader, editor or admin; password at least 8 "
            + "characters (at most 72 bytes), stored as a bcrypt hash.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = NewUser.class),
            examples = @ExampleObject(name = "user", value = ApiExamples.USER_CREATE)))
    @APIResponse(responseCode = "201", description = "Created",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = UserInfo.class),
                    examples = @ExampleObject(name = "user", value = ApiExamples.USER)))
    @APIResponse(responseCode = "400", description = "Invalid fields, each named", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "409", description = "The user name exists", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Response create(NewUser body) {
        Identities.requirePasswordSignIn(identity, "Creating a user");
        NewUser b = body == null ? new NewUser(null, null, null) : body;
        UserInfo created = users.create(b.username(), b.password(), b.role());
        return Response.created(UriBuilder.fromPath("/api/v1/admin/users/{u}").build(created.username()))
                .entity(created).build();
    }

    @PATCH
    @Path("/{username}")
    @Consumes({ MediaType.APPLICATION_JSON, "application/merge-patch+json" })
    @Operation(summary = "Change a user's role, password or disabled flag",
            description = "The last enabled admin cannot be demoted or disabled (409).")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = UserChange.class),
            examples = @ExampleObject(name = "change", value = ApiExamples.USER_PATCH)))
    @APIResponse(responseCode = "200", description = "Changed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = UserInfo.class),
                    examples = @ExampleObject(name = "user", value = ApiExamples.USER)))
    @APIResponse(responseCode = "400", description = "Invalid fields, each named", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "No such user", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "409", description = "Would leave no enabled admin", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public UserInfo change(@PathParam("username") String username, UserChange body) {
        if (body == null) {
            throw io.tracekb.security.SecurityRuleException.invalid(Map.of("", "a JSON object is required"));
        }
        if (body.password() != null) {
            Identities.requirePasswordSignIn(identity, "Setting a password");
        }
        return users.update(username, body.role(), body.password(), body.disabled());
    }

    @DELETE
    @Path("/{username}")
    @Operation(summary = "Disable a user", description = "Users are never deleted (revisions name them); a "
            + "disabled user cannot sign in and their tokens stop working.")
    @APIResponse(responseCode = "200", description = "Disabled",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = UserInfo.class),
                    examples = @ExampleObject(name = "user", value = ApiExamples.USER)))
    @APIResponse(responseCode = "404", description = "No such user", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "409", description = "The last enabled admin", content = @Content(mediaType = Problem.MEDIA_TYPE))
    public UserInfo disable(@PathParam("username") String username) {
        return users.update(username, null, null, Boolean.TRUE);
    }
}
