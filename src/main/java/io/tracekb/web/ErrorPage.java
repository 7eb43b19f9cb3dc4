package io.tracekb.web;

import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import java.util.Locale;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * A page that answers with 403, 404 or 405 and nothing else (an editor's page for a reader, an unknown or
 * unpublished incident, a form's address opened directly) gets a page in the asker's language that says what happened and leads home, instead of an empty
 * body. The API and Quarkus' own endpoints keep their answers (problem+json, health).
 */
public class ErrorPage {

    @Inject
    @Location("error-page.html")
    Template page;

    @ServerResponseFilter
    public void explain(ContainerRequestContext request, ContainerResponseContext response) {
        int status = response.getStatus();
        String path = request.getUriInfo().getPath();
        if ((status != 403 && status != 404 && status != 405) || (response.hasEntity() && !isDefaultNotFound(response))
                || path.startsWith("/api/") || path.startsWith("/q/")) {
            return;
        }
        String lang = UiLanguage.ofRequest(request, request.getUriInfo().getQueryParameters().getFirst("lang"));
        String kind = status == 404 ? "notFound" : status == 403 ? "forbidden" : "method";
        response.setEntity(page.data("lang", lang).data("kind", kind)
                .setLocale(Locale.forLanguageTag(lang)).render(), null, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"));
    }

    /** A NotFoundException's message as the default entity ("No incident x"): plain text, not a page. */
    private static boolean isDefaultNotFound(ContainerResponseContext response) {
        return response.getStatus() == 404 && response.getEntity() instanceof String
                && (response.getMediaType() == null || response.getMediaType().isCompatible(MediaType.TEXT_PLAIN_TYPE));
    }
}
