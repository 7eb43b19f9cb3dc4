package io.tracekb.web;

import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Where a visitor who must sign in first is sent, and where they come back to: the page they asked for, or for a
 * form posted after the session ended, the page the form was on (its data is gone; the page is not).
 */
final class SignInRedirect {
    private SignInRedirect() {
    }

    /** 303 to the sign-in page, which sends the visitor back afterwards. */
    static Response response(HttpServerRequest request) {
        return Response.seeOther(URI.create(location(request.method().name(), request.path(), request.query()))).build();
    }

    static String location(String method, String path, String query) {
        return "/login?next=" + URLEncoder.encode(next(method, path, query), StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String next(String method, String path, String query) {
        if (method.equals("GET") || method.equals("HEAD")) {
            return query == null || query.isEmpty() ? path : path + "?" + query;
        }
        if (path.startsWith("/admin/")) {
            return "/admin";
        }
        String[] parts = path.split("/");
        // "/editor/{slug}/{action}" -> "/editor/{slug}": archive, publish, preview-match, restore
        return path.startsWith("/editor/") && parts.length > 3 ? "/editor/" + parts[2] : path;
    }
}
