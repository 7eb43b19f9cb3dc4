package io.tracekb.web;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.TranslationData;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What one revision changed compared to the one before it, as the revision history lists it: the incident's
 * fields, each translation's title, summary and text, the fixes and the sample traces.
 *
 * @param field  {@code product}, {@code tags}, {@code affected_versions}, {@code status}, {@code title},
 *               {@code summary}, {@code body}, {@code translation_added}, {@code translation_removed},
 *               {@code fixes}, {@code sample_traces}
 * @param lang   the translation's language for the per-language fields, else null
 */
public record RevisionChanges(String field, String lang) {

    /** The changes from {@code before} to {@code after}; every field of {@code after} when there is no before. */
    static List<RevisionChanges> between(IncidentData before, IncidentData after) {
        List<RevisionChanges> out = new ArrayList<>();
        if (before == null) {
            return out; // the first revision: everything is new, and the history says "created"
        }
        add(out, "product", before.product(), after.product());
        add(out, "tags", before.tags(), after.tags());
        add(out, "affected_versions", before.affectedVersions(), after.affectedVersions());
        add(out, "status", before.status(), after.status());
        TreeSet<String> langs = new TreeSet<>(before.translations().keySet());
        langs.addAll(after.translations().keySet());
        for (String l : langs) {
            TranslationData b = before.translations().get(l);
            TranslationData a = after.translations().get(l);
            if (b == null) {
                out.add(new RevisionChanges("translation_added", l));
            } else if (a == null) {
                out.add(new RevisionChanges("translation_removed", l));
            } else {
                addIn(out, "title", l, b.title(), a.title());
                addIn(out, "summary", l, b.summary(), a.summary());
                addIn(out, "body", l, b.body(), a.body());
            }
        }
        add(out, "fixes", before.fixes(), after.fixes());
        add(out, "sample_traces", before.sampleTraces().stream().map(t -> t.text() + "\u0000" + t.source()).toList(),
                after.sampleTraces().stream().map(t -> t.text() + "\u0000" + t.source()).toList());
        return out;
    }

    private static void add(List<RevisionChanges> out, String field, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            out.add(new RevisionChanges(field, null));
        }
    }

    private static void addIn(List<RevisionChanges> out, String field, String lang, String before, String after) {
        if (!Objects.equals(blankToNull(before), blankToNull(after))) {
            out.add(new RevisionChanges(field, lang));
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
