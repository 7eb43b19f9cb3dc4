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
 * The CSRF filter refuses a page form with a bare 400 (token missing, forged, or its cookie expired). Instead of
 * an empty page, say what happened and that going back keeps what was typed (browsers keep form fields on back).
 */
public class FormExpiredPage {

    @Inject
    @Location("form-expired.html")
    Template page;

    @ServerResponseFilter
    public void explain(ContainerRequestContext request, ContainerResponseContext response) {
        String path = request.getUriInfo().getPath();
        if (response.getStatus() != 400 || response.hasEntity() || !"POST".equals(request.getMethod())
                || path.startsWith("/api/") || path.startsWith("/q/")) {
            return;
        }
        String lang = UiLanguage.ofRequest(request, null);
        response.setEntity(page.data("lang", lang).setLocale(Locale.forLanguageTag(lang)).render(), null,
                MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"));
    }
}
