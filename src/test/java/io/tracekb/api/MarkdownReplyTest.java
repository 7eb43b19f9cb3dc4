package io.tracekb.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 19, item 12: editor-written text reaches Slack escaped as Slack documents, and Markdown as Markdown. */
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
}
