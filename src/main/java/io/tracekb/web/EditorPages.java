package io.tracekb.web;

import io.tracekb.incident.IncidentRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.api.HintMessages;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.FieldError;
import io.tracekb.incident.Incident;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentNotFoundException;
import io.tracekb.incident.InvalidIncidentException;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.incident.Revision;
import io.tracekb.incident.SlugTakenException;
import io.tracekb.incident.StaleVersionException;
import io.tracekb.search.PasteAnalysis;
import io.tracekb.signature.Signature;
import io.tracekb.trace.Hint;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.security.Role;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.RolesAllowed;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import io.tracekb.matching.MatchService;
import jakarta.ws.rs.core.Context;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.RestForm;

/**
 * Editors' pages: create and edit an incident with all its translations side by side, its fixes and sample
 * traces; revision history with diffs and restore; archive. Every save goes through {@link ArticleService};
 * these pages only turn the form into an {@link IncidentData} and back. The row buttons (add, remove, move,
 * preview) re-render the form on the server, so everything works without JavaScript and nothing typed is lost.
 */
@Path("/editor")
@RolesAllowed(Role.EDITOR_NAME)
@Produces(MediaType.TEXT_HTML)
public class EditorPages {

    @Inject
    IncidentRepository incidents;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance edit(String lang, IncidentForm form, IncidentForm.Rows rows, boolean isNew,
                List<FieldError> errors, List<TracePreview> previews, Conflict conflict, Long saved, String stale);

        static native TemplateInstance staleTranslations(String lang, List<io.tracekb.incident.StaleTranslation> stale);

        static native TemplateInstance revisions(String lang, String slug, String title, long version,
                List<RevisionRow> revisions);

