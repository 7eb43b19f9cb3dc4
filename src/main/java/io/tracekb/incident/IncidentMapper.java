package io.tracekb.incident;

import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Copies between the {@link Incident} entity graph and the {@link IncidentData} value. */
final class IncidentMapper {

    private IncidentMapper() {
    }

    static IncidentData toData(Incident incident) {
        Map<String, TranslationData> translations = new LinkedHashMap<>();
        for (Translation t : incident.translations) {
            translations.put(t.lang, new TranslationData(t.title, t.summary, t.body, t.original ? Boolean.TRUE : null));
        }
        List<FixData> fixes = new ArrayList<>();
        for (Fix f : incident.fixes) {
            Map<String, FixTextData> texts = new TreeMap<>();
            f.texts.forEach((lang, text) -> texts.put(lang, new FixTextData(text.title, text.description, text.appliesTo)));
            fixes.add(new FixData(f.snippet, f.snippetLanguage, f.targetFile, f.appliesTo, texts));
        }
        List<SampleTraceData> traces = new ArrayList<>();
        for (SampleTrace s : incident.sampleTraces) {
            traces.add(new SampleTraceData(s.id, s.text, s.source));
        }
        return new IncidentData(incident.slug, incident.product, new ArrayList<>(new TreeSet<>(incident.tags)),
                incident.affectedVersions, incident.status, translations, fixes, traces);
    }

    /**
     * Makes the entity graph equal to {@code data}. Children are updated in place (by language, by position)
     * rather than replaced, so a save never deletes and re-inserts rows that did not change.
     */
    static void apply(IncidentData data, Incident incident) {
        apply(data, incident, 0, null);
    }

    /**
     * The same, as revision {@code revision} written at {@code at}: when the original's text changes, every other
     * translation this save leaves as it was becomes stale since that revision; a translation written again is up
     * to date.
     */
    static void apply(IncidentData data, Incident incident, int revision, java.time.Instant at) {
        incident.slug = data.slug();
        incident.product = data.product();
        incident.affectedVersions = blankToNull(data.affectedVersions());
        incident.status = data.status() == null ? IncidentStatus.DRAFT : data.status();
        incident.tags.clear();
        if (data.tags() != null) {
            incident.tags.addAll(data.tags());
        }
        applyTranslations(data.translations() == null ? Map.of() : data.translations(), incident, revision, at);
        applyFixes(data.fixes() == null ? List.of() : data.fixes(), incident);
        applyTraces(data.sampleTraces() == null ? List.of() : data.sampleTraces(), incident);
    }

    private static void applyTranslations(Map<String, TranslationData> wanted, Incident incident, int revision,
            java.time.Instant at) {
        Map<String, Translation> existing = new HashMap<>();
        incident.translations.forEach(t -> existing.put(t.lang, t));
        Translation originalBefore = incident.translations.stream().filter(t -> t.original).findFirst().orElse(null);
        String originalLang = originalBefore == null ? null : originalBefore.lang;
        String originalTextBefore = originalBefore == null ? null : text(originalBefore.title, originalBefore.summary,
                originalBefore.body);
        Map<String, String> textBefore = new HashMap<>();
        incident.translations.forEach(t -> textBefore.put(t.lang, text(t.title, t.summary, t.body)));
        for (Map.Entry<String, TranslationData> e : wanted.entrySet()) {
            Translation t = existing.remove(e.getKey());
            if (t == null) {
                t = new Translation();
                t.incident = incident;
                t.lang = e.getKey();
                incident.translations.add(t);
            }
            TranslationData d = e.getValue();
            t.title = d.title();
            t.summary = blankToNull(d.summary());
            t.body = d.body() == null ? "" : d.body();
            t.original = d.isOriginal();
        }
        incident.translations.removeAll(existing.values());
        markStale(incident, originalLang, originalTextBefore, textBefore, revision, at);
    }

    private static void markStale(Incident incident, String originalLang, String originalTextBefore,
            Map<String, String> textBefore, int revision, java.time.Instant at) {
        Translation original = incident.translations.stream().filter(t -> t.original).findFirst().orElse(null);
        boolean originalChanged = revision > 0 && original != null && original.lang.equals(originalLang)
                && !text(original.title, original.summary, original.body).equals(originalTextBefore);
        for (Translation t : incident.translations) {
            boolean rewritten = !text(t.title, t.summary, t.body).equals(textBefore.get(t.lang));
            if (t.original || rewritten) {
                t.staleSinceRevision = null;
                t.staleSinceAt = null;
            } else if (originalChanged && t.staleSinceRevision == null) {
                t.staleSinceRevision = revision;
                t.staleSinceAt = at;
            }
        }
    }

    private static String text(String title, String summary, String body) {
        return nz(title) + "\u0000" + nz(blankToNull(summary)) + "\u0000" + nz(body);
    }

    private static void applyFixes(List<FixData> wanted, Incident incident) {
        for (int i = 0; i < wanted.size(); i++) {
            Fix f;
            if (i < incident.fixes.size()) {
                f = incident.fixes.get(i);
            } else {
                f = new Fix();
                f.incident = incident;
                incident.fixes.add(f);
            }
            FixData d = wanted.get(i);
            f.position = i;
            f.snippet = blankToNull(d.snippet());
            f.snippetLanguage = blankToNull(d.snippetLanguage());
            f.targetFile = blankToNull(d.file());
            f.appliesTo = blankToNull(d.appliesTo());
            f.texts.clear();
            if (d.texts() != null) {
                d.texts().forEach((lang, text) -> f.texts.put(lang, new Fix.Text(text.title(), text.description(), text.appliesTo())));
            }
        }
        while (incident.fixes.size() > wanted.size()) {
            incident.fixes.remove(incident.fixes.size() - 1);
        }
    }

    private static void applyTraces(List<SampleTraceData> wanted, Incident incident) {
        for (int i = 0; i < wanted.size(); i++) {
            SampleTrace s;
            if (i < incident.sampleTraces.size()) {
                s = incident.sampleTraces.get(i);
            } else {
                s = new SampleTrace();
                s.incident = incident;
                incident.sampleTraces.add(s);
            }
            s.position = i;
            s.text = wanted.get(i).text();
            s.source = blankToNull(wanted.get(i).source());
        }
        while (incident.sampleTraces.size() > wanted.size()) {
            incident.sampleTraces.remove(incident.sampleTraces.size() - 1);
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
