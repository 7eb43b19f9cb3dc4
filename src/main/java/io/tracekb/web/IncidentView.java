package io.tracekb.web;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.LanguageTags;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.incident.IncidentData.TranslationData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What a page shows of one incident, in one language. */
public record IncidentView(
        String slug,
        String product,
        String status,
        List<String> tags,
        String affectedVersions,
        String lang,
        boolean requestedLanguageMissing,
        String title,
        String summary,
        String bodyHtml,
        List<LanguageLink> languages,
        List<FixView> fixes,
        List<TraceView> traces,
        String fullTextLang,
        Stale stale) {

    /** The shown translation may be out of date: its original changed on {@code date} in revision {@code revision}. */
    public record Stale(String original, String date, int revision) {
    }

    /** The same view, told that its translation is stale (null: it is not). */
    IncidentView withStale(io.tracekb.incident.StaleTranslation s) {
        return s == null ? this : new IncidentView(slug, product, status, tags, affectedVersions, lang,
                requestedLanguageMissing, title, summary, bodyHtml, languages, fixes, traces, fullTextLang,
                new Stale(s.originalLanguage(), s.since() == null ? "" : java.time.format.DateTimeFormatter.ISO_LOCAL_DATE
                        .withZone(java.time.ZoneOffset.UTC).format(s.since()), s.sinceRevision()));
    }

    /**
     * One entry of the page's language switcher: every UI language and every language the incident is written in.
     *
     * @param present the incident has a translation in it (else the page falls back, and says so)
     * @param current the page's language
     */
    public record LanguageLink(String lang, boolean present, boolean current) {
    }

    public record FixView(int number, String title, String descriptionHtml, String lang, String snippet,
            String snippetLanguage, String file, String appliesTo) {
    }

    public record TraceView(int number, String text, TraceSource source) {
    }

    /**
     * @param wanted  the language asked for
     * @param pageLang the language of the page around the incident (the asker's, when the UI speaks it)
     */
    static IncidentView of(IncidentData d, String wanted, String pageLang) {
        String lang = d.bestLanguage(wanted);
        TranslationData t = d.translations().get(lang);
        java.util.Set<String> all = new java.util.LinkedHashSet<>(UiLanguage.SUPPORTED);
        d.translations().keySet().stream().sorted().forEach(all::add);
        List<LanguageLink> languages = new ArrayList<>();
        for (String l : all) {
            boolean present = d.translations().containsKey(l);
            languages.add(new LanguageLink(l, present, l.equals(pageLang)));
        }
        List<FixView> fixes = new ArrayList<>();
        int n = 1;
        for (FixData f : d.fixes()) {
            String fixLang = IncidentData.bestOf(f.texts(), lang, d.originalLanguage());
            FixTextData text = f.texts().get(fixLang);
            fixes.add(new FixView(n++, text == null ? "" : text.title(),
                    text == null ? "" : MarkdownRenderer.toSafeHtml(text.description()),
                    fixLang, f.snippet(), f.snippetLanguage(), f.file(), f.appliesToIn(fixLang)));
        }
        List<TraceView> traces = new ArrayList<>();
        n = 1;
        for (IncidentData.SampleTraceData s : d.sampleTraces()) {
            traces.add(new TraceView(n++, s.text(), TraceSource.of(s.source())));
        }
        return new IncidentView(d.slug(), d.product(), d.status().code(), d.tags(), d.affectedVersions(), lang,
                !LanguageTags.primary(lang).equals(LanguageTags.primary(wanted)), t.title(), t.summary(),
                MarkdownRenderer.toSafeHtml(t.body()), languages, fixes, traces, fullTextElsewhere(d, lang), null);
    }

    /**
     * When the shown translation is only a title (no summary, no text), the language that has the full text: the
     * original's, else the first with a text; null when the shown one is complete or none is.
     */
    static String fullTextElsewhere(IncidentData d, String shown) {
        TranslationData t = d.translations().get(shown);
        if (t == null || !isBlank(t.body()) || !isBlank(t.summary())) {
            return null;
        }
        String original = d.originalLanguage();
        if (original != null && !original.equals(shown) && !isBlank(d.translations().get(original).body())) {
            return original;
        }
        return d.translations().entrySet().stream().filter(e -> !e.getKey().equals(shown))
                .filter(e -> e.getValue() != null && !isBlank(e.getValue().body())).map(Map.Entry::getKey).sorted()
                .findFirst().orElse(null);
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