        static native TemplateInstance diff(String lang, String slug, int from, int to, List<TextDiff.Line> lines);
    }

    /** What the parser makes of one sample trace: shown under it, so an editor sees what will be matched. */
    public record TracePreview(int number, boolean found, String rootCauseType, String template, int frames,
            String fingerprint, List<String> hints) {
    }

    /**
     * Someone saved in between: the revision stored now and the one this edit began with (the history's numbers),
     * and what changed from one to the other.
     */
    public record Conflict(int currentRevision, int basedOnRevision, List<TextDiff.Line> changes) {
    }

    /**
     * One line of the history.
     *
     * @param when    for reading, in UTC ("2026-12-02 04:31 UTC"); the page's script shows it in the reader's zone
     * @param changes what it changed compared to the revision before (empty for the first)
     */
    public record RevisionRow(int number, long version, String author, String message, Instant createdAt,
            String when, List<RevisionChanges> changes) {
    }

    static final java.time.format.DateTimeFormatter WHEN = java.time.format.DateTimeFormatter
            .ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(java.time.ZoneOffset.UTC);

    @Inject
    ArticleService articles;

    @Inject
    SecurityIdentity identity;


    @Inject
    MatchService matching;

    /** Not signed in: sign in first, then come back (see {@link SignInRedirect}). */
    @ServerExceptionMapper
    public Response signInFirst(UnauthorizedException e, HttpServerRequest request) {
        return SignInRedirect.response(request);
    }

    /** Signed in without the role: 403, which {@link ErrorPage} explains in the visitor's language. */
    @ServerExceptionMapper
    public Response notForThisRole(ForbiddenException e) {
        return Response.status(Response.Status.FORBIDDEN).build();
    }

    @GET
    @Path("new")
    @Operation(hidden = true)
    public Response newIncident(@BeanParam PageLanguage language) {
        String lang = language.choose();
        return render(200, lang, IncidentForm.blank(), true, List.of(), null, null);
    }

    @POST
    @Path("new")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response postNew(@BeanParam IncidentForm form, @BeanParam PageLanguage language) {
        String lang = language.chooseIgnoringQuery();
        return handle(form, null, lang);
    }

    @GET
    @Path("{slug}")
    @Operation(hidden = true)
    public Response edit(@PathParam("slug") String slug, @QueryParam("saved") Long saved,
            @BeanParam PageLanguage language) {
        String lang = language.choose();
        IncidentData data = articles.find(slug).orElseThrow(() -> new NotFoundException("No incident " + slug));
        return render(200, lang, IncidentForm.of(data, currentVersion(slug)), false, List.of(), null, saved);
    }

    @POST
    @Path("{slug}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response postEdit(@PathParam("slug") String slug, @BeanParam IncidentForm form,
            @BeanParam PageLanguage language) {
        String lang = language.chooseIgnoringQuery();
        return handle(form, slug, lang);
    }

    @POST
    @Path("{slug}/archive")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response archive(@PathParam("slug") String slug, @RestForm Long version) {
        try {
            var incident = articles.archive(slug, version == null ? -1 : version, identity.getPrincipal().getName());
            return savedPage(incident);
        } catch (StaleVersionException e) {
            // someone saved meanwhile: show the current state rather than archive what the editor has not seen
            return Response.seeOther(URI.create("/editor/" + enc(slug))).build();
        } catch (IncidentNotFoundException e) {
            throw new NotFoundException(e.getMessage());
        }
    }

    /**
     * Matches a trace with this unpublished incident competing as if it were published: how readers' pastes would
     * be answered once it is. The results page, marked as a preview; a published incident gets the plain match.
     */
    @POST
    @Path("{slug}/preview-match")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response previewMatch(@PathParam("slug") String slug, @RestForm String text,
            @BeanParam PageLanguage language, @Context io.vertx.core.http.HttpServerRequest http) {
        String lang = language.chooseIgnoringQuery();
        String paste = text == null ? "" : text;
        if (paste.isBlank()) {
            return MatchPage.page(400, MatchPage.Templates.results(lang, paste, null, true, "error_empty_paste",
                    slug), lang);
        }
        Optional<MatchService.Answer> answer;
        try {
            answer = matching.previewWithUnpublished(MatchPage.clientOf(http), paste, slug, MatchPage.RESULTS);
        } catch (io.tracekb.matching.RateLimitedException e) {
            return Response.fromResponse(MatchPage.page(429, MatchPage.Templates.results(lang, paste, null, true,
                    "error_rate_limited", slug), lang)).header("Retry-After", e.retryAfterSeconds()).build();
        }
        if (answer.isEmpty()) {
            throw new NotFoundException("No unpublished incident " + slug);
        }
        ResultView view = ResultView.of(paste, answer.get().outcome(), lang, answer.get().incidents(),
                matching::frameKeys);
        return MatchPage.page(200, MatchPage.Templates.results(lang, paste, view, true, null, slug), lang);
    }

    /** The translators' work list: translations written before their original last changed. */
    @GET
    @Path("translations/stale")
    @Operation(hidden = true)
    public Response staleTranslations(@BeanParam PageLanguage language) {
        String lang = language.choose();
        return page(200,
                Templates.staleTranslations(lang, articles.staleTranslations()), lang);
    }

    /** Publishes a draft as it is stored: from then on readers see it and pastes are matched against it. */
    @POST
    @Path("{slug}/publish")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response publish(@PathParam("slug") String slug, @RestForm Long version,
            @BeanParam PageLanguage language) {
        IncidentData data = articles.find(slug).orElseThrow(() -> new NotFoundException("No incident " + slug));
        IncidentData published = new IncidentData(data.slug(), data.product(), data.tags(),
                data.affectedVersions(), IncidentStatus.PUBLISHED, data.translations(), data.fixes(),
                data.sampleTraces());
        try {
            return savedPage(articles.update(slug, published, version == null ? -1 : version,
                    identity.getPrincipal().getName(), "published"));
        } catch (StaleVersionException e) {
            return Response.seeOther(URI.create("/editor/" + enc(slug))).build(); // show what is stored now
        } catch (InvalidIncidentException e) {
            return render(400, language.chooseIgnoringQuery(), IncidentForm.of(data, currentVersion(slug)), false,
                    e.errors(), null, null);
        }
    }

    @GET
    @Path("{slug}/revisions")
    @Operation(hidden = true)
    public Response revisions(@PathParam("slug") String slug, @BeanParam PageLanguage language) {
        String lang = language.choose();
        IncidentData data = articles.find(slug).orElseThrow(() -> new NotFoundException("No incident " + slug));
        List<RevisionRow> rows = new ArrayList<>();
        IncidentData before = null;
        for (Revision r : articles.revisions(slug)) {
            IncidentData after = articles.readSnapshot(r.snapshot);
            rows.add(new RevisionRow(r.number, r.version, r.author, r.message, r.createdAt,
                    WHEN.format(r.createdAt), RevisionChanges.between(before, after)));
            before = after;
        }
        Collections.reverse(rows); // newest first
        String title = data.translations().get(data.bestLanguage(lang)).title();
        return page(200, Templates.revisions(lang, slug, title, currentVersion(slug), rows), lang);
    }

    @GET
    @Path("{slug}/diff")
    @Operation(hidden = true)
    public Response diff(@PathParam("slug") String slug, @QueryParam("from") int from, @QueryParam("to") int to,
            @BeanParam PageLanguage language) {
        String lang = language.choose();
        List<Revision> all = articles.revisions(slug);
        IncidentData a = snapshot(all, from).orElseThrow(() -> new NotFoundException("No revision " + from));
        IncidentData b = snapshot(all, to).orElseThrow(() -> new NotFoundException("No revision " + to));
        return page(200, Templates.diff(lang, slug, from, to,
                TextDiff.diff(IncidentText.lines(a), IncidentText.lines(b))), lang);
    }

    @POST
    @Path("{slug}/restore")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response restore(@PathParam("slug") String slug, @RestForm int number, @RestForm Long version) {
        try {
            var incident = articles.restore(slug, number, version == null ? -1 : version,
                    identity.getPrincipal().getName());
            return savedPage(incident);
        } catch (StaleVersionException e) {
            return Response.seeOther(URI.create("/editor/" + enc(slug) + "/revisions")).build();
        } catch (IncidentNotFoundException e) {
            throw new NotFoundException(e.getMessage());
        }
    }

    private Response handle(IncidentForm form, String slug, String lang) {
        boolean isNew = slug == null;
        String op = form.op == null ? "save" : form.op;
        IncidentForm.Rows rows = form.rows();
        List<IncidentForm.FixRow> fixes = new ArrayList<>(rows.fixes());
        List<IncidentForm.TraceRow> traces = new ArrayList<>(rows.traces());
        if (op.equals("from-trace")) {
            // from the results page: only the trace arrives; start with the rest of a blank form
            IncidentForm blank = IncidentForm.blank();
            blank.setRows(List.of(IncidentForm.emptyFix()), traces.isEmpty() ? List.of(new IncidentForm.TraceRow("", "")) : traces);
            return render(200, lang, blank, true, List.of(), null, null);
        }
        if (!op.equals("save")) {
            rowOperation(op, fixes, traces);
            form.setRows(fixes, traces);
            return render(200, lang, form, isNew, List.of(), null, null);
        }
        IncidentData data = form.toData();
        String author = identity.getPrincipal().getName();
        try {
            Incident saved = isNew ? articles.create(data, author, null)
                    : articles.update(slug, data, form.versionOrNew(), author, null);
            return savedPage(saved);
        } catch (InvalidIncidentException e) {
            return render(400, lang, form, isNew, e.errors(), null, null);
        } catch (SlugTakenException e) {
            return render(409, lang, form, isNew, List.of(new FieldError("slug", "is taken by another incident")),
                    null, null);
        } catch (StaleVersionException e) {
            List<Revision> history = articles.revisions(slug);
            Conflict conflict = new Conflict(revisionOf(history, e.currentVersion()),
                    revisionOf(history, form.versionOrNew()), changesSince(slug, history, form.versionOrNew()));
            // the next save is based on what the editor has now seen; their input stays exactly as typed
            form.version = e.currentVersion();
            return render(409, lang, form, false, List.of(), conflict, null);
        } catch (IncidentNotFoundException e) {
            throw new NotFoundException(e.getMessage());
        }
    }

    /** add-fix, remove-fix:i, up-fix:i, down-fix:i, add-trace, remove-trace:i; anything else (preview) re-renders. */
    static void rowOperation(String op, List<IncidentForm.FixRow> fixes, List<IncidentForm.TraceRow> traces) {
        int colon = op.indexOf(':');
        String name = colon < 0 ? op : op.substring(0, colon);
        int i;
        try {
            i = colon < 0 ? -1 : Integer.parseInt(op.substring(colon + 1));
        } catch (NumberFormatException e) {
            return;
        }
        switch (name) {
            case "add-fix" -> fixes.add(IncidentForm.emptyFix());
            case "remove-fix" -> {
                if (i >= 0 && i < fixes.size()) {
                    fixes.remove(i);
                }
            }
            case "up-fix" -> {
                if (i > 0 && i < fixes.size()) {
                    Collections.swap(fixes, i, i - 1);
                }
            }
            case "down-fix" -> {
                if (i >= 0 && i < fixes.size() - 1) {
                    Collections.swap(fixes, i, i + 1);
                }
            }
            case "add-trace" -> traces.add(new IncidentForm.TraceRow("", ""));
            case "remove-trace" -> {
                if (i >= 0 && i < traces.size()) {
                    traces.remove(i);
                }
            }
            default -> {
            }
        }
    }

    /** The diff from the version this edit began with to the stored one (empty when that revision is unknown). */
    private List<TextDiff.Line> changesSince(String slug, List<Revision> all, long basedOn) {
        Optional<IncidentData> base = all.stream().filter(r -> r.version == basedOn).reduce((a, b) -> b)
                .map(r -> articles.readSnapshot(r.snapshot));
        IncidentData current = articles.find(slug).orElse(null);
        return TextDiff.diff(base.map(IncidentText::lines).orElse(List.of()), IncidentText.lines(current));
    }

    /** The latest revision that stored {@code version} (a save that changed nothing keeps the version). */
    static int revisionOf(List<Revision> history, long version) {
        return history.stream().filter(r -> r.version == version).mapToInt(r -> r.number).max().orElse(0);
    }

    /** After a save, the edit page with "saved as revision #n": post/redirect/get, so a reload repeats nothing. */
    private static Response savedPage(Incident incident) {
        int revision = QuarkusTransaction.requiringNew().call(() -> Revision.lastNumber(incident.id));
        return Response.seeOther(URI.create("/editor/" + enc(incident.slug) + "?saved=" + revision)).build();
    }

    private Optional<IncidentData> snapshot(List<Revision> all, int number) {
        return all.stream().filter(r -> r.number == number).findFirst().map(r -> articles.readSnapshot(r.snapshot));
    }

    private long currentVersion(String slug) {
        return QuarkusTransaction.requiringNew().call(() -> incidents.versionOf(slug)
                .orElseThrow(() -> new NotFoundException("No incident " + slug)));
    }

    private Response render(int status, String lang, IncidentForm form, boolean isNew, List<FieldError> errors,
            Conflict conflict, Long saved) {
        IncidentForm.Rows rows = form.rows();
        List<TracePreview> previews = new ArrayList<>();
        for (int i = 0; i < rows.traces().size(); i++) {
            previews.add(preview(i + 1, rows.traces().get(i).text(), lang));
        }
        // the translations of the stored incident that its original has overtaken
        String stale = isNew || form.slug == null ? null : String.join(", ", articles.staleTranslations(form.slug).keySet());
        return page(status, Templates.edit(lang, form, rows, isNew, errors, previews, conflict, saved,
                stale == null || stale.isEmpty() ? null : stale), lang);
    }

    static TracePreview preview(int number, String text, String lang) {
        if (text == null || text.isBlank()) {
            return new TracePreview(number, false, null, null, 0, null, List.of());
        }
        PasteAnalysis paste = PasteAnalysis.of(text);
        Signature s = paste.primary();
        ParsedTrace t = paste.parse().primaryTrace();
        List<String> hints = paste.parse().hints().stream().map((Hint h) -> HintMessages.message(h, lang)).toList();
        if (s == null) {
            return new TracePreview(number, false, null, null, 0, null, hints);
        }
        return new TracePreview(number, true, s.rootCauseType(), s.rootCauseTemplate(),
                t == null ? 0 : t.frameCount(), s.fingerprint(), hints);
    }

    /** Editors only: anonymous visitors are sent to sign in (and back), signed-in readers get 403. */
    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static Response page(int status, TemplateInstance page, String lang) {
        return Response.status(status).entity(page.setLocale(Locale.forLanguageTag(lang)))
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).build();
    }
}
