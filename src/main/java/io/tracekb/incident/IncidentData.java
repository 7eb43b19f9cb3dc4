package io.tracekb.incident;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * An incident as a value: what editors write, what content/ files hold, what a revision snapshots and what
 * the REST API exchanges. Maps are keyed by BCP-47 language tag.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IncidentData(
        String slug,
        String product,
        List<String> tags,
        String affectedVersions,
        IncidentStatus status,
        Map<String, TranslationData> translations,
        List<FixData> fixes,
        List<SampleTraceData> sampleTraces) {

    /**
     * The canonical form every stored incident has: Markdown bodies without leading or trailing blank lines,
     * traces without trailing line breaks, CRLF turned into LF. Saving, importing and exporting all go through
     * it, so a round trip through files changes nothing.
     */
    public IncidentData normalized() {
        Map<String, TranslationData> ts = null;
        if (translations != null) {
            ts = new java.util.TreeMap<>();
            for (Map.Entry<String, TranslationData> e : translations.entrySet()) {
                TranslationData t = e.getValue();
                ts.put(canonicalKey(e.getKey(), ts), t == null ? null
                        : new TranslationData(t.title(), t.summary(), trimBlankLines(t.body()), t.original()));
            }
        }
        List<FixData> fs = fixes == null ? null : fixes.stream().map(f -> {
            if (f == null || f.texts() == null) {
                return f;
            }
            Map<String, FixTextData> texts = new java.util.TreeMap<>();
            f.texts().forEach((lang, text) -> texts.put(canonicalKey(lang, texts), text));
            return new FixData(f.snippet(), f.snippetLanguage(), f.file(), f.appliesTo(), texts);
        }).toList();
        List<SampleTraceData> traces = sampleTraces == null ? null : sampleTraces.stream()
                .map(t -> t == null ? null : new SampleTraceData(t.id(), trimTrailingLineBreaks(lf(t.text())), t.source()))
                .toList();
        return new IncidentData(slug, product, tags, affectedVersions, status, ts, fs, traces);
    }

    /**
     * BCP 47 tags ignore case: {@code EN} and {@code en}, {@code zh-hans} and {@code zh-Hans} are one language,
     * stored in canonical form. A tag whose canonical form is taken already keeps its own spelling, so that
     * validation names it as a duplicate instead of one translation silently replacing the other.
     */
    private static String canonicalKey(String tag, Map<String, ?> taken) {
        String canonical = LanguageTags.canonical(tag);
        return canonical == null || taken.containsKey(canonical) ? tag : canonical;
    }

    /**
     * The language to show to someone who asked for {@code wanted}: that one, else one with the same primary
     * subtag (zh for zh-CN), else English, else the original, else any.
     */
    public String bestLanguage(String wanted) {
        return bestOf(translations == null ? Map.of() : translations, wanted, originalLanguage());
    }

    public String originalLanguage() {
        if (translations != null) {
            for (Map.Entry<String, TranslationData> e : translations.entrySet()) {
                if (e.getValue() != null && e.getValue().isOriginal()) {
                    return e.getKey();
                }
            }
        }
        return null;
    }

    /** The same choice among the keys of any per-language map, such as a fix's texts. */
    public static String bestOf(Map<String, ?> available, String wanted, String original) {
        if (available.isEmpty()) {
            return wanted;
        }
        if (wanted != null) {
            if (available.containsKey(wanted)) {
                return wanted;
            }
            String primary = LanguageTags.primary(wanted);
            for (String lang : available.keySet()) {
                if (LanguageTags.primary(lang).equals(primary)) {
                    return lang;
                }
            }
        }
        if (available.containsKey("en")) {
            return "en";
        }
        if (original != null && available.containsKey(original)) {
            return original;
        }
        return available.keySet().iterator().next();
    }

    private static String lf(String s) {
        return s == null ? null : s.replace("\r\n", "\n");
    }

    private static String trimTrailingLineBreaks(String s) {
        if (s == null) {
            return null;
        }
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) {
            end--;
        }
        return s.substring(0, end);
    }

    private static String trimBlankLines(String s) {
        if (s == null) {
            return null;
        }
        String t = lf(s).stripTrailing();
        int start = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\n') {
                start = i + 1;
            } else if (c != ' ' && c != '\t') {
                break;
            }
        }
        return t.substring(start);
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TranslationData(String title, String summary, String body, Boolean original) {
        public boolean isOriginal() {
            return Boolean.TRUE.equals(original);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FixData(String snippet, String snippetLanguage, String file, String appliesTo,
            Map<String, FixTextData> texts) {

        /** The version note in {@code lang} when the fix has one there, else the shared note (or null). */
        public String appliesToIn(String lang) {
            FixTextData t = texts == null ? null : texts.get(lang);
            return t != null && t.appliesTo() != null && !t.appliesTo().isBlank() ? t.appliesTo() : appliesTo;
        }
    }

    /**
     * @param appliesTo the fix's version note in this language, or null: the fix's shared note then
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FixTextData(String title, String description, String appliesTo) {

        public FixTextData(String title, String description) {
            this(title, description, null);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SampleTraceData(Long id, String text, String source) {
        /** The same trace without its database id, as snapshots and content files keep it. */
        public SampleTraceData withoutId() {
            return new SampleTraceData(null, text, source);
        }
    }
}
