package io.tracekb.api;

import io.tracekb.incident.ArticleService;
import io.tracekb.incident.StaleTranslation;
import io.tracekb.security.Role;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
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

/** Translations that may be out of date: the work list of translators (editors). */
@APIResponse(responseCode = "503", description = "The database cannot be reached. Retry after the seconds in "
        + "Retry-After", headers = @Header(name = "Retry-After", description = "Seconds to wait",
                schema = @Schema(type = SchemaType.INTEGER)),
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "database-unavailable",
                value = ApiExamples.DATABASE_UNAVAILABLE)))
@Path("/api/v1/translations/stale")
@Tag(name = "Articles")
@RolesAllowed(Role.EDITOR_NAME)
@SecurityRequirement(name = "basic")
@SecurityRequirement(name = "bearer")
public class StaleTranslationResource {

    @Inject
    ArticleService articles;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Translations that may be out of date (editor)",
            description = "A translation becomes stale when its incident's original language text (title, summary "
                    + "or body) changes in a save that leaves the translation as it was; writing the translation "
                    + "again makes it current. sinceRevision is the revision that changed the original. Archived "
                    + "incidents are left out.")
    @APIResponse(responseCode = "200", description = "By incident, then language", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "stale", value = """
                    [ { "slug": "flink-memory-state-too-large", "lang": "ja",
                        "title": "チェックポイントが失敗する", "originalLanguage": "en", "sinceRevision": 4,
                        "since": "2026-12-02T04:31:00Z" } ]""")))
    public List<StaleTranslation> list() {
        return articles.staleTranslations();
    }
}
