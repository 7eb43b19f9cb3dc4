package io.tracekb.api;

import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.Audience;
import io.tracekb.incident.FieldError;
import io.tracekb.incident.Incident;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.incident.LanguageTags;
import io.tracekb.security.Role;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.security.SecuritySchemes;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Incidents over REST (v1 contract, DESIGN.md): list and search, read, create, replace, archive, revisions. */
// every operation here reads or writes PostgreSQL (or checks credentials there): while it is down, 503
@APIResponse(responseCode = "503", description = "The database cannot be reached; nothing was changed. Retry after "
        + "the seconds in Retry-After", headers = @Header(name = "Retry-After", description = "Seconds to wait",
                schema = @Schema(type = SchemaType.INTEGER)),
        content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "database-unavailable",
                value = ApiExamples.DATABASE_UNAVAILABLE)))
@Path("/api/v1/articles")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Articles", description = "Incidents with their translations, fixes, sample traces and revisions")
@SecuritySchemes({
        @SecurityScheme(securitySchemeName = "basic", type = SecuritySchemeType.HTTP, scheme = "basic",
                description = "User name and password"),
        @SecurityScheme(securitySchemeName = "bearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
                bearerFormat = "tkb_…", description = "API token (POST /api/v1/me/tokens)") })
public class ArticleResource {

    static final int DEFAULT_SIZE = 20;
    static final int MAX_SIZE = 100;

    @Inject
    ArticleService articles;

    @Inject
    ArticleQueries queries;

    @Inject
    SecurityIdentity identity;

    @Inject
    com.fasterxml.jackson.databind.ObjectMapper json;

