package io.tracekb.api;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.incident.IncidentStatus;
import java.util.List;
import java.util.Map;

/**
 * The body of {@code POST} and {@code PUT /api/v1/articles}: the article JSON without {@code id} and
 * {@code updatedAt}; {@code version} is required by PUT (the version the edit is based on) and ignored by POST.
 * {@code message} optionally describes the change in the revision list.
 */
public record ArticleWrite(String slug, String product, List<String> tags, String affectedVersions,
        IncidentStatus status, Map<String, TranslationData> translations, List<FixData> fixes,
        List<SampleTraceData> sampleTraces, Long version, String message) {

    IncidentData toData(String defaultSlug) {
        return new IncidentData(slug == null ? defaultSlug : slug, product, tags, affectedVersions, status,
                translations, fixes, sampleTraces);
    }
}
