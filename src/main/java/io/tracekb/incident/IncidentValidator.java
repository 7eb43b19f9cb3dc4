package io.tracekb.incident;

import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import java.util.ArrayList;
import java.util.IllformedLocaleException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** Checks an incident before it is saved and names every invalid field. */
public final class IncidentValidator {

    static final Pattern SLUG = Pattern.compile("[a-z0-9][a-z0-9-]{0,119}");
    static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,59}");
    static final int MAX_TITLE = 300;
    static final int MAX_BODY = 200_000;
    static final int MAX_TRACE = 1 << 20;
    /** Caps on an incident's parts (documented in content/README.md): far above any real write-up. */
    static final int MAX_TAGS = 30;
    static final int MAX_TRANSLATIONS = 20;
    static final int MAX_FIXES = 30;
    static final int MAX_SAMPLE_TRACES = 50;

    private IncidentValidator() {
    }

    static final int MAX_REVISION_MESSAGE = 300;

    /** A revision's message (optional): what the revision table can hold. */
    public static void checkRevisionMessage(String message) {
        if (message == null) {
            return;
        }
        if (message.length() > MAX_REVISION_MESSAGE) {
            throw new InvalidIncidentException(List.of(new FieldError("message",
                    "must be at most " + MAX_REVISION_MESSAGE + " characters")));
        }
        if (message.indexOf('\0') >= 0) {
            throw new InvalidIncidentException(List.of(new FieldError("message",
                    "must not contain the NUL character (U+0000)")));
        }
    }

    public static void check(IncidentData data) {
        List<FieldError> errors = validate(data);
        if (!errors.isEmpty()) {
            throw new InvalidIncidentException(errors);
        }
    }

    /** Whether {@code s} is a well-formed slug (what a save would accept). */
    public static boolean isSlug(String s) {
        return s != null && SLUG.matcher(s).matches();
    }

    public static List<FieldError> validate(IncidentData d) {
        List<FieldError> errors = new ArrayList<>();
        if (d == null) {
            errors.add(new FieldError("", "an incident is required"));
            return errors;
        }
        if (isBlank(d.slug())) {
            errors.add(new FieldError("slug", "is required"));
        } else if (!isSlug(d.slug())) {
            errors.add(new FieldError("slug", "must be 1-120 lower-case letters, digits and '-', starting with a letter or digit"));
        }
        if (isBlank(d.product())) {
            errors.add(new FieldError("product", "is required"));
        } else if (!NAME.matcher(d.product()).matches()) {
            errors.add(new FieldError("product", "must be 1-60 lower-case letters, digits, '.', '_' or '-'"));
        }
        atMost("tags", d.tags() == null ? 0 : d.tags().size(), MAX_TAGS, errors);
        atMost("translations", d.translations() == null ? 0 : d.translations().size(), MAX_TRANSLATIONS, errors);
        atMost("fixes", d.fixes() == null ? 0 : d.fixes().size(), MAX_FIXES, errors);
        atMost("sampleTraces", d.sampleTraces() == null ? 0 : d.sampleTraces().size(), MAX_SAMPLE_TRACES, errors);
        if (d.tags() != null && d.tags().size() <= MAX_TAGS) {
            for (int i = 0; i < d.tags().size(); i++) {
                String tag = d.tags().get(i);
                if (tag == null || !NAME.matcher(tag).matches()) {
                    errors.add(new FieldError("tags[" + i + "]", "must be 1-60 lower-case letters, digits, '.', '_' or '-'"));
                }
            }
        }
        if (d.affectedVersions() != null && d.affectedVersions().length() > 200) {
            errors.add(new FieldError("affectedVersions", "must be at most 200 characters"));
        }
        checkTranslations(d.translations(), errors);
        checkFixes(d.fixes(), errors);
        checkTraces(d.sampleTraces(), errors);
        checkNoNulCharacters(d, errors);
        return errors;
    }

    private static void atMost(String field, int count, int max, List<FieldError> errors) {
        if (count > max) {
            errors.add(new FieldError(field, "must have at most " + max + " entries (has " + count + ")"));
        }
    }

    /** PostgreSQL text cannot hold U+0000: say which field has one rather than fail on saving. */
    private static void checkNoNulCharacters(IncidentData d, List<FieldError> errors) {
        noNul("affectedVersions", d.affectedVersions(), errors);
        if (d.translations() != null) {
            d.translations().forEach((lang, t) -> {
                if (t != null) {
                    noNul("translations." + lang + ".title", t.title(), errors);
                    noNul("translations." + lang + ".summary", t.summary(), errors);
                    noNul("translations." + lang + ".body", t.body(), errors);
                }
            });
        }
        for (int i = 0; d.fixes() != null && i < d.fixes().size(); i++) {
            FixData f = d.fixes().get(i);
            String path = "fixes[" + i + "]";
            if (f != null) {
                noNul(path + ".snippet", f.snippet(), errors);
                noNul(path + ".snippetLanguage", f.snippetLanguage(), errors);
                noNul(path + ".file", f.file(), errors);
                noNul(path + ".appliesTo", f.appliesTo(), errors);
                if (f.texts() != null) {
                    f.texts().forEach((lang, text) -> {
                        if (text != null) {
                            noNul(path + ".texts." + lang + ".title", text.title(), errors);
                            noNul(path + ".texts." + lang + ".description", text.description(), errors);
                            noNul(path + ".texts." + lang + ".appliesTo", text.appliesTo(), errors);
                        }
                    });
                }
            }
        }
        for (int i = 0; d.sampleTraces() != null && i < d.sampleTraces().size(); i++) {
            SampleTraceData t = d.sampleTraces().get(i);
            if (t != null) {
                noNul("sampleTraces[" + i + "].text", t.text(), errors);
                noNul("sampleTraces[" + i + "].source", t.source(), errors);
            }
        }
    }

    private static void noNul(String path, String value, List<FieldError> errors) {
        if (value != null && value.indexOf('\0') >= 0) {
            errors.add(new FieldError(path, "must not contain the NUL character (U+0000)"));
        }
    }

    private static void checkTranslations(Map<String, TranslationData> translations, List<FieldError> errors) {
        if (translations == null || translations.isEmpty()) {
            errors.add(new FieldError("translations", "at least one translation is required"));
            return;
        }
        int originals = 0;
        for (Map.Entry<String, TranslationData> e : translations.entrySet()) {
            String path = "translations." + e.getKey();
            checkLanguageTag(e.getKey(), path, errors);
            TranslationData t = e.getValue();
            if (t == null) {
                errors.add(new FieldError(path, "is empty"));
                continue;
            }
            if (isBlank(t.title())) {
                errors.add(new FieldError(path + ".title", "is required"));
            } else if (t.title().length() > MAX_TITLE) {
                errors.add(new FieldError(path + ".title", "must be at most " + MAX_TITLE + " characters"));
            }
            if (t.summary() != null && t.summary().length() > 2_000) {
                errors.add(new FieldError(path + ".summary", "must be at most 2000 characters"));
            }
            if (t.body() != null && t.body().length() > MAX_BODY) {
                errors.add(new FieldError(path + ".body", "must be at most " + MAX_BODY + " characters"));
            }
            if (t.isOriginal()) {
                originals++;
            }
        }
        if (originals > 1) {
            errors.add(new FieldError("translations", "at most one translation can be marked original"));
        }
    }

    private static void checkFixes(List<FixData> fixes, List<FieldError> errors) {
        if (fixes == null) {
            return;
        }
        for (int i = 0; i < fixes.size(); i++) {
            String path = "fixes[" + i + "]";
            FixData f = fixes.get(i);
            if (f == null) {
                errors.add(new FieldError(path, "is empty"));
                continue;
            }
            if (f.texts() == null || f.texts().isEmpty()) {
                errors.add(new FieldError(path + ".texts", "a title in at least one language is required"));
            } else {
                f.texts().forEach((lang, text) -> {
                    checkLanguageTag(lang, path + ".texts." + lang, errors);
                    if (text == null || isBlank(text.title())) {
                        errors.add(new FieldError(path + ".texts." + lang + ".title", "is required"));
                    } else if (text.title().length() > MAX_TITLE) {
                        errors.add(new FieldError(path + ".texts." + lang + ".title", "must be at most " + MAX_TITLE + " characters"));
                    }
                    if (text != null && text.appliesTo() != null && text.appliesTo().length() > 200) {
                        errors.add(new FieldError(path + ".texts." + lang + ".appliesTo", "must be at most 200 characters"));
                    }
                });
            }
            if (f.snippetLanguage() != null && f.snippetLanguage().length() > 30) {
                errors.add(new FieldError(path + ".snippetLanguage", "must be at most 30 characters"));
            }
            if (f.file() != null && f.file().length() > 200) {
                errors.add(new FieldError(path + ".file", "must be at most 200 characters"));
            }
            if (f.appliesTo() != null && f.appliesTo().length() > 200) {
                errors.add(new FieldError(path + ".appliesTo", "must be at most 200 characters"));
            }
            if (f.snippet() != null && f.snippet().length() > 50_000) {
                errors.add(new FieldError(path + ".snippet", "must be at most 50000 characters"));
            }
        }
    }

    private static void checkTraces(List<SampleTraceData> traces, List<FieldError> errors) {
        if (traces == null) {
            return;
        }
        for (int i = 0; i < traces.size(); i++) {
            String path = "sampleTraces[" + i + "]";
            SampleTraceData t = traces.get(i);
            if (t == null || isBlank(t.text())) {
                errors.add(new FieldError(path + ".text", "is required"));
            } else if (t.text().length() > MAX_TRACE) {
                errors.add(new FieldError(path + ".text", "must be at most " + MAX_TRACE + " characters"));
            }
            if (t != null && t.source() != null && t.source().length() > 500) {
                errors.add(new FieldError(path + ".source", "must be at most 500 characters"));
            }
        }
    }

    /** A well-formed BCP-47 tag such as en, ja, zh-Hans or pt-BR. */
    static void checkLanguageTag(String tag, String path, List<FieldError> errors) {
        if (isBlank(tag) || tag.length() > 35) {
            errors.add(new FieldError(path, "language must be a BCP-47 tag such as en, ja or zh-Hans"));
            return;
        }
        String canonical = LanguageTags.canonical(tag);
        if (canonical != null && !canonical.equals(tag)) {
            // IncidentData.normalized() stores tags in canonical form; one left as written is a second copy
            errors.add(new FieldError(path, "is the same language as " + canonical
                    + " (language tags ignore case): give each language once"));
            return;
        }
        try {
            Locale locale = new Locale.Builder().setLanguageTag(tag).build();
            if (locale.getLanguage().isEmpty()) {
                errors.add(new FieldError(path, "language must be a BCP-47 tag such as en, ja or zh-Hans"));
            }
        } catch (IllformedLocaleException e) {
            errors.add(new FieldError(path, "'" + tag + "' is not a BCP-47 language tag"));
        }
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
