package io.tracekb.api;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * A form body with a broken %-escape ({@code text=100%zz}) fails in Quarkus REST's form decoder, before any
 * resource runs, with a bare IllegalArgumentException: that is the caller's mistake, a 400, not a 500.
 */
public class FormDecodingProblems {

    static final String DECODER = "org.jboss.resteasy.reactive.common.util.URLUtils";

    @ServerExceptionMapper
    public Response illegalArgument(IllegalArgumentException e, UriInfo uri) {
        if (isFormDecoding(e)) {
            return Problem.response(400, "malformed-form", "Bad request", "The form body is not valid "
                    + "application/x-www-form-urlencoded: every % must start an escape of two hex digits, such as %25",
                    List.of(), Map.of());
        }
        return new ProblemMappers().unexpected(e, uri);
    }

    static boolean isFormDecoding(IllegalArgumentException e) {
        StackTraceElement[] at = e.getStackTrace();
        return at.length > 0 && at[0].getClassName().equals(DECODER);
    }
}
