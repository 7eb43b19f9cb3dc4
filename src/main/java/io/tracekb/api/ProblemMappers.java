package io.tracekb.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.tracekb.incident.IncidentNotFoundException;
import io.tracekb.incident.InvalidIncidentException;
import io.tracekb.incident.SlugTakenException;
import io.tracekb.incident.StaleVersionException;
import io.tracekb.db.DatabaseFailures;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Turns every failure of the API into application/problem+json with a status the contract names. */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public Response badRequest(BadRequestProblem e) {
        return Problem.response(400, e.slug(), "Bad request", e.getMessage(), e.errors(), Map.of());
    }

    @ServerExceptionMapper
    public Response invalid(InvalidIncidentException e) {
        return Problem.response(400, "invalid-incident", "The incident is not valid",
                e.errors().size() + " field(s) are invalid", e.errors(), Map.of());
    }

    @ServerExceptionMapper
    public Response notFound(IncidentNotFoundException e) {
        return Problem.response(Response.Status.NOT_FOUND, "not-found", "Not found", e.getMessage());
    }

    @ServerExceptionMapper
    public Response slugTaken(SlugTakenException e) {
        return Problem.response(Response.Status.CONFLICT, "slug-taken", "Slug already exists", e.getMessage());
    }

    @ServerExceptionMapper
    public Response stale(StaleVersionException e) {
        return Problem.response(409, "stale-version", "Edited by someone else in the meantime", e.getMessage(),
                List.of(), Map.of("currentVersion", e.currentVersion()));
    }

    @ServerExceptionMapper
    public Response tooLarge(PayloadTooLargeProblem e) {
        return Problem.response(413, "too-large", "Request too large", e.getMessage(), List.of(), Map.of());
    }

    @ServerExceptionMapper
    public Response rateLimited(io.tracekb.matching.RateLimitedException e) {
        return Response.fromResponse(Problem.response(429, "rate-limited", "Too many requests", e.getMessage(),
                List.of(), Map.of("retryAfter", e.retryAfterSeconds())))
                .header("Retry-After", Long.toString(e.retryAfterSeconds())).build();
    }

    @ServerExceptionMapper
    public Response unsupported(UnsupportedMediaTypeProblem e) {
        return Problem.response(415, "unsupported-media-type", "Unsupported media type", e.getMessage(), List.of(),
                Map.of());
    }

    @ServerExceptionMapper
    public Response mismatchedInput(com.fasterxml.jackson.databind.exc.MismatchedInputException e) {
        return wrongType(e);
    }

    @ServerExceptionMapper
    public Response wrongType(com.fasterxml.jackson.databind.JsonMappingException e) {
        String field = fieldPath(e);
        if (field.isEmpty()) {
            return Problem.response(400, "malformed-json", "Malformed JSON", e.getOriginalMessage(), List.of(),
                    Map.of());
        }
        return Problem.response(400, "invalid-request", "Bad request", "1 field(s) are invalid",
                List.of(new io.tracekb.incident.FieldError(field, "has the wrong type or value")), Map.of());
    }

    /** The JSON path of the failing value: {@code translations.en.title}, {@code tags[0]}. */
    static String fieldPath(com.fasterxml.jackson.databind.JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (com.fasterxml.jackson.databind.JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    @ServerExceptionMapper
    public Response malformedJson(JsonProcessingException e) {
        return Problem.response(400, "malformed-json", "Malformed JSON", e.getOriginalMessage(), List.of(), Map.of());
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        if (!isApi(uri)) {
            return e.getResponse();
        }
        int status = e.getResponse().getStatus();
        // Quarkus REST wraps body-reading failures of Jackson in a plain 400; answer with what was wrong.
        if (status == 400 && e.getCause() instanceof com.fasterxml.jackson.databind.JsonMappingException m) {
            return wrongType(m);
        }
        if (status == 400 && e.getCause() instanceof JsonProcessingException j) {
            return malformedJson(j);
        }
        return Problem.response(status, "http-" + status, Response.Status.fromStatusCode(status) == null ? "Error"
                : Response.Status.fromStatusCode(status).getReasonPhrase(), e.getMessage(), List.of(), Map.of());
    }

    @ServerExceptionMapper
    public Response unexpected(RuntimeException e, UriInfo uri) {
        if (DatabaseFailures.unavailable(e)) {
            // expected while PostgreSQL restarts: one line, no stack trace
            LOG.warnf("Database unavailable while serving %s: %s", uri.getPath(), rootMessage(e));
            return DatabaseUnavailableProblem.response();
        }
        if (tooManyFormFields(e)) {
            return Problem.response(400, "too-many-form-fields", "Bad request",
                    "The form has more fields than the " + FORM_FIELD_LIMIT + " a request may carry", List.of(), Map.of());
        }
        if (DatabaseFailures.uniqueViolation(e)) {
            // the check before the insert passed for both of two simultaneous creates; the database kept one
            return Problem.response(Response.Status.CONFLICT, "conflict", "Conflict",
                    "It already exists: another request created the same key at the same moment");
        }
        // Never leak internals (stack traces, SQL) to the caller; the log has them.
        LOG.errorf(e, "Unexpected error while serving %s", uri.getPath());
        return Problem.response(Response.Status.INTERNAL_SERVER_ERROR, "internal", "Internal error",
                "The request could not be completed; the server log has the details.");
    }

    /** RESTEasy Reactive's own limit on the fields of one form body. */
    static final int FORM_FIELD_LIMIT = 1000;

    /** Its form parser throws a plain RuntimeException when the limit is passed, before any resource runs. */
    static boolean tooManyFormFields(RuntimeException e) {
        StackTraceElement[] at = e.getStackTrace();
        return e.getClass() == RuntimeException.class && e.getMessage() != null
                && e.getMessage().startsWith("Param limit of") && at.length > 0
                && at[0].getClassName().startsWith("org.jboss.resteasy.reactive.server.core.multipart.");
    }

    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }

    private static boolean isApi(UriInfo uri) {
        return uri.getPath().startsWith("/api/");
    }
}
