package io.tracekb.web;

import io.tracekb.incident.LanguageTags;
import java.util.List;

/** The languages the pages are written in, and how a visitor's language is chosen among them. */
public final class UiLanguage {

    public static final List<String> SUPPORTED = List.of("en", "ja", "zh");
    public static final String DEFAULT = "en";

    private UiLanguage() {
    }

    /** An explicit choice (query parameter) wins, then the first supported Accept-Language, then English. */
    public static String choose(String requested, String acceptLanguage) {
        return choose(requested, null, acceptLanguage);
    }

    /**
     * An explicit choice (query parameter or switcher button) wins, then the choice remembered in the
     * {@link UiLanguageCookie}, then the first supported Accept-Language, then English.
     */
    public static String choose(String requested, String remembered, String acceptLanguage) {
        String explicit = supported(requested);
        if (explicit != null) {
            return explicit;
        }
        String cookie = supported(remembered);
        if (cookie != null) {
            return cookie;
        }
        for (String accepted : LanguageTags.accepted(acceptLanguage)) {
            String match = supported(accepted);
            if (match != null) {
                return match;
            }
        }
        return DEFAULT;
    }

    /**
     * {@link #choose(String, String, String)} for a request seen by a response filter (an error or refusal page,
     * which no resource method with a {@link PageLanguage} answered): the choice, the cookie, Accept-Language.
     */
    static String ofRequest(jakarta.ws.rs.container.ContainerRequestContext request, String requested) {
        jakarta.ws.rs.core.Cookie cookie = request.getCookies().get(UiLanguageCookie.NAME);
        return choose(requested, cookie == null ? null : cookie.getValue(),
                request.getHeaderString(jakarta.ws.rs.core.HttpHeaders.ACCEPT_LANGUAGE));
    }

    /** Maps a tag to a supported language by its primary subtag: zh-Hans-CN → zh, ja-JP → ja. */
    static String supported(String tag) {
        if (tag == null || tag.isBlank() || tag.length() > 35) {
            return null;
        }
        String primary = LanguageTags.primary(tag);
        return SUPPORTED.contains(primary) ? primary : null;
    }
}
