package io.tracekb.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.matching.MatchService;
import io.tracekb.matching.RateLimitedException;
import io.tracekb.search.MatchOutcome;
import io.tracekb.security.Identities;
import io.tracekb.security.Role;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.RestForm;

/**
 * The results page. {@code POST /match} (form field {@code text}) is what the paste box sends;
 * {@code GET /match?q=...} does the same for short texts, so a search can be linked to. Both use the same
 * {@link MatchService} as {@code POST /api/v1/match}: the same rate limit, ranking and unmatched backlog.
 */
@Path("/match")
@Produces(MediaType.TEXT_HTML)
public class MatchPage {

    /** Incidents shown per paste: the best few, as in the API's default. */
    static final int RESULTS = 5;

    @CheckedTemplate
    static class Templates {
        /** @param previewOf the unpublished incident an editor's preview lets compete, else null */
        static native TemplateInstance results(String lang, String text, ResultView view, boolean editor,
                String error, String previewOf);
    }

    @Inject
    MatchService matching;

    @Inject
    SecurityIdentity identity;

    /** The same size limit as the API's match body (1 MiB by default). */
    @ConfigProperty(name = "kb.api.max-body-bytes", defaultValue = "1048576")
    long maxBytes;

    @GET
    @Operation(hidden = true)
    @Transactional
    public Response search(@QueryParam("q") String q, @BeanParam PageLanguage language, @Context HttpServerRequest http) {
        if (q == null || q.isBlank()) {
            return Response.seeOther(URI.create("/")).build(); // nothing asked yet: the paste box is on the home page
        }
        return answer(q, language.choose(), http);
    }

    @POST
    @Consumes({ MediaType.APPLICATION_FORM_URLENCODED, MediaType.MULTIPART_FORM_DATA })
    @Operation(hidden = true)
    @Transactional
    public Response paste(@RestForm String text, @RestForm String lang,
            @BeanParam PageLanguage language, @Context HttpServerRequest http) {
        String chosen = language.choose(lang);
        Response answer = answer(text == null ? "" : text, chosen, http);
        if (UiLanguage.supported(lang) == null) {
            return answer;
        }
        // the language buttons on this page re-send the paste: remember the choice like the ?lang= links do
        return Response.fromResponse(answer).cookie(UiLanguageCookie.of(chosen)).build();
    }

    private Response answer(String text, String lang, HttpServerRequest http) {
        boolean editor = isEditor();
        if (text.isBlank()) {
            return page(400, Templates.results(lang, text, null, editor, "error_empty_paste", null), lang);
        }
        if (text.getBytes(StandardCharsets.UTF_8).length > maxBytes) {
            // the paste is kept in the box: the user can cut it down rather than paste again
            return page(413, Templates.results(lang, text, null, editor, "error_paste_too_large", null), lang);
        }
        MatchOutcome outcome;
        try {
            // the API's limiter, same bucket per client address: the page must not be a way around the API's limit
            outcome = matching.match(clientOf(http), text, RESULTS);
        } catch (RateLimitedException e) {
            return Response.fromResponse(page(429, Templates.results(lang, text, null, editor, "error_rate_limited", null), lang))
                    .header("Retry-After", e.retryAfterSeconds()).build();
        }
        ResultView view = ResultView.of(text, outcome, lang, matching.shownIncidentsWhileDatabaseIsDown(),
                matching::frameKeys);
        return page(200, Templates.results(lang, text, view, editor, null, null), lang);
    }

    /** The client's address, which the rate limit counts by (the API's limiter: same bucket per address). */
    static String clientOf(HttpServerRequest http) {
        return http == null || http.remoteAddress() == null ? "unknown" : http.remoteAddress().hostAddress();
    }

    private boolean isEditor() {
        Role role = Identities.roleOf(identity);
        return role != null && role.includes(Role.EDITOR);
    }

    static Response page(int status, TemplateInstance page, String lang) {
        return Response.status(status).entity(page.setLocale(Locale.forLanguageTag(lang)))
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).build();
    }
}
