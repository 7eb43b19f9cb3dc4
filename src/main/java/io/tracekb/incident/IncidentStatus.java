package io.tracekb.incident;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Lifecycle of an incident. Archived incidents are kept with their revisions, never deleted. */
public enum IncidentStatus {
    DRAFT, PUBLISHED, ARCHIVED;

    @JsonValue
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static IncidentStatus fromCode(String code) {
        if (code == null) {
            return null;
        }
        for (IncidentStatus s : values()) {
            if (s.code().equals(code.trim().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("status must be one of draft, published, archived; got: " + code);
    }
}
