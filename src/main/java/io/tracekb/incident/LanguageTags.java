package io.tracekb.incident;

import java.util.ArrayList;
import java.util.IllformedLocaleException;
import java.util.List;
import java.util.Locale;

/** BCP-47 language tags as TraceKB compares them, and the Accept-Language header. */
public final class LanguageTags {

    private LanguageTags() {
    }

    /** The primary subtag, lower-case: zh-Hans-CN → zh; "" for null. */
    public static String primary(String tag) {
        if (tag == null) {
            return "";
        }
        int dash = tag.indexOf('-');
        return (dash < 0 ? tag : tag.substring(0, dash)).trim().toLowerCase(Locale.ROOT);
    }

    /** The canonical form of a well-formed tag with a language (at most 35 characters), else null. */
    public static String canonical(String tag) {
        if (tag == null || tag.isBlank() || tag.strip().length() > 35) {
            return null;
        }
        try {
            Locale locale = new Locale.Builder().setLanguageTag(tag.strip()).build();
            return locale.getLanguage().isEmpty() ? null : locale.toLanguageTag();
        } catch (IllformedLocaleException e) {
            return null;
        }
    }

    /** The languages of an Accept-Language header, most wanted first, without q=0 and "*"; malformed → none. */
    public static List<String> accepted(String header) {
        List<String> out = new ArrayList<>();
        if (header == null || header.isBlank()) {
            return out;
        }
        try {
            for (Locale.LanguageRange r : Locale.LanguageRange.parse(header)) {
                if (r.getWeight() > 0 && !r.getRange().equals("*")) {
                    out.add(r.getRange());
                }
            }
        } catch (IllegalArgumentException malformed) {
            // a malformed header counts as absent
        }
        return out;
    }

    /** The most wanted language of an Accept-Language header as a canonical tag, else {@code fallback}. */
    public static String firstAccepted(String header, String fallback) {
        List<String> accepted = accepted(header);
        return accepted.isEmpty() ? fallback : Locale.forLanguageTag(accepted.get(0)).toLanguageTag();
    }
}
