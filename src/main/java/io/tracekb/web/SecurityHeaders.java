package io.tracekb.web;

import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Headers that make the pages harder to abuse: no inline or foreign script (so injected markup cannot run), no
 * MIME sniffing, no framing (clickjacking), no full URLs (which can hold a search) leaked to other sites.
 * Not on {@code /api/} (answers are JSON for bots, unchanged) nor {@code /q/} (Swagger UI needs inline script).
 * Pages of signed-in work ({@code /editor}, {@code /admin}, which shows a new token's secret once) and every
 * answer about API tokens are {@code Cache-Control: no-store}: no browser or proxy cache keeps a copy.
 */
@ApplicationScoped
public class SecurityHeaders {

    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    void install(@Observes Router router) {
        router.route().order(-200).handler(rc -> {
            String path = rc.normalizedPath();
            if (isPrivate(path)) {
                rc.addHeadersEndHandler(v -> rc.response().putHeader("Cache-Control", "no-store"));
            }
            if (!path.startsWith("/api/") && !path.startsWith("/q/")) {
                HttpServerResponse response = rc.response();
                rc.addHeadersEndHandler(v -> {
                    response.putHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
                    response.putHeader("X-Content-Type-Options", "nosniff");
                    response.putHeader("X-Frame-Options", "DENY");
                    response.putHeader("Referrer-Policy", "same-origin");
                });
            }
            rc.next();
        });
    }

    static boolean isPrivate(String path) {
        return path.startsWith("/editor") || path.startsWith("/admin") || path.startsWith("/login")
                || path.startsWith("/api/v1/me/") || path.startsWith("/api/v1/admin/");
    }
}
