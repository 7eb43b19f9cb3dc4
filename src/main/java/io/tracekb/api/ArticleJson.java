package io.tracekb.api;

import io.tracekb.article.IncidentData;
import io.tracekb.article.IncidentData.FixData;
import io.tracekb.article.IncidentData.SampleTraceData;
import io.tracekb.article.IncidentData.TranslationData;
import io.tracekb.article.IncidentStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One incident as {@code GET /api/v1/articles/{slug}} returns it (the article JSON of the v1 contract). */
public record ArticleJson(long id, String slug, String product, List<String> tags, String affectedVersions,
        IncidentStatus status, Map<String, TranslationData> translations, List<FixData> fixes,
        List<SampleTraceData> sampleTraces, long version, Instant updatedAt) {

    static ArticleJson of(long id, IncidentData d, long version, Instant updatedAt) {
        return new ArticleJson(id, d.slug(), d.product(), d.tags(), d.affectedVersions(), d.status(),
                d.translations(), d.fixes(), d.sampleTraces(), version, updatedAt);
    }
}
