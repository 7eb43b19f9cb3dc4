package io.tracekb.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 19, item 12: editor-written text reaches Slack escaped as Slack documents, and Markdown as Markdown. */
@io.quarkus.test.junit.QuarkusTest
@io.quarkus.test.common.WithTestResource(io.tracekb.testing.EmbeddedPostgresResource.class)
class MarkdownReplyTest {

    static final String HOSTILE = "<!channel> <https://evil.example|Official fix> & <@U0ADMIN>";

    @Test
    void slackGetsAmpersandAndAngleBracketsAsEntities() {
        assertThat(MarkdownReply.slackEscape(HOSTILE))
                .isEqualTo("&lt;!channel&gt; &lt;https://evil.example|Official fix&gt; &amp; &lt;@U0ADMIN&gt;");
        assertThat(MarkdownReply.Dialect.SLACK.escape("a\\*b\nc")).isEqualTo("a\\*b c");
        assertThat(MarkdownReply.Dialect.SLACK.code("java.lang.X<T>")).isEqualTo("java.lang.X&lt;T&gt;");
    }

    @Test
    void markdownGetsBackslashEscapes() {
        assertThat(MarkdownReply.Dialect.MARKDOWN.escape("<b>*x*</b>")).isEqualTo("\\<b\\>\\*x\\*\\</b\\>");
        assertThat(MarkdownReply.Dialect.MARKDOWN.code("a`b<c>")).isEqualTo("ab<c>");
    }

    static MatchResponse unmatched(String component, String ownFrame) {
        var query = new MatchResponse.Query(java.util.List.of("org.apache.paimon.X"),
                new MatchResponse.RootCause("org.apache.paimon.X", "boom"), 2, "f", java.util.Map.of(), null,
                java.util.List.of(), component, ownFrame, io.tracekb.triage.SearchLinks.of(
                        new io.tracekb.triage.SearchTerms("X", "flux capacitor overloaded", true), null, "en"));
        return new MatchResponse(query, java.util.List.of());
    }

    @Test
    void withoutAConfidentAnswerTheReplyNamesTheComponentTheUsersFrameAndTheSearches() {
        String md = MarkdownReply.render(unmatched("Apache Paimon", "com.acme.Job.main(Job.java:42)"), "en",
                "http://kb");
        assertThat(md).isEqualTo("""
                Root cause: `org.apache.paimon.X`

                Component: Apache Paimon
                Your code: `com.acme.Job.main(Job.java:42)`

                No known incident matches this paste.

                No confident match. Search the public reports: [Flink JIRA](https://issues.apache.org/jira/issues/?jql=\
                project%20%3D%20FLINK%20AND%20text%20%7E%20%22X%22%20AND%20text%20%7E%20%22%5C%22flux%20capacitor%20\
                overloaded%5C%22%22%20ORDER%20BY%20updated%20DESC) · [user@flink\\.apache\\.org](https://lists.apache.org/\
                list?user@flink.apache.org:lte=10y:X%20%22flux%20capacitor%20overloaded%22)
                """);
        String slack = MarkdownReply.render(unmatched(null, null), "en", "http://kb", MarkdownReply.Dialect.SLACK);
        assertThat(slack).contains("No confident match. Search the public reports: <https://issues.apache.org/jira/")
                .contains("|Flink JIRA> · <https://lists.apache.org/list?user@flink.apache.org:lte=10y:X%20%22flux%20"
                        + "capacitor%20overloaded%22|user@flink.apache.org>")
                .doesNotContain("Component:").doesNotContain("Your code:");
    }
}
