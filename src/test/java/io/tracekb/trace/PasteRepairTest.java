package io.tracekb.trace;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PasteRepairTest {
    private final TraceParser parser = new TraceParser();

    @Test
    void messagesOfLogLinesLeaveOutEachLinesPrefixAndKeepOtherLinesWhole() {
        assertThat(LogPrefixes.messagesOf("""
                2022-08-09 09:53:02,809 INFO  org.apache.flink.runtime.resourcemanager.ResourceManager [] - Lost TM
                [ERROR] Failed to execute goal
                a question without a prefix""")).isEqualTo("Lost TM\nFailed to execute goal\na question without a prefix\n");
        assertThat(LogPrefixes.messagesOf("")).isEqualTo("\n");
    }

    @Test
    void logPrefixes() {
        for (String prefix : List.of("2021-12-05 07:22:05,369 WARN  org.apache.flink.runtime.taskmanager.Task [] - ",
                "2024-05-14T10:22:05.123Z ERROR [main] o.a.f.Foo - ", "14:09:18,117 ERROR [org.x] (thread-1) ",
                "[ERROR] ", "     [java] ", "[2021-12-05 07:22:05,369] ERROR ",
                // sbt, docker compose, journald (syslog with the program's own log line inside)
                "[error] ", "spark-worker                 | ", "Dec  7 12:03:35 dapnet java[16463]: ",
                "Dec  7 12:03:35 dapnet java[16463]: 12:03:35.493 [nioEventLoopGroup-2-1] WARN  io.netty.X - ")) {
            assertThat(LogPrefixes.contentStart(prefix + "java.lang.X: y")).as(prefix).isEqualTo(prefix.length());
        }
        assertThat(LogPrefixes.contentStart("SEVERE: Job failed")).isEqualTo(8);
        assertThat(LogPrefixes.contentStart("\tat a.B.c(B.java:1)")).isZero();
        assertThat(LogPrefixes.contentStart("java.lang.X: 2021-12-05 07:22:05")).isZero();
        assertThat(LogPrefixes.contentStart("| a | b |")).as("a table row is not a compose prefix").isZero();
        assertThat(LogPrefixes.contentStart("Caused by: java.lang.X: y")).isZero();
    }

    /** Azure Pipelines stamps each line of Flink's CI log, whose lines carry their own syslog-style time. */
    @Test
    void aTimestampAfterATimestampIsAPrefixToo() {
        String prefix = "2022-04-21T14:01:10.5126772Z Apr 21 14:01:09 ";
        assertThat(LogPrefixes.contentStart(prefix + "Caused by: java.lang.X: y")).isEqualTo(prefix.length());
        String frame = prefix + "\tat a.B.c(B.java:1)";
        assertThat(frame.substring(LogPrefixes.contentStart(frame))).isEqualTo("at a.B.c(B.java:1)");
        // a time inside the content is not skipped
        assertThat(LogPrefixes.contentStart("2022-04-21T14:01:10Z job took 12:00:00 to fail"))
                .isEqualTo("2022-04-21T14:01:10Z ".length());
    }

    @Test
    void quoteAndHeadingMarkersBeforeTraceLinesAreRemoved() {
        ParseResult r = parser.parse("""
                > java.lang.IllegalStateException: boom
                > 	at a.B.c(B.java:1)
                >> Caused by: java.io.IOException: disk
                >>   at a.C.e(C.java:3)
                #### 	at a.C.f(C.java:4)
                > ... 1 more""");
        assertThat(r.repairs()).contains(PasteRepair.QUOTE_MARKERS);
        ParsedTrace t = r.primaryTrace();
        assertThat(t.exceptions()).extracting(ParsedException::type)
                .containsExactly("java.lang.IllegalStateException", "java.io.IOException");
        // "> ... 1 more" was read too: the cause ends with the one frame it shares with the trace above
        assertThat(t.exceptions().get(1).frames()).extracting(StackFrame::method).containsExactly("e", "f", "c");
        // prose quoted in a mail keeps its marker: only trace lines lose theirs
        assertThat(PasteRepair.quoteMarkerEnd("> I think this is a bug")).isZero();
        assertThat(PasteRepair.quoteMarkerEnd("#### Steps to reproduce")).isZero();
        assertThat(PasteRepair.quoteMarkerEnd("#include <stdio.h>")).isZero();
        // a commented-out config file: its lines read like weak headers, not like a trace
        assertThat(PasteRepair.quoteMarkerEnd("# Note: State backend must be accessible")).isZero();
        assertThat(PasteRepair.quoteMarkerEnd("# state.backend: rocksdb")).isZero();
        assertThat(PasteRepair.quoteMarkerEnd("> org.apache.flink.util.FlinkException: boom")).isEqualTo(2);
        assertThat(PasteRepair.quoteMarkerEnd("\tat a.B.c(B.java:1)")).isZero();
    }

    @Test
    void flattenedTraceIsSplit() {
        ParseResult r = parser.parse("java.lang.IllegalStateException: boom at a.B.c(B.java:1) at a.B.d(B.java:2) "
                + "Caused by: java.io.IOException: disk at a.C.e(C.java:3) ... 1 more");
        assertThat(r.repairs()).contains(PasteRepair.FLATTENED);
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
        assertThat(r.repairs()).contains(PasteRepair.JSON_ESCAPES);
        assertThat(r.primaryTrace().exceptions().get(0).message()).isEqualTo("a \"q\"");
        assertThat(r.primaryTrace().exceptions().get(0).frames()).hasSize(2);
        r = parser.parse("java.lang.X: a &amp; b\n\tat a.B.&lt;init&gt;(B.java:1)\n\tat a.B.c(B.java:&#51;)");
        assertThat(r.repairs()).contains(PasteRepair.HTML_ENTITIES);
        assertThat(r.primaryTrace().exceptions().get(0).frames()).extracting(StackFrame::method).containsExactly("<init>", "c");
        assertThat(r.primaryTrace().exceptions().get(0).frames().get(1).line()).isEqualTo(3);
    }

    @Test
    void wrappedFrameIsRejoinedOnlyWhenTheJoinIsAFrame() {
        ParseResult r = parser.parse("java.lang.X: y\n\tat java.lang.Th\nread.run(Thread.java:626)\n\tat a.B.c(B.java:1)\nprose after");
        assertThat(r.repairs()).contains(PasteRepair.WRAPPED_LINES);
        assertThat(r.primaryTrace().exceptions().get(0).frames()).extracting(StackFrame::qualifiedMethod)
                .containsExactly("java.lang.Thread.run", "a.B.c");
        assertThat(r.primaryTrace().lastLine()).isEqualTo(3);
    }

    @Test
    void crlfAndBareCr() {
        assertThat(parser.parse("java.lang.X: y\r\n\tat a.B.c(B.java:1)\r\n").primaryTrace().exceptions().get(0).frames()).hasSize(1);
        assertThat(parser.parse("java.lang.X: y\r\tat a.B.c(B.java:1)\r").primaryTrace().exceptions().get(0).frames()).hasSize(1);
    }

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
        assertThat(r.repairs()).containsExactly(PasteRepair.HTML_MARKUP, PasteRepair.HTML_ENTITIES);
    }

    @Test
    void withoutLineMarkupATagLikeWordIsText() {
        String text = "java.lang.IllegalArgumentException: bad <b> flag\n\tat a.B.c(B.java:1)";

        assertThat(PasteRepair.repair(text).lines().get(0).text())
                .isEqualTo("java.lang.IllegalArgumentException: bad <b> flag");
    }
}
