package io.tracekb.web;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * Every state-changing page request is a form post from this site, or it is refused before any handler runs.
 * The CSRF filter checks the token of form bodies only, so without this a POST with no Content-Type (or a JSON
 * one) reached the handler unchecked. Refused here: a body that is not {@code application/x-www-form-urlencoded}
 * (415), and a request whose {@code Origin} or {@code Sec-Fetch-Site} says another site sent it (403).
 * {@code /api/} (header authentication, no cookies) and {@code /q/} are not pages.
 */
@ApplicationScoped
public class PageFormGuard {

    private static final Set<HttpMethod> UNSAFE = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH,
            HttpMethod.DELETE);

    void install(@Observes Router router) {
        router.route().order(-180).handler(this::check);
    }

    void check(RoutingContext rc) {
        String path = rc.normalizedPath();
        if (!UNSAFE.contains(rc.request().method()) || path.startsWith("/api/") || path.startsWith("/q/")) {
            rc.next();
            return;
        }
        if (!isForm(rc.request().getHeader(HttpHeaders.CONTENT_TYPE))) {
            refuse(rc, 415, "Pages accept only form posts (application/x-www-form-urlencoded) with their CSRF token.");
        } else if (crossSite(rc.request().getHeader(HttpHeaders.ORIGIN), rc.request().host(),
                rc.request().getHeader("Sec-Fetch-Site"))) {
            refuse(rc, 403, "This form was sent from another site.");
        } else {
            rc.next();
        }
    }

    static boolean isForm(String contentType) {
        return contentType != null && contentType.toLowerCase(Locale.ROOT).strip()
                .startsWith("application/x-www-form-urlencoded");
    }

    /** Browsers name the sending site in Origin (and Sec-Fetch-Site); a request without either is not a browser's. */
    static boolean crossSite(String origin, String host, String fetchSite) {
        if (fetchSite != null && fetchSite.equalsIgnoreCase("cross-site")) {
            return true;
        }
        if (origin == null || origin.isBlank()) {
            return false;
        }
        if (origin.equals("null") || host == null) {
            return true; // an opaque origin (sandboxed frame, data: URL) is never this site
        }
        try {
            URI o = URI.create(origin.strip());
            String authority = o.getRawAuthority();
            return authority == null || !authority.equalsIgnoreCase(host.strip());
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    private static void refuse(RoutingContext rc, int status, String message) {
        rc.response().setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=UTF-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end(message + "\n");
    }
}
