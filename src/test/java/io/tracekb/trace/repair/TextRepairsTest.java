package io.tracekb.trace.repair;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The repairs of the whole text, each on its own: what it finds and its exact output. */
class TextRepairsTest {

    @Test
    void lineEndingsBecomeLf() {
        LineEndings r = new LineEndings();
        assertThat(r.finds("a\nb")).isFalse();
        assertThat(r.undo("java.lang.X: y\r\n\tat a.B.c(B.java:1)\r\n")).isEqualTo("java.lang.X: y\n\tat a.B.c(B.java:1)\n");
        assertThat(r.undo("a\rb\r\rc")).isEqualTo("a\nb\n\nc");
    }

    @Test
    void htmlMarkupIsFoundOnlyWithLineMarkupAndLineTagsEndTheirLine() {
        HtmlMarkup r = new HtmlMarkup();
        assertThat(r.finds("bad <b> flag")).as("no <br> or <p>: a tag-like word is text").isFalse();
        assertThat(r.finds("a<BR/>b")).isTrue();
        assertThat(r.undo("<p>java.lang.X: y<br/>    at a.B.<init>(B.java:1) ~<span class=\"e\">[x.jar]</span><br/>\n"
                + "<div>at a.C.<clinit>(C.java:2)</div></p>")).isEqualTo(
                "java.lang.X: y\n    at a.B.<init>(B.java:1) ~[x.jar]\nat a.C.<clinit>(C.java:2)\n");
        assertThat(r.undo("<ul><li>one</li><li>two</li></ul>")).isEqualTo("one\ntwo");
    }

    @Test
    void htmlEntitiesAreDecodedWithTheWholeTable() {
        HtmlEntities r = new HtmlEntities();
        assertThat(r.finds("a & b")).isFalse();
        assertThat(r.finds("&nbsp;at a.B.c")).as("only the entities a trace needs decoded make it look escaped")
                .isFalse();
        assertThat(r.undo("List&lt;String&gt; &amp; &quot;x&quot; &#39;y&#x27; &#91;z&#93; &hellip;"))
                .isEqualTo("List<String> & \"x\" 'y' [z] \u2026");
        // a no-break space indents a frame on a web page: it must read as a space
        assertThat(r.undo("&nbsp;&nbsp;at a.B.&lt;init&gt;(B.java:1)")).isEqualTo("  at a.B.<init>(B.java:1)");
        assertThat(r.undo("&#xZZ; &bogus; &lt;")).isEqualTo("&#xZZ; &bogus; <");
    }
}
