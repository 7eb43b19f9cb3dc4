package io.tracekb.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.incident.IncidentStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One incident as {@code GET /api/v1/articles/{slug}} returns it (the article JSON of the v1 contract).
 *
 * @param staleTranslations the translations that may be out of date, by language: the revision that changed the
 *                          original after they were last written, and when (absent when none is); read only, a
 *                          PUT ignores it
 */
public record ArticleJson(long id, String slug, String product, List<String> tags, String affectedVersions,
        IncidentStatus status, Map<String, TranslationData> translations, List<FixData> fixes,
        List<SampleTraceData> sampleTraces, long version, Instant updatedAt,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, StaleMark> staleTranslations) {

    /** Since which revision of the original a translation may be out of date. */
    public record StaleMark(int sinceRevision, Instant since) {
    }

    static ArticleJson of(long id, IncidentData d, long version, Instant updatedAt,
            Map<String, io.tracekb.incident.StaleTranslation> stale) {
        Map<String, StaleMark> marks = new java.util.TreeMap<>();
        stale.forEach((lang, s) -> marks.put(lang, new StaleMark(s.sinceRevision(), s.since())));
        return new ArticleJson(id, d.slug(), d.product(), d.tags(), d.affectedVersions(), d.status(),
                d.translations(), d.fixes(), d.sampleTraces(), version, updatedAt, marks);
    }
}
