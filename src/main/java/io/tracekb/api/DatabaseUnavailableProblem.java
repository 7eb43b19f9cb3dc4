package io.tracekb.api;

import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/** 503 while PostgreSQL cannot be reached: nothing was changed, the caller should retry in a few seconds. */
final class DatabaseUnavailableProblem {

    /** Long enough for a restarting PostgreSQL, short enough that a client does not give up on a blip. */
    static final int RETRY_AFTER_SECONDS = 5;

    private DatabaseUnavailableProblem() {
    }

    static Response response() {
        return Response.fromResponse(Problem.response(503, "database-unavailable", "Database unavailable",
                "The database cannot be reached right now, so this request could not be completed. Matching still "
                        + "works. Retry in a few seconds.",
                List.of(), Map.of("retryAfter", RETRY_AFTER_SECONDS)))
                .header("Retry-After", Integer.toString(RETRY_AFTER_SECONDS)).build();
    }
}
