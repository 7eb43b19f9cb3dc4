package io.tracekb.trace;

import io.tracekb.trace.repair.Repair;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the readers make of pastes that {@link io.tracekb.trace.repair.PasteRepair} repaired. */
class RepairedPastesParseTest {
    private final TraceParser parser = new TraceParser();

    @Test
    void quoteAndHeadingMarkersBeforeTraceLinesAreRemoved() {
        ParseResult r = parser.parse("""
                > java.lang.IllegalStateException: boom
                > 	at a.B.c(B.java:1)
                >> Caused by: java.io.IOException: disk
                >>   at a.C.e(C.java:3)
                #### 	at a.C.f(C.java:4)
                > ... 1 more""");
        assertThat(r.repairs()).contains(Repair.QUOTE_MARKERS);
        ParsedTrace t = r.primaryTrace();
        assertThat(t.exceptions()).extracting(ParsedException::type)
                .containsExactly("java.lang.IllegalStateException", "java.io.IOException");
        // "> ... 1 more" was read too: the cause ends with the one frame it shares with the trace above
        assertThat(t.exceptions().get(1).frames()).extracting(StackFrame::method).containsExactly("e", "f", "c");
    }

    @Test
    void flattenedTraceIsSplit() {
        ParseResult r = parser.parse("java.lang.IllegalStateException: boom at a.B.c(B.java:1) at a.B.d(B.java:2) "
                + "Caused by: java.io.IOException: disk at a.C.e(C.java:3) ... 1 more");
        assertThat(r.repairs()).contains(Repair.FLATTENED);
        ParsedTrace t = r.primaryTrace();
        assertThat(t.exceptions()).extracting(ParsedException::type)
                .containsExactly("java.lang.IllegalStateException", "java.io.IOException");
        assertThat(t.exceptions().get(0).message()).isEqualTo("boom");
        assertThat(t.exceptions().get(1).frames()).hasSize(2);
    }

    @Test
    void messageWithOneAtIsNotSplit() {
        ParseResult r = parser.parse("java.lang.IllegalStateException: failed at step two (see a.b(c))\n\tat a.B.c(B.java:1)");
        assertThat(r.primaryTrace().exceptions().get(0).message()).isEqualTo("failed at step two (see a.b(c))");
    }

    @Test
    void jsonAndHtmlEscapes() {
        ParseResult r = parser.parse("{\"stack\":\"java.lang.IllegalStateException: a \\\"q\\\"\\n\\tat a.B.<init>(B.java:1)\\n\\tat a.B.c(B.java:2)\"}");
        assertThat(r.repairs()).contains(Repair.JSON_ESCAPES);
        assertThat(r.primaryTrace().exceptions().get(0).message()).isEqualTo("a \"q\"");
        assertThat(r.primaryTrace().exceptions().get(0).frames()).hasSize(2);
        r = parser.parse("java.lang.X: a &amp; b\n\tat a.B.&lt;init&gt;(B.java:1)\n\tat a.B.c(B.java:&#51;)");
        assertThat(r.repairs()).contains(Repair.HTML_ENTITIES);
        assertThat(r.primaryTrace().exceptions().get(0).frames()).extracting(StackFrame::method).containsExactly("<init>", "c");
        assertThat(r.primaryTrace().exceptions().get(0).frames().get(1).line()).isEqualTo(3);
    }

    @Test
    void wrappedFrameIsRejoinedOnlyWhenTheJoinIsAFrame() {
        ParseResult r = parser.parse("java.lang.X: y\n\tat java.lang.Th\nread.run(Thread.java:626)\n\tat a.B.c(B.java:1)\nprose after");
        assertThat(r.repairs()).contains(Repair.WRAPPED_LINES);
        assertThat(r.primaryTrace().exceptions().get(0).frames()).extracting(StackFrame::qualifiedMethod)
                .containsExactly("java.lang.Thread.run", "a.B.c");
        assertThat(r.primaryTrace().lastLine()).isEqualTo(3);
    }

    @Test
    void crlfAndBareCr() {
        assertThat(parser.parse("java.lang.X: y\r\n\tat a.B.c(B.java:1)\r\n").primaryTrace().exceptions().get(0).frames()).hasSize(1);
        assertThat(parser.parse("java.lang.X: y\r\tat a.B.c(B.java:1)\r").primaryTrace().exceptions().get(0).frames()).hasSize(1);
    }
}
