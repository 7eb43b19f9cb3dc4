package io.tracekb.trace.repair;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.trace.SourceLine;
import org.junit.jupiter.api.Test;

/** The chain: the order the repairs run in, the repairs reported, and the original line numbers. */
class PasteRepairTest {

    @Test
    void htmlLineMarkupIsRemovedButFrameNamesAndGenericsThatLookLikeTagsAreKept() {
        String page = "<p>java.lang.IllegalStateException: expected List&lt;String&gt;<br/>\n"
                + "    at a.B.<init>(B.java:1) ~<span class=\"error\">&#91;x-1.0.jar:1.0&#93;</span><br/>\n"
                + "    at a.C.<clinit>(C.java:2)</p>";

        PasteRepair.Repaired r = PasteRepair.repair(page);

        assertThat(r.lines()).extracting(SourceLine::text).containsExactly(
                "java.lang.IllegalStateException: expected List<String>",
                "    at a.B.<init>(B.java:1) ~[x-1.0.jar:1.0]",
                "    at a.C.<clinit>(C.java:2)");
        assertThat(r.repairs()).containsExactly(Repair.HTML_MARKUP, Repair.HTML_ENTITIES);
    }

    @Test
    void withoutLineMarkupATagLikeWordIsText() {
        String text = "java.lang.IllegalArgumentException: bad <b> flag\n\tat a.B.c(B.java:1)";

        assertThat(PasteRepair.repair(text).lines().get(0).text())
                .isEqualTo("java.lang.IllegalArgumentException: bad <b> flag");
    }

    @Test
    void eachRepairSeesWhatTheOneBeforeItGaveAndIsReportedOnceInChainOrder() {
        // CRLF, then a JSON string with quoted, log-prefixed lines inside, then a wrapped frame and a blank line
        String text = "{\"log\":\"> 2021-12-05 07:22:05,369 ERROR x.Y [] - java.lang.X: y\\n> \\tat a.B.c(B.java:1)\"}\r\n"
                + "\tat java.lang.Th\r\nread.run(Thread.java:626)\r\n\r\n\tat a.B.d(B.java:2)\r\n";

        PasteRepair.Repaired r = PasteRepair.repair(text);

        assertThat(r.lines()).extracting(SourceLine::text).containsExactly("{\"log\":\"> 2021-12-05 07:22:05,369 ERROR x.Y [] - java.lang.X: y",
                "\tat a.B.c(B.java:1)\"}", "\tat java.lang.Thread.run(Thread.java:626)", "\tat a.B.d(B.java:2)", "");
        assertThat(r.lines()).extracting(SourceLine::orig).containsExactly(0, 0, 1, 4, 5);
        assertThat(r.repairs()).containsExactly(Repair.LINE_ENDINGS, Repair.JSON_ESCAPES, Repair.QUOTE_MARKERS,
                Repair.WRAPPED_LINES, Repair.BLANK_LINES_IN_TRACE);
    }

    @Test
    void anUndamagedTraceIsLeftAsItIs() {
        PasteRepair.Repaired r = PasteRepair.repair("java.lang.X: y\n\tat a.B.c(B.java:1)");
        assertThat(r.lines()).extracting(SourceLine::text).containsExactly("java.lang.X: y", "\tat a.B.c(B.java:1)");
        assertThat(r.repairs()).isEmpty();
        assertThat(PasteRepair.repair("").lines()).extracting(SourceLine::text).containsExactly("");
    }
}
