package io.tracekb.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tracekb.incident.IncidentData;
import java.time.Instant;

/** A revision: who saved which version when; {@code snapshot} (the incident as saved) only for a single one. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RevisionJson(int number, long version, String author, String message, Instant createdAt,
        IncidentData snapshot) {
}
