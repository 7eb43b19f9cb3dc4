package io.tracekb.web;

import io.tracekb.incident.IncidentValidator;
import jakarta.ws.rs.core.NewCookie;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The incidents this browser has answered "Did this help?" for, so that a reload, a double click or a second
 * answer is not counted again. Kept in the browser only: the database stores nothing about who answered.
 */
final class FeedbackCookie {

    static final String NAME = "kb_answered";
    /** Slugs joined by dots (a slug has none); the oldest are dropped beyond this, under browsers' 4 KB. */
    static final int MAX_CHARS = 3000;
    static final int MAX_AGE = 365 * 24 * 3600;

    private FeedbackCookie() {
    }

    /** The slugs in a cookie value, oldest first; whatever is not a slug (a forged or damaged value) is ignored. */
    static Set<String> read(String value) {
        Set<String> slugs = new LinkedHashSet<>();
        if (value == null || value.length() > MAX_CHARS + 200) {
            return slugs;
        }
        for (String s : value.split("\\.")) {
            if (IncidentValidator.isSlug(s)) {
                slugs.add(s);
            }
        }
        return slugs;
    }

    /** The cookie after answering for {@code slug}: it is added last, and the oldest go when it grows too long. */
    static NewCookie with(Set<String> answered, String slug) {
        Set<String> slugs = new LinkedHashSet<>(answered);
        slugs.remove(slug);
        slugs.add(slug);
        String value = String.join(".", slugs);
        while (value.length() > MAX_CHARS && slugs.size() > 1) {
            slugs.remove(slugs.iterator().next());
            value = String.join(".", slugs);
        }
        return new NewCookie.Builder(NAME).value(value).path("/articles").maxAge(MAX_AGE).httpOnly(true)
                .sameSite(NewCookie.SameSite.LAX).build();
    }
}
