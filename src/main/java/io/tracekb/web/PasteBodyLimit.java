package io.tracekb.web;

import io.quarkus.qute.i18n.Localized;
import io.quarkus.qute.i18n.MessageBundles;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A paste box post whose declared body is past what the server reads at all ({@code quarkus.http.limits.max-body-size})
 * gets a short page saying the paste is too large, in the visitor's language, instead of Quarkus' empty 413.
 * Smaller pastes above 1 MiB are read and answered by {@link MatchPage}, which keeps the paste in the box.
 */
@ApplicationScoped
public class PasteBodyLimit {

    @ConfigProperty(name = "quarkus.http.limits.max-body-size")
    Optional<MemorySize> maxBodySize;

    void install(@Observes Router router) {
        if (maxBodySize.isEmpty()) {
            return;
        }
        long limit = maxBodySize.get().asLongValue();
        router.route("/match").order(-3).handler(ctx -> {
            String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            if (ctx.request().method() == HttpMethod.POST && length != null && isOver(length, limit)) {
                Cookie remembered = ctx.request().getCookie(UiLanguageCookie.NAME);
                String lang = UiLanguage.choose(null, remembered == null ? null : remembered.getValue(),
                        ctx.request().getHeader(HttpHeaders.ACCEPT_LANGUAGE));
                String message = MessageBundles.get(Messages.class, Localized.Literal.of(lang)).error_paste_too_large();
                ctx.response().setStatusCode(413)
                        .putHeader(HttpHeaders.CONTENT_TYPE, "text/html;charset=UTF-8")
                        .putHeader(HttpHeaders.CONNECTION, "close")
                        .end("<!DOCTYPE html>\n<html lang=\"" + lang + "\"><head><meta charset=\"utf-8\"><title>413</title>"
                                + "</head><body><main><p role=\"alert\">" + escape(message)
                                + "</p><p><a href=\"/\">TraceKB</a></p></main></body></html>\n");
                return;
            }
            ctx.next();
        });
    }

    private static boolean isOver(String length, long limit) {
        try {
            return Long.parseLong(length.trim()) > limit;
        } catch (NumberFormatException e) {
            return false; // Quarkus' own handling applies
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
