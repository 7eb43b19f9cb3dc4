package io.tracekb.web;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Posts page forms the way a browser does: first a GET that hands out the CSRF cookie and the form's hidden
 * token, then the form post carrying both (CSRF checks are on in tests too).
 */
public final class PageForms {

    static final String CSRF_COOKIE = "csrf-token";
    static final String CSRF_FIELD = "csrf-token";
    private static final Pattern HIDDEN_TOKEN = Pattern.compile(
            "name=\"" + CSRF_FIELD + "\" value=\"([^\"]+)\"");

    private PageForms() {
    }

    /** The CSRF state a visitor gets from {@code page}. */
    static Csrf csrfFrom(RequestSpecification visitor, String page) {
        Response r = visitor.get(page);
        Matcher m = HIDDEN_TOKEN.matcher(r.asString());
        if (r.statusCode() != 200 || !m.find()) {
            throw new AssertionError(page + " gave no form token (status " + r.statusCode() + ")");
        }
        String cookie = r.cookie(CSRF_COOKIE);
        if (cookie == null) {
            throw new AssertionError(page + " set no CSRF cookie");
        }
        return new Csrf(cookie, m.group(1));
    }

    /** Signs in through the login form; the session cookie's value. */
    public static String signIn(String username, String password) {
        Response r = csrfFrom(given(), "/login").form()
                .formParam("username", username).formParam("password", password).formParam("next", "/")
                .post("/login");
        if (r.statusCode() != 303 || r.cookie(SessionCookie.NAME) == null) {
            throw new AssertionError("sign-in as " + username + " failed with " + r.statusCode());
        }
        return r.cookie(SessionCookie.NAME);
    }

    /** A visitor with a page session. */
    public static RequestSpecification session(String cookie) {
        return given().cookie(SessionCookie.NAME, cookie);
    }

    public static Csrf csrf() {
        return csrfFrom(given(), "/");
    }

    public record Csrf(String cookie, String token) {
        /** A form post with this state; add form parameters and post. */
        public RequestSpecification form() {
            return form(given());
        }

        RequestSpecification form(RequestSpecification visitor) {
            return visitor.cookie(CSRF_COOKIE, cookie).redirects().follow(false)
                    .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                    .formParam(CSRF_FIELD, token);
        }
    }
}
