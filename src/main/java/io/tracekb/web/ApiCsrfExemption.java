package io.tracekb.web;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.security.SecureRandom;
import java.util.Base64;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The CSRF filter of quarkus-rest-csrf covers every REST endpoint, but CSRF is an attack on cookie sessions and
 * {@code /api/} never reads cookies: callers sign in with an Authorization header, and the Slack slash command
 * (a form post) is authenticated by its signature. So API requests are taken out of the page's CSRF state:
 * <ul>
 * <li>a form post to {@code /api/} gets a fresh matching token pair (header and cookie), replacing whatever
 * cookies it carried — the API uses none — so the filter lets it through unchanged;</li>
 * <li>API answers never set the CSRF cookie: bots need none, and API behaviour stays as it was.</li>
 * </ul>
 * JSON and text bodies pass the filter anyway ({@code quarkus.rest-csrf.require-form-url-encoded=false}).
 */
@ApplicationScoped
public class ApiCsrfExemption {

    private final SecureRandom random = new SecureRandom();

    @ConfigProperty(name = "quarkus.rest-csrf.cookie-name", defaultValue = "csrf-token")
    String cookieName;

    @ConfigProperty(name = "quarkus.rest-csrf.token-header-name", defaultValue = "X-CSRF-TOKEN")
    String headerName;

    @ConfigProperty(name = "quarkus.rest-csrf.token-size", defaultValue = "16")
    int tokenSize;

    void install(@Observes Router router) {
        router.route().order(-190).handler(rc -> {
            if (rc.normalizedPath().startsWith("/api/")) {
                if (isFormPost(rc.request().method(), rc.request().getHeader(HttpHeaders.CONTENT_TYPE))) {
                    byte[] bytes = new byte[tokenSize];
                    random.nextBytes(bytes);
                    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
                    rc.request().headers().set(headerName, token);
                    rc.request().headers().set(HttpHeaders.COOKIE, cookieName + "=" + token);
                }
                rc.addHeadersEndHandler(v -> rc.response().removeCookie(cookieName, false));
            }
            rc.next();
        });
    }

    static boolean isFormPost(HttpMethod method, String contentType) {
        if (method == HttpMethod.GET || method == HttpMethod.HEAD || method == HttpMethod.OPTIONS
                || contentType == null) {
            return false;
        }
        String type = contentType.toLowerCase(java.util.Locale.ROOT);
        return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
    }
}
