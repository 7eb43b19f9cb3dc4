package io.tracekb.web;

import java.util.List;
import java.util.Locale;

/** The languages the pages are written in, and how a visitor's language is chosen among them. */
public final class UiLanguage {

    public static final List<String> SUPPORTED = List.of("en", "ja", "zh");
    public static final String DEFAULT = "en";

    private UiLanguage() {
    }

    /** An explicit choice (query parameter) wins, then the first supported Accept-Language, then English. */
    public static String choose(String requested, String acceptLanguage) {
        String explicit = supported(requested);
        if (explicit != null) {
            return explicit;
        }
        if (acceptLanguage != null && !acceptLanguage.isBlank()) {
            try {
                for (Locale.LanguageRange range : Locale.LanguageRange.parse(acceptLanguage)) {
                    String match = supported(range.getRange());
                    if (match != null && range.getWeight() > 0) {
                        return match;
                    }
                }
            } catch (IllegalArgumentException ignored) {
                // a malformed header is treated as absent
            }
        }
        return DEFAULT;
    }

    /** Maps a tag to a supported language by its primary subtag: zh-Hans-CN → zh, ja-JP → ja. */
    static String supported(String tag) {
        if (tag == null || tag.isBlank() || tag.length() > 35) {
            return null;
        }
        String primary = tag.trim().toLowerCase(Locale.ROOT);
        int dash = primary.indexOf('-');
        if (dash > 0) {
            primary = primary.substring(0, dash);
        }
        return SUPPORTED.contains(primary) ? primary : null;
    }
}
