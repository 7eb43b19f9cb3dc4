package io.tracekb.api;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Answers an API request whose declared body exceeds its limit with a 413 problem+json that names the limit,
 * before a byte of the body is read: the paste endpoints' {@code kb.api.max-body-bytes} (1 MiB), else
 * {@code quarkus.http.limits.max-body-size}. Runs just before Quarkus' own check (route order -2), which
 * answers with an empty body. A match posted without a declared length goes to the match endpoint's streaming twin,
 * which enforces the limit while reading (see {@link MatchResource}).
 */
@ApplicationScoped
public class ApiBodyLimit {

    /** Where a paste is posted; their bodies are also cut off at the same limit while being read. */
    static final List<String> PASTE_PATHS = List.of("/api/v1/match", "/api/v1/parse", "/api/v1/chat/slash");

    @ConfigProperty(name = "quarkus.http.limits.max-body-size")
    Optional<MemorySize> maxBodySize;

    @ConfigProperty(name = "kb.api.max-body-bytes", defaultValue = "1048576")
    long maxPasteBytes;

    void install(@Observes Router router) {
        long bodyLimit = maxBodySize.map(MemorySize::asLongValue).orElse(Long.MAX_VALUE);
        long pasteLimit = Math.min(maxPasteBytes, bodyLimit);
        String tooLarge = body("The request body is larger than the limit of " + bodyLimit + " bytes");
        String pasteTooLarge = body(new PayloadTooLargeProblem(pasteLimit).getMessage());
        router.route().order(-3).handler(ctx -> {
            String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            String path = ctx.normalizedPath();
            if (length == null && path.equals(MatchResource.PATH) && ctx.request().method() == HttpMethod.POST) {
                // the match endpoint takes its body whole, and past quarkus.http.limits.max-body-size Quarkus would
                // answer a streamed body with an empty 413: its streaming twin cuts it off at the limit instead
                String query = ctx.request().query();
                ctx.reroute(MatchResource.STREAMED_PATH + (query == null ? "" : "?" + query));
                return;
            }
            if (length != null && path.startsWith("/api/")) {
                boolean paste = PASTE_PATHS.contains(path);
                try {
                    if (Long.parseLong(length.trim()) > (paste ? pasteLimit : bodyLimit)) {
                        ctx.response().setStatusCode(413)
                                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                                .putHeader(HttpHeaders.CONNECTION, "close")
                                .end(paste ? pasteTooLarge : tooLarge);
                        return;
                    }
                } catch (NumberFormatException ignored) {
                    // Quarkus' own handling applies
                }
            }
            ctx.next();
        });
    }

    private static String body(String detail) {
        return "{\"type\":\"https://tracekb.io/problems/too-large\",\"title\":\"Request too large\","
                + "\"status\":413,\"detail\":\"" + detail.replace("\"", "'") + "\"}";
    }
}
