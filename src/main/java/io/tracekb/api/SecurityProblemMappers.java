package io.tracekb.api;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.tracekb.incident.FieldError;
import io.tracekb.db.DatabaseFailures;
import io.tracekb.security.BasicOrBearerMechanism;
import io.tracekb.security.SecurityRuleException;
import io.tracekb.security.SignInThrottledException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** 401 (with the Basic challenge) and 403 as application/problem+json, and the user/token rule violations. */
public class SecurityProblemMappers {

    private static final Logger LOG = Logger.getLogger(SecurityProblemMappers.class);

    static final String UNAUTHORIZED_DETAIL = "Sign in with HTTP Basic (user name and password) or send "
            + "Authorization: Bearer <token>";

    @ServerExceptionMapper
    public Response throttled(SignInThrottledException e) {
        return Response.fromResponse(Problem.response(429, "too-many-sign-ins", "Too many sign-in attempts",
                e.getMessage(), List.of(), Map.of())).header("Retry-After", e.retryAfterSeconds()).build();
    }

    @ServerExceptionMapper
    public Response authenticationFailed(AuthenticationFailedException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SignInThrottledException throttled) {
                return throttled(throttled);
            }
        }
        if (DatabaseFailures.unavailable(e)) {
            // users and tokens live in PostgreSQL: the credentials could not be checked, not rejected
            LOG.warnf("Database unavailable while checking credentials: %s", ProblemMappers.rootMessage(e));
            return DatabaseUnavailableProblem.response();
        }
        return unauthorized("The credentials were not accepted (wrong user name or password, unknown or revoked "
                + "token, or disabled user)");
    }

    @ServerExceptionMapper
    public Response unauthorized(UnauthorizedException e) {
        return unauthorized(UNAUTHORIZED_DETAIL);
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        String detail = e.getMessage() == null || e.getMessage().isBlank()
                ? "Your role does not allow this" : e.getMessage();
        return Problem.response(Response.Status.FORBIDDEN, "forbidden", "Forbidden", detail);
    }

    @ServerExceptionMapper
    public Response rule(SecurityRuleException e) {
        return switch (e.kind()) {
            case INVALID -> Problem.response(400, "invalid-request", "Bad request", e.getMessage(),
                    e.fields().entrySet().stream().map(f -> new FieldError(f.getKey(), f.getValue())).toList(),
                    Map.of());
            case NOT_FOUND -> Problem.response(Response.Status.NOT_FOUND, "not-found", "Not found", e.getMessage());
            case CONFLICT -> Problem.response(Response.Status.CONFLICT, "conflict", "Conflict", e.getMessage());
            case FORBIDDEN -> Problem.response(Response.Status.FORBIDDEN, "forbidden", "Forbidden", e.getMessage());
        };
    }

    static Response unauthorized(String detail) {
        Response problem = Problem.response(401, "unauthorized", "Unauthorized", detail, List.of(), Map.of());
        return Response.fromResponse(problem)
                .header(HttpHeaders.WWW_AUTHENTICATE, BasicOrBearerMechanism.CHALLENGE)
                .build();
    }
}
