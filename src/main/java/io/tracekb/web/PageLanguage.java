package io.tracekb.web;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * What a page request says about its language (a {@code @BeanParam}): {@code ?lang=}, the choice remembered in
 * the {@link UiLanguageCookie}, and {@code Accept-Language}.
 */
public class PageLanguage {

    @QueryParam("lang")
    String requested;

    @CookieParam(UiLanguageCookie.NAME)
    String remembered;

    @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE)
    String acceptLanguage;

    /** For a page: {@code ?lang=} first (the switcher), see {@link UiLanguage#choose(String, String, String)}. */
    public String choose() {
        return UiLanguage.choose(requested, remembered, acceptLanguage);
    }

    /**
     * For a form post, or a page whose {@code lang} parameter means something else: {@code ?lang=} is not a
     * choice of page language there.
     */
    public String chooseIgnoringQuery() {
        return UiLanguage.choose(null, remembered, acceptLanguage);
    }

    /** With an explicit choice made elsewhere (a form field), which wins as {@code ?lang=} would. */
    public String choose(String explicit) {
        return UiLanguage.choose(explicit, remembered, acceptLanguage);
    }
}
