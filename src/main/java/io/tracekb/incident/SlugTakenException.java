package io.tracekb.incident;

public class SlugTakenException extends RuntimeException {
    public SlugTakenException(String slug) {
        super("An incident with slug '" + slug + "' already exists");
    }
}
