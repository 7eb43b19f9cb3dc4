package io.tracekb.api;

import io.tracekb.incident.IncidentStatus;
import java.time.Instant;
import java.util.List;

/** One incident in a list: its title and summary in the asked language (or the nearest one it has). */
public record ArticleSummary(long id, String slug, String product, List<String> tags, IncidentStatus status,
        String lang, String title, String summary, List<String> languages, long version, Instant updatedAt,
        String url) {
}
