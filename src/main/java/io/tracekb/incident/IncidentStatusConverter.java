package io.tracekb.incident;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores the status as the lower-case word the schema's check constraint expects. */
@Converter(autoApply = true)
public class IncidentStatusConverter implements AttributeConverter<IncidentStatus, String> {
    @Override
    public String convertToDatabaseColumn(IncidentStatus status) {
        return status == null ? null : status.code();
    }

    @Override
    public IncidentStatus convertToEntityAttribute(String code) {
        return IncidentStatus.fromCode(code);
    }
}
