package io.tracekb.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tracekb.incident.FieldError;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/**
 * An error answer in the RFC 9457 shape. {@code errors} names every invalid field; {@code extra} carries
 * machine-readable context such as the current version after a conflict.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(String type, String title, int status, String detail, List<FieldError> errors,
        Map<String, Object> extra) {

    public static final String MEDIA_TYPE = "application/problem+json";

    public static Response response(Response.Status status, String slug, String title, String detail) {
        return response(status.getStatusCode(), slug, title, detail, List.of(), Map.of());
    }

    public static Response response(int status, String slug, String title, String detail, List<FieldError> errors,
            Map<String, Object> extra) {
        Problem p = new Problem("https://tracekb.io/problems/" + slug, title, status, detail, errors, extra);
        return Response.status(status).type(MEDIA_TYPE).entity(p).build();
    }

    /** Flattens {@code extra} into the top level, as RFC 9457 extension members. */
    @com.fasterxml.jackson.annotation.JsonAnyGetter
    public Map<String, Object> extensions() {
        return extra == null ? Map.of() : extra;
    }

    @Override
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Map<String, Object> extra() {
        return extra;
    }
}
