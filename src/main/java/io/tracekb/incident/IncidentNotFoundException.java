package io.tracekb.incident;

public class IncidentNotFoundException extends RuntimeException {
    public IncidentNotFoundException(String slug) {
        super("No incident with slug '" + slug + "'");
    }
}
