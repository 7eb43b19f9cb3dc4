package io.tracekb.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.tracekb.incident.Audience;
import io.tracekb.incident.Incident;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.incident.Translation;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.jboss.resteasy.reactive.RestForm;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Server-rendered pages: the incident list and one incident. Work without JavaScript. */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class PageResource {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance home(String lang, List<IncidentCard> incidents);

        static native TemplateInstance incident(String lang, IncidentView incident, boolean thanks,
                IncidentFeedback.Counts feedback);
    }

    @Inject
    io.tracekb.incident.ArticleService articles;

    @Inject
    IncidentFeedback feedback;

    @Inject
    Viewer viewer;

    @GET
    @Operation(hidden = true)
    @Transactional
    public TemplateInstance home(@BeanParam PageLanguage language) {
        String lang = language.choose();
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
            @QueryParam("thanks") boolean thanks, @CookieParam(FeedbackCookie.NAME) String answered,
            @BeanParam PageLanguage language) {
        IncidentData data = articles.find(slug)
                .filter(d -> Audience.of(viewer.isEditor()).sees(d.status()))
                .orElseThrow(() -> new NotFoundException("No incident " + slug));
        String wanted = requested != null && !requested.isBlank() && requested.length() <= 35
                ? requested.trim()
                : language.chooseIgnoringQuery();
        // the page speaks the asker's language when the UI has it, even when the incident falls back to another
        String asked = UiLanguage.supported(wanted);
        String pageLang = asked != null ? asked : UiLanguage.choose(data.bestLanguage(wanted), null);
        IncidentView view = IncidentView.of(data, wanted, pageLang);
        view = view.withStale(articles.staleTranslations(slug).get(view.lang()));
        // what readers answered to "did this help?" is for editors, who decide what to rewrite
        IncidentFeedback.Counts counts = viewer.isEditor() ? feedback.counts(slug) : null;
        // answered before: the thanks instead of the buttons, which would count nothing
        boolean thanked = thanks || FeedbackCookie.read(answered).contains(slug);
        return localized(Templates.incident(pageLang, view, thanked, counts), pageLang);
    }

    /** "Did this help?": one answer, then back to the incident with a thank-you. */
    @POST
    @Path("articles/{slug}/feedback")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response feedback(@PathParam("slug") String slug, @RestForm String helpful, @RestForm String lang,
            @CookieParam(FeedbackCookie.NAME) String answeredCookie) {
        String shown = UiLanguage.supported(lang) == null ? "" : "lang=" + UiLanguage.supported(lang) + "&";
        if (!"yes".equals(helpful) && !"no".equals(helpful)) {
            return Response.seeOther(URI.create("/articles/" + enc(slug) + "?" + shown)).build();
        }
        Set<String> answered = FeedbackCookie.read(answeredCookie);
        // one answer per browser and incident: a reload or a second click thanks again but counts nothing
        if (!answered.contains(slug) && !feedback.record(slug, "yes".equals(helpful), UiLanguage.supported(lang))) {
            throw new NotFoundException("No incident " + slug);
        }
        return Response.seeOther(URI.create("/articles/" + enc(slug) + "?" + shown + "thanks=true#feedback"))
                .cookie(FeedbackCookie.with(answered, slug)).build();
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static TemplateInstance localized(TemplateInstance page, String lang) {
        return page.setLocale(Locale.forLanguageTag(lang));
    }
}
