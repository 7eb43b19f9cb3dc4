package io.tracekb.api;

import io.tracekb.incident.FieldError;
import io.tracekb.backlog.UnmatchedBacklog;
import io.tracekb.security.Role;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The backlog of unmatched signatures: what users paste that no incident answers yet, most frequent first. */
// every operation here reads or writes PostgreSQL (or checks credentials there): while it is down, 503
@APIResponse(responseCode = "503", description = "The database cannot be reached; nothing was changed. Retry after "
        + "the seconds in Retry-After", headers = @Header(name = "Retry-After", description = "Seconds to wait",
                schema = @Schema(type = SchemaType.INTEGER)),
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "database-unavailable",
                value = ApiExamples.DATABASE_UNAVAILABLE)))
@Path("/api/v1/admin/unmatched")
@Tag(name = "admin")
@RolesAllowed(Role.ADMIN_NAME)
@SecurityRequirement(name = "basic")
@SecurityRequirement(name = "bearer")
public class UnmatchedResource {

    @Inject
    UnmatchedBacklog backlog;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Transactional
    @Operation(summary = "Signatures of pastes that got no confident match (admin)",
            description = "Only signatures and counts are kept, never the pasted text.")
    @APIResponse(responseCode = "200", description = "Most frequent first", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "backlog", value = """
                    [ { "fingerprint": "4f40d0b9bc9c0f808e882c1949b26b6e", "rootType": "java.lang.IllegalStateException",
                        "messageTemplate": "Buffer pool exhausted after <num> ms", "exceptions":
                        "java.lang.IllegalStateException", "count": 12, "firstSeen": "2026-11-30T08:00:00Z",
                        "lastSeen": "2026-11-30T10:00:00Z" } ]""")))
    public List<UnmatchedBacklog.Entry> list(@QueryParam("page") @DefaultValue("0") int page,
            @QueryParam("size") @DefaultValue("50") int size) {
        if (page < 0 || size < 1 || size > 500) {
            throw new BadRequestProblem("invalid-request", new FieldError(page < 0 ? "page" : "size",
                    page < 0 ? "must be 0 or more" : "must be from 1 to 500"));
        }
        return backlog.top(page, size);
    }
}
