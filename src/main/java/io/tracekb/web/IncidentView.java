package io.tracekb.web;

import io.tracekb.article.IncidentData;
import io.tracekb.article.IncidentData.FixData;
import io.tracekb.article.IncidentData.FixTextData;
import io.tracekb.article.IncidentData.TranslationData;
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
        List<TraceView> traces) {

    public record LanguageLink(String lang, boolean current) {
    }

    public record FixView(int number, String title, String descriptionHtml, String lang, String snippet,
            String snippetLanguage, String file, String appliesTo) {
    }

    public record TraceView(int number, String text, String source) {
    }

    /** Picks the translation in {@code wanted}, else English, else the original, else any. */
    static String pickLanguage(Map<String, ?> available, Map<String, TranslationData> translations, String wanted) {
        if (available.containsKey(wanted)) {
            return wanted;
        }
        if (available.containsKey("en")) {
            return "en";
        }
        if (translations != null) {
            for (Map.Entry<String, TranslationData> e : translations.entrySet()) {
                if (e.getValue().isOriginal() && available.containsKey(e.getKey())) {
                    return e.getKey();
                }
            }
        }
        return available.isEmpty() ? wanted : available.keySet().iterator().next();
    }

    static IncidentView of(IncidentData d, String wanted) {
        String lang = pickLanguage(d.translations(), d.translations(), wanted);
        TranslationData t = d.translations().get(lang);
        List<LanguageLink> languages = new ArrayList<>();
        d.translations().keySet().stream().sorted().forEach(l -> languages.add(new LanguageLink(l, l.equals(lang))));
        List<FixView> fixes = new ArrayList<>();
        int n = 1;
        for (FixData f : d.fixes()) {
            String fixLang = pickLanguage(f.texts(), d.translations(), lang);
            FixTextData text = f.texts().get(fixLang);
            fixes.add(new FixView(n++, text == null ? "" : text.title(),
                    text == null ? "" : MarkdownRenderer.toSafeHtml(text.description()),
                    fixLang, f.snippet(), f.snippetLanguage(), f.file(), f.appliesTo()));
        }
        List<TraceView> traces = new ArrayList<>();
        n = 1;
        for (IncidentData.SampleTraceData s : d.sampleTraces()) {
            traces.add(new TraceView(n++, s.text(), s.source()));
        }
        return new IncidentView(d.slug(), d.product(), d.status().code(), d.tags(), d.affectedVersions(), lang,
                !lang.equals(wanted), t.title(), t.summary(), MarkdownRenderer.toSafeHtml(t.body()), languages, fixes,
                traces);
    }
}
