package io.tracekb.api;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Answers an API request whose declared body exceeds {@code quarkus.http.limits.max-body-size} with a 413
 * problem+json, just before Quarkus' own check (route order -2), which answers with an empty body.
 */
@ApplicationScoped
public class ApiBodyLimit {

    @ConfigProperty(name = "quarkus.http.limits.max-body-size")
    Optional<MemorySize> maxBodySize;

    void install(@Observes Router router) {
        if (maxBodySize.isEmpty()) {
            return;
        }
        long limit = maxBodySize.get().asLongValue();
        String body = "{\"type\":\"https://tracekb.io/problems/too-large\",\"title\":\"Request too large\","
                + "\"status\":413,\"detail\":\"The request body is larger than the limit of " + limit + " bytes\"}";
        router.route().order(-3).handler(ctx -> {
            String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            if (length != null && ctx.normalizedPath().startsWith("/api/")) {
                try {
                    if (Long.parseLong(length.trim()) > limit) {
                        ctx.response().setStatusCode(413)
                                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                                .putHeader(HttpHeaders.CONNECTION, "close")
                                .end(body);
                        return;
                    }
                } catch (NumberFormatException ignored) {
                    // Quarkus' own handling applies
                }
            }
            ctx.next();
        });
    }
}
