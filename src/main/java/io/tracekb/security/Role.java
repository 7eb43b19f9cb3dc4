package io.tracekb.security;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Set;

/** Roles, each including the ones below it: admin ⊇ editor ⊇ reader. */
public enum Role {
    READER, EDITOR, ADMIN;

    public static final String READER_NAME = "reader";
    public static final String EDITOR_NAME = "editor";
    public static final String ADMIN_NAME = "admin";

    @JsonValue
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role names a principal with this role holds, for {@code @RolesAllowed} checks. */
    public Set<String> impliedRoleNames() {
        return switch (this) {
            case READER -> Set.of(READER_NAME);
            case EDITOR -> Set.of(READER_NAME, EDITOR_NAME);
            case ADMIN -> Set.of(READER_NAME, EDITOR_NAME, ADMIN_NAME);
        };
    }

    public boolean includes(Role other) {
        return compareTo(other) >= 0;
    }

    public static Role lower(Role a, Role b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Parses {@code reader}, {@code editor} or {@code admin}; null for anything else. */
    public static Role fromCode(String code) {
        if (code == null) {
            return null;
        }
        for (Role r : values()) {
            if (r.code().equals(code.trim().toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        return null;
    }
}
