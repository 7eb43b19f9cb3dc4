package io.tracekb.web;

import io.tracekb.article.IncidentData;
import io.tracekb.article.LanguageTags;
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

    static IncidentView of(IncidentData d, String wanted) {
        String lang = d.bestLanguage(wanted);
        TranslationData t = d.translations().get(lang);
        List<LanguageLink> languages = new ArrayList<>();
        d.translations().keySet().stream().sorted().forEach(l -> languages.add(new LanguageLink(l, l.equals(lang))));
        List<FixView> fixes = new ArrayList<>();
        int n = 1;
        for (FixData f : d.fixes()) {
            String fixLang = IncidentData.bestOf(f.texts(), lang, d.originalLanguage());
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
                !LanguageTags.primary(lang).equals(LanguageTags.primary(wanted)), t.title(), t.summary(), MarkdownRenderer.toSafeHtml(t.body()), languages, fixes,
                traces);
    }
}
