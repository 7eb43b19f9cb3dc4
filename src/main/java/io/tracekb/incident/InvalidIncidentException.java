package io.tracekb.incident;

import java.util.List;
import java.util.stream.Collectors;

/** The incident was rejected; every invalid field is listed, not just the first. */
public class InvalidIncidentException extends RuntimeException {
    private final List<FieldError> errors;

    public InvalidIncidentException(List<FieldError> errors) {
        super("Invalid incident: " + errors.stream().map(e -> e.field() + ": " + e.message())
                .collect(Collectors.joining("; ")));
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }
}
