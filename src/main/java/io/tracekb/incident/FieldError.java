package io.tracekb.incident;

/** One invalid field of an incident, named by its JSON path (e.g. {@code translations.ja.title}). */
public record FieldError(String field, String message) {
}
