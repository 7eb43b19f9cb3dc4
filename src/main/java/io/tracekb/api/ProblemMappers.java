package io.tracekb.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.tracekb.article.IncidentNotFoundException;
import io.tracekb.article.InvalidIncidentException;
import io.tracekb.article.SlugTakenException;
import io.tracekb.article.StaleVersionException;
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
    public Response unsupported(UnsupportedMediaTypeProblem e) {
        return Problem.response(415, "unsupported-media-type", "Unsupported media type", e.getMessage(), List.of(),
                Map.of());
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
        return Problem.response(status, "http-" + status, Response.Status.fromStatusCode(status) == null ? "Error"
                : Response.Status.fromStatusCode(status).getReasonPhrase(), e.getMessage(), List.of(), Map.of());
    }

    @ServerExceptionMapper
    public Response unexpected(RuntimeException e, UriInfo uri) {
        // Never leak internals (stack traces, SQL) to the caller; the log has them.
        LOG.errorf(e, "Unexpected error while serving %s", uri.getPath());
        return Problem.response(Response.Status.INTERNAL_SERVER_ERROR, "internal", "Internal error",
                "The request could not be completed; the server log has the details.");
    }

    private static boolean isApi(UriInfo uri) {
        return uri.getPath().startsWith("/api/");
    }
}
