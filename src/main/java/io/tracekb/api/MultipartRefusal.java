package io.tracekb.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * No endpoint under {@code /api/} takes {@code multipart/form-data}, but Quarkus decodes such a body before any
 * resource sees it, and failed with its own 500 page on the match and parse endpoints. Refused here, first, with
 * the 415 problem every other unsupported type gets.
 */
@ApplicationScoped
public class MultipartRefusal {

    @Inject
    ObjectMapper json;

    void install(@Observes Router router) {
        router.route("/api/*").order(-185).handler(rc -> {
            String type = rc.request().getHeader(HttpHeaders.CONTENT_TYPE);
            if (type != null && type.toLowerCase(Locale.ROOT).strip().startsWith("multipart/")) {
                Problem p = new Problem("https://tracekb.io/problems/unsupported-media-type", "Unsupported media type",
                        415, new UnsupportedMediaTypeProblem(type.length() > 100 ? type.substring(0, 100) : type)
                                .getMessage(), List.of(), Map.of());
                try {
                    rc.response().setStatusCode(415).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                            .end(json.writeValueAsString(p));
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    rc.fail(e);
                }
                return;
            }
            rc.next();
        });
    }
}
