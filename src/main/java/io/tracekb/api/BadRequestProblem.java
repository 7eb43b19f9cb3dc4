package io.tracekb.api;

import io.tracekb.incident.FieldError;
import java.util.List;

/** A request the API cannot act on; {@code slug} names the problem type, {@code errors} the fields at fault. */
public class BadRequestProblem extends RuntimeException {
    private final String slug;
    private final List<FieldError> errors;

    public BadRequestProblem(String slug, String detail, List<FieldError> errors) {
        super(detail);
        this.slug = slug;
        this.errors = List.copyOf(errors);
    }

    public BadRequestProblem(String slug, FieldError error) {
        this(slug, error.field() + " " + error.message(), List.of(error));
    }

    public String slug() {
        return slug;
    }

    public List<FieldError> errors() {
        return errors;
    }
}
