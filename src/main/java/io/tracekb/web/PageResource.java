package io.tracekb.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.tracekb.article.Incident;
import io.tracekb.article.IncidentData;
import io.tracekb.article.IncidentStatus;
import io.tracekb.article.Translation;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Server-rendered pages: the incident list and one incident. Work without JavaScript. */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class PageResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance home(String lang, List<IncidentCard> incidents);

        static native TemplateInstance incident(String lang, IncidentView incident);
    }

    @Inject
    io.tracekb.article.ArticleService articles;

    @GET
    @Operation(hidden = true)
    @Transactional
    public TemplateInstance home(@QueryParam("lang") String requested,
            @CookieParam(UiLanguageCookie.NAME) String remembered,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage) {
        String lang = UiLanguage.choose(requested, remembered, acceptLanguage);
        List<IncidentCard> cards = new ArrayList<>();
        for (Incident incident : Incident.<Incident>list("status = ?1 order by slug", IncidentStatus.PUBLISHED)) {
            Map<String, Translation> byLang = new TreeMap<>();
            incident.translations.forEach(t -> byLang.put(t.lang, t));
            String shown = IncidentData.bestOf(byLang, lang, null);
            Translation t = byLang.get(shown);
            cards.add(new IncidentCard(incident.slug, incident.product, shown, t == null ? incident.slug : t.title,
                    t == null ? null : t.summary, List.copyOf(byLang.keySet()), List.copyOf(incident.tags)));
        }
        return localized(Templates.home(lang, cards), lang);
    }

    @GET
    @Path("articles/{slug}")
    @Operation(hidden = true)
    public TemplateInstance incident(@PathParam("slug") String slug, @QueryParam("lang") String requested,
            @CookieParam(UiLanguageCookie.NAME) String remembered,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage) {
        IncidentData data = articles.find(slug)
                .filter(d -> d.status() != IncidentStatus.DRAFT) // drafts are not public
                .orElseThrow(() -> new NotFoundException("No incident " + slug));
        String wanted = requested != null && !requested.isBlank() && requested.length() <= 35
                ? requested.trim()
                : UiLanguage.choose(null, remembered, acceptLanguage);
        IncidentView view = IncidentView.of(data, wanted);
        return localized(Templates.incident(UiLanguage.choose(view.lang(), null), view), UiLanguage.choose(view.lang(), null));
    }

    private static TemplateInstance localized(TemplateInstance page, String lang) {
        return page.setLocale(Locale.forLanguageTag(lang));
    }
}
