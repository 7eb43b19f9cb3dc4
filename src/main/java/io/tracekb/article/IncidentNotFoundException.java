package io.tracekb.article;

public class IncidentNotFoundException extends RuntimeException {
    public IncidentNotFoundException(String slug) {
        super("No incident with slug '" + slug + "'");
    }
}
