package io.tracekb.security;

import java.util.LinkedHashMap;
import java.util.Map;

/** A user or token operation the rules do not allow; {@link Refusal} says how the API answers. */
public class SecurityRuleException extends RuntimeException {

    public enum Refusal {
        /** Input fields are invalid (400); {@link #fields()} names them. */
        INVALID,
        /** No such user or token (404). */
        NOT_FOUND,
        /** Conflicts with the stored state, e.g. the user name exists or the last admin would go (409). */
        CONFLICT,
        /** The caller may not do this (403). */
        FORBIDDEN
    }

    private final Refusal kind;
    private final Map<String, String> fields;

    public SecurityRuleException(Refusal kind, String message) {
        this(kind, message, Map.of());
    }

    public SecurityRuleException(Refusal kind, String message, Map<String, String> fields) {
        super(message);
        this.kind = kind;
        this.fields = new LinkedHashMap<>(fields);
    }

    public static SecurityRuleException invalid(Map<String, String> fields) {
        return new SecurityRuleException(Refusal.INVALID, fields.size() + " field(s) are invalid", fields);
    }

    public Refusal kind() {
        return kind;
    }

    /** Field name → what is wrong with it, in input order. */
    public Map<String, String> fields() {
        return fields;
    }
}