    @GET
    @Operation(summary = "List and search incidents",
            description = "Paged (page from 0). q searches titles and summaries in every language, ignoring case. "
                    + "Archived incidents are left out unless an editor asks for status=archived.")
    @APIResponse(responseCode = "200", description = "A page of incidents",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ArticlePage.class),
                    examples = @ExampleObject(name = "page", value = ApiExamples.PAGE)))
    @APIResponse(responseCode = "400", description = "A bad page, size, lang or status",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "bad-size",
                    value = "{ \"type\": \"https://tracekb.io/problems/invalid-request\", \"title\": \"Bad request\", "
                            + "\"status\": 400, \"detail\": \"1 field(s) are invalid\", "
                            + "\"errors\": [ { \"field\": \"size\", \"message\": \"must be a whole number from 1 to 100\" } ] }")))
    @APIResponse(responseCode = "401", description = "status=archived without signing in",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "unauthorized",
                    value = ApiExamples.UNAUTHORIZED)))
    public ArticlePage list(
            @Parameter(description = "free text searched in titles and summaries", example = "checkpoint") @QueryParam("q") String q,
            @Parameter(description = "language of the titles shown (else Accept-Language, else en)", example = "ja") @QueryParam("lang") String lang,
            @Parameter(description = "only incidents of this product", example = "flink") @QueryParam("product") String product,
            @Parameter(description = "draft, published or archived (draft and archived need an editor)", example = "published") @QueryParam("status") String status,
            @Parameter(description = "page number from 0", example = "0") @QueryParam("page") String page,
            @Parameter(description = "page size, 1 to 100 (default 20)", example = "20") @QueryParam("size") String size,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage) {
        List<FieldError> errors = new ArrayList<>();
        int pageNumber = intParam("page", page, 0, 0, Integer.MAX_VALUE, errors);
        int pageSize = intParam("size", size, DEFAULT_SIZE, 1, MAX_SIZE, errors);
        String language = language(lang, acceptLanguage, errors);
        // drafts are work in progress: listed for editors only
        Set<IncidentStatus> statuses = audience().listedByDefault();
        if (status != null && !status.isBlank()) {
            IncidentStatus s = null;
            try {
                s = IncidentStatus.fromCode(status);
            } catch (IllegalArgumentException e) {
                errors.add(new FieldError("status", "must be draft, published or archived"));
            }
            if (s != null) {
                statuses = EnumSet.of(s);
            }
        }
        if (q != null && q.length() > 500) {
            errors.add(new FieldError("q", "must be at most 500 characters"));
        } else if (q != null && q.indexOf('\0') >= 0) {
            // no stored text can hold it (PostgreSQL refuses U+0000), and the database would fail on it
            errors.add(new FieldError("q", "must not contain the NUL character (U+0000)"));
        }
        if (!errors.isEmpty()) {
            throw new BadRequestProblem("invalid-request", errors.size() + " field(s) are invalid", errors);
        }
        if (statuses.contains(IncidentStatus.ARCHIVED) || statuses.contains(IncidentStatus.DRAFT)) {
            requireEditor();
        }
        return queries.page(q == null || q.isBlank() ? null : q.strip(),
                product == null || product.isBlank() ? null : product.strip(), statuses, language, pageNumber,
                pageSize);
    }

    @GET
    @Path("/{slug}")
    @Operation(summary = "One incident", description = "Every translation, fix and sample trace, with the version "
            + "a PUT must be based on.")
    @APIResponse(responseCode = "200", description = "The incident",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ArticleJson.class),
                    examples = @ExampleObject(name = "article", value = ApiExamples.ARTICLE)))
    @APIResponse(responseCode = "404", description = "No such incident",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "not-found",
                    value = ApiExamples.NOT_FOUND)))
    public ArticleJson get(@PathParam("slug") String slug) {
        return queries.article(slug, audience());
    }

    private Audience audience() {
        return Audience.of(!identity.isAnonymous() && identity.hasRole(Role.EDITOR_NAME));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Role.EDITOR_NAME)
    @SecurityRequirement(name = "basic")
    @SecurityRequirement(name = "bearer")
    @Operation(summary = "Create an incident (editor)", description = "The article JSON without id, version and "
            + "updatedAt. Writes the first revision.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ArticleWrite.class),
            examples = @ExampleObject(name = "incident", value = ApiExamples.ARTICLE_WRITE)))
    @APIResponse(responseCode = "201", description = "Created; Location names the new incident",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ArticleJson.class),
                    examples = @ExampleObject(name = "article", value = ApiExamples.ARTICLE)))
    @APIResponse(responseCode = "400", description = "Invalid: every invalid field is named",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "invalid",
                    value = ApiExamples.INVALID)))
    @APIResponse(responseCode = "401", description = "Not signed in",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "unauthorized",
                    value = ApiExamples.UNAUTHORIZED)))
    @APIResponse(responseCode = "403", description = "Not an editor",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "forbidden",
                    value = ApiExamples.FORBIDDEN)))
    @APIResponse(responseCode = "409", description = "The slug exists",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "slug-taken",
                    value = "{ \"type\": \"https://tracekb.io/problems/slug-taken\", \"title\": \"Slug already exists\", "
                            + "\"status\": 409, \"detail\": \"…\" }")))
    @APIResponse(responseCode = "413", description = "Body larger than 2 MiB")
    @APIResponse(responseCode = "415", description = "Not application/json")
    public Response create(ArticleWrite body) {
        IncidentData data = body == null ? null : body.toData(null);
        Incident created = articles.create(data, author(), body == null ? null : body.message());
        ArticleJson json = queries.article(created.slug, Audience.EDITORS);
        return Response.created(UriBuilder.fromPath("/api/v1/articles/{slug}").build(json.slug())).entity(json).build();
    }

    @PUT
    @Path("/{slug}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Role.EDITOR_NAME)
    @SecurityRequirement(name = "basic")
    @SecurityRequirement(name = "bearer")
    @Operation(summary = "Replace an incident (editor)", description = "Full replacement. Must carry the version "
            + "it is based on; if someone saved in between, 409 with currentVersion and nothing changes. The slug "
            + "may change (renaming); when absent, the path's slug is kept.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ArticleWrite.class),
            examples = @ExampleObject(name = "replacement", value = ApiExamples.ARTICLE_PUT)))
    @APIResponse(responseCode = "200", description = "Saved as a new revision",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ArticleJson.class),
                    examples = @ExampleObject(name = "article", value = ApiExamples.ARTICLE)))
    @APIResponse(responseCode = "400", description = "Invalid, or version missing",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "invalid",
                    value = ApiExamples.INVALID)))
    @APIResponse(responseCode = "404", description = "No such incident",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "not-found",
                    value = ApiExamples.NOT_FOUND)))
    @APIResponse(responseCode = "409", description = "Saved by someone else in the meantime, or the new slug exists",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "stale",
                    value = ApiExamples.CONFLICT)))
    public ArticleJson replace(@PathParam("slug") String slug, ArticleWrite body) {
        if (body == null) {
            throw new BadRequestProblem("invalid-incident", new FieldError("", "an incident is required"));
        }
        if (body.version() == null) {
            throw new BadRequestProblem("missing-version", new FieldError("version",
                    "is required: the version this edit is based on (from GET /api/v1/articles/" + slug + ")"));
        }
        Incident saved = articles.update(slug, body.toData(slug), body.version(), author(), body.message());
        return queries.article(saved.slug, Audience.EDITORS);
    }

    @DELETE
    @Path("/{slug}")
    @RolesAllowed(Role.EDITOR_NAME)
    @SecurityRequirement(name = "basic")
    @SecurityRequirement(name = "bearer")
    @Operation(summary = "Archive an incident (editor)", description = "Nothing is deleted: the incident gets "
            + "status archived (left out of lists and matching) and keeps every revision. With ?version=, the "
            + "archive is refused (409) if someone saved since.")
    @APIResponse(responseCode = "200", description = "Archived",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ArticleJson.class),
                    examples = @ExampleObject(name = "article", value = ApiExamples.ARTICLE)))
    @APIResponse(responseCode = "404", description = "No such incident",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "not-found",
                    value = ApiExamples.NOT_FOUND)))
    @APIResponse(responseCode = "409", description = "Saved by someone else since ?version",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "stale",
                    value = ApiExamples.CONFLICT)))
    public ArticleJson archive(@PathParam("slug") String slug,
            @Parameter(description = "the version this archive is based on (optional)", example = "7") @QueryParam("version") String version) {
        long basedOn = version == null || version.isBlank() ? queries.currentVersion(slug)
                : longParam("version", version);
        Incident archived = articles.archive(slug, basedOn, author());
        return queries.article(archived.slug, Audience.EDITORS);
    }

    @GET
    @Path("/{slug}/revisions")
    @Operation(summary = "Revisions of an incident", description = "Oldest first: number, version, author, "
            + "message, createdAt.")
    @APIResponse(responseCode = "200", description = "The revisions",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RevisionJson[].class),
                    examples = @ExampleObject(name = "revisions", value = ApiExamples.REVISIONS)))
    @APIResponse(responseCode = "404", description = "No such incident",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "not-found",
                    value = ApiExamples.NOT_FOUND)))
    public List<RevisionJson> revisions(@PathParam("slug") String slug) {
        return queries.revisions(slug, audience());
    }

    @GET
    @Path("/{slug}/revisions/{number}")
    @Operation(summary = "One revision with its snapshot")
    @APIResponse(responseCode = "200", description = "The revision and the incident as it was saved",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RevisionJson.class),
                    examples = @ExampleObject(name = "revision", value = ApiExamples.REVISION)))
    @APIResponse(responseCode = "404", description = "No such incident or revision",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "not-found",
                    value = ApiExamples.NOT_FOUND)))
    public RevisionJson revision(@PathParam("slug") String slug, @PathParam("number") String number) {
        return queries.revision(slug, revisionNumber(slug, number), audience());
    }

    @POST
    @Path("/{slug}/revisions/{number}/restore")
    @RolesAllowed(Role.EDITOR_NAME)
    @SecurityRequirement(name = "basic")
    @SecurityRequirement(name = "bearer")
    @Operation(summary = "Restore a revision (editor)", description = "Makes the incident equal to revision n "
            + "again, as a new revision (history is never rewritten). The version it is based on goes in the body "
            + "{\"version\": 7} or the query ?version=7.")
    @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            examples = @ExampleObject(name = "version", value = ApiExamples.VERSION)))
    @APIResponse(responseCode = "200", description = "Restored",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ArticleJson.class),
                    examples = @ExampleObject(name = "article", value = ApiExamples.ARTICLE)))
    @APIResponse(responseCode = "400", description = "version missing",
            content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "No such incident or revision",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "not-found",
                    value = ApiExamples.NOT_FOUND)))
    @APIResponse(responseCode = "409", description = "Saved by someone else in the meantime",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "stale",
                    value = ApiExamples.CONFLICT)))
    public ArticleJson restore(@PathParam("slug") String slug, @PathParam("number") String number,
            @Parameter(description = "the version this restore is based on (or in the body)", example = "7") @QueryParam("version") String version,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] rawBody) {
        int n = revisionNumber(slug, number);
        VersionBody body = versionBody(contentType, rawBody);
        Long basedOn = body != null && body.version() != null ? body.version()
                : version == null || version.isBlank() ? null : longParam("version", version);
        if (basedOn == null) {
            throw new BadRequestProblem("missing-version", new FieldError("version",
                    "is required: the version this restore is based on, in the body or the query"));
        }
        Incident restored = articles.restore(slug, n, basedOn, author());
        return queries.article(restored.slug, Audience.EDITORS);
    }

    /**
     * The optional JSON body of restore. Read by hand so that a POST without any body or content type (version in
     * the query) is accepted too.
     */
    private VersionBody versionBody(String contentType, byte[] raw) {
        if (raw == null || raw.length == 0) {
            return null;
        }
        String type = contentType == null ? "" : contentType.split(";")[0].strip().toLowerCase(Locale.ROOT);
        if (!type.equals(MediaType.APPLICATION_JSON) && !type.endsWith("+json")) {
            throw new UnsupportedMediaTypeProblem(contentType == null ? "(none)" : contentType);
        }
        try {
            return json.readValue(raw, VersionBody.class);
        } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
            throw new BadRequestProblem("invalid-request", new FieldError("version", "must be a whole number"));
        } catch (java.io.IOException e) {
            throw new BadRequestProblem("malformed-json", new FieldError("", "not valid JSON"));
        }
    }

    /** Body of restore: the version it is based on. */
    public record VersionBody(Long version) {
    }

    private String author() {
        return identity.getPrincipal().getName();
    }

    private void requireEditor() {
        if (identity.isAnonymous()) {
            throw new UnauthorizedException("Listing draft or archived incidents needs an editor");
        }
        if (!identity.hasRole(Role.EDITOR_NAME)) {
            throw new ForbiddenException("Listing draft or archived incidents needs the role editor");
        }
    }

    private static int revisionNumber(String slug, String number) {
        try {
            int n = Integer.parseInt(number);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // not a revision number: no such revision
        }
        throw new io.tracekb.incident.IncidentNotFoundException(slug + " revision " + number);
    }

    private static long longParam(String name, String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new BadRequestProblem("invalid-request", new FieldError(name, "must be a whole number"));
        }
    }

    static int intParam(String name, String value, int defaultValue, int min, int max, List<FieldError> errors) {
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            int v = Integer.parseInt(value.strip());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        errors.add(new FieldError(name, max == Integer.MAX_VALUE ? "must be a whole number from " + min
                : "must be a whole number from " + min + " to " + max));
        return defaultValue;
    }

    static String language(String lang, String acceptLanguage, List<FieldError> errors) {
        if (lang != null && !lang.isBlank()) {
            String tag = LanguageTags.canonical(lang);
            if (tag == null) {
                errors.add(new FieldError("lang", "must be a BCP-47 language tag such as en, ja or zh"));
                return "en";
            }
            return tag;
        }
        return LanguageTags.firstAccepted(acceptLanguage, "en");
    }
}
