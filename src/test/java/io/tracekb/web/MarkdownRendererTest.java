package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarkdownRendererTest {

    @Test
    void rendersCommonMarkdown() {
        assertThat(MarkdownRenderer.toSafeHtml("## Cause\n\nUse `state.backend`.\n\n- one\n- two"))
                .isEqualTo("<h2>Cause</h2>\n<p>Use <code>state.backend</code>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n");
    }

    @Test
    void rawHtmlIsShownAsTextNotExecuted() {
        String html = MarkdownRenderer.toSafeHtml("Hi <script>alert(1)</script> <img src=x onerror=alert(2)>");
        assertThat(html).doesNotContain("<script").doesNotContain("<img").contains("&lt;script&gt;");
    }

    @Test
    void dangerousLinksLoseTheirTarget() {
        String html = MarkdownRenderer.toSafeHtml("[click](javascript:alert(1)) [ok](https://flink.apache.org)");
        assertThat(html).doesNotContain("javascript:")
                .contains("<a href=\"https://flink.apache.org\" rel=\"nofollow noopener\">ok</a>");
    }

    @Test
    void codeBlocksKeepTheirText() {
        assertThat(MarkdownRenderer.toSafeHtml("```yaml\na: <b>\n```"))
                .isEqualTo("<pre><code class=\"language-yaml\">a: &lt;b&gt;\n</code></pre>\n");
    }

    @Test
    void emptyAndBlankRenderToNothing() {
        assertThat(MarkdownRenderer.toSafeHtml(null)).isEmpty();
        assertThat(MarkdownRenderer.toSafeHtml("  \n ")).isEmpty();
    }

    @Test
    void hugeInputStillRenders() {
        String big = "word ".repeat(200_000);
        assertThat(MarkdownRenderer.toSafeHtml(big)).startsWith("<p>word word");
    }
}
