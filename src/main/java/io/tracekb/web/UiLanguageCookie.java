package io.tracekb.web;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.NewCookie;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Remembers the language a visitor picked with the switcher ({@code ?lang=ja} on any page), so the next page
 * they open without a parameter is in that language too. Pages only: the API answers in the language asked.
 */
public class UiLanguageCookie {

    public static final String NAME = "kb_lang";

    /** A year: a language choice rarely changes. */
    static final int MAX_AGE = 365 * 24 * 3600;

    static NewCookie of(String lang) {
        return new NewCookie.Builder(NAME).value(lang).path("/").maxAge(MAX_AGE).httpOnly(true)
                .sameSite(NewCookie.SameSite.LAX).build();
    }

    @ServerResponseFilter
    public void remember(ContainerRequestContext request, ContainerResponseContext response) {
        String path = request.getUriInfo().getPath();
        if (path.startsWith("/api/") || path.startsWith("/q/")) {
            return;
        }
        String chosen = UiLanguage.supported(request.getUriInfo().getQueryParameters().getFirst("lang"));
        if (chosen != null && !setsLanguageCookie(response)) {
            response.getHeaders().add("Set-Cookie", of(chosen));
        }
    }

    private static boolean setsLanguageCookie(ContainerResponseContext response) {
        for (Object c : response.getHeaders().getOrDefault("Set-Cookie", java.util.List.of())) {
            if (c instanceof NewCookie nc ? NAME.equals(nc.getName()) : String.valueOf(c).startsWith(NAME + "=")) {
                return true;
            }
        }
        return false;
    }
}
