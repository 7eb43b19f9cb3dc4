package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SignInRedirectTest {

    @Test
    void aPageAskedForComesBackWithItsQuery() {
        assertThat(SignInRedirect.location("GET", "/editor/new", null)).isEqualTo("/login?next=%2Feditor%2Fnew");
        assertThat(SignInRedirect.next("GET", "/editor/a-b/diff", "from=1&to=2")).isEqualTo("/editor/a-b/diff?from=1&to=2");
        assertThat(SignInRedirect.next("HEAD", "/admin", "")).isEqualTo("/admin");
    }

    @Test
    void aFormPostedAfterTheSessionEndedComesBackToThePageItWasOn() {
        assertThat(SignInRedirect.next("POST", "/editor/new", null)).isEqualTo("/editor/new");
        assertThat(SignInRedirect.next("POST", "/editor/a-b", null)).isEqualTo("/editor/a-b");
        assertThat(SignInRedirect.next("POST", "/editor/a-b/publish", null)).isEqualTo("/editor/a-b");
        assertThat(SignInRedirect.next("POST", "/editor/a-b/preview-match", null)).isEqualTo("/editor/a-b");
        assertThat(SignInRedirect.next("POST", "/admin/tokens/3/revoke", null)).isEqualTo("/admin");
    }

    @Test
    void hostileTextIsEncodedNotFollowed() {
        assertThat(SignInRedirect.location("GET", "/editor/x", "a=1&next=https://evil.example/"))
                .isEqualTo("/login?next=%2Feditor%2Fx%3Fa%3D1%26next%3Dhttps%3A%2F%2Fevil.example%2F");
        assertThat(SignInRedirect.location("GET", "/editor/a b", null)).isEqualTo("/login?next=%2Feditor%2Fa%20b");
    }
}
