package io.tracekb.trace.repair;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The repairs of one line, each on its own: null when the line is not damaged, else the exact lines it gives. */
class LineRepairsTest {

    @Test
    void jsonEscapesAreDecodedAndTheLineCutAtItsNewlines() {
        JsonEscapes r = new JsonEscapes();
        assertThat(r.undo("{\"msg\":\"a\\nb\"}")).as("a newline alone is not a trace").isNull();
        assertThat(r.undo("{\"stack\":\"java.lang.X: a \\\"q\\\"\\n\\tat a.B.c(B.java:1)\\r\\n\\tat a.B.d(B.java:2)\"}"))
                .containsExactly("{\"stack\":\"java.lang.X: a \"q\"", "\tat a.B.c(B.java:1)", "\tat a.B.d(B.java:2)\"}");
        assertThat(r.undo("x: y\\u000a\\u0009at a.B.c(B.java:1) \\u00e9")).containsExactly("x: y", "\tat a.B.c(B.java:1) \u00e9");
        assertThat(r.undo("x: y\\nat a.B.c(B.java:1) \\u00e9 \\uZZZZ")).containsExactly("x: y", "at a.B.c(B.java:1) \u00e9 \\uZZZZ");
    }

    @Test
    void quoteMarkersGoOnlyBeforeTraceLines() {
        QuoteMarkers r = new QuoteMarkers();
        assertThat(r.undo("> \tat a.B.c(B.java:1)")).containsExactly("\tat a.B.c(B.java:1)");
        assertThat(r.undo(">> Caused by: java.io.IOException: disk")).containsExactly("Caused by: java.io.IOException: disk");
        assertThat(r.undo("> > ... 3 more")).containsExactly("... 3 more");
        assertThat(r.undo("#### \tat a.C.f(C.java:4)")).containsExactly("\tat a.C.f(C.java:4)");
        assertThat(r.undo("> org.apache.flink.util.FlinkException: boom")).containsExactly("org.apache.flink.util.FlinkException: boom");
        // prose quoted in a mail and headings keep their markers: only trace lines lose theirs
        assertThat(r.undo("> I think this is a bug")).isNull();
        assertThat(r.undo("#### Steps to reproduce")).isNull();
        assertThat(r.undo("#include <stdio.h>")).isNull();
        // a commented-out config file: its lines read like weak headers, not like a trace
        assertThat(r.undo("# Note: State backend must be accessible")).isNull();
        assertThat(r.undo("# state.backend: rocksdb")).isNull();
        assertThat(r.undo("\tat a.B.c(B.java:1)")).isNull();
    }

    @Test
    void logPrefixesAreCutOff() {
        LogLinePrefixes r = new LogLinePrefixes();
        assertThat(r.undo("2021-12-05 07:22:05,369 WARN  org.apache.flink.runtime.taskmanager.Task [] - java.lang.X: y"))
                .containsExactly("java.lang.X: y");
        assertThat(r.undo("[ERROR] \tat a.B.c(B.java:1)")).containsExactly("\tat a.B.c(B.java:1)");
        assertThat(r.undo("java.lang.X: 2021-12-05 07:22:05")).isNull();
    }

    @Test
    void aFlattenedTraceIsCutBeforeFramesCausesAndMoreLines() {
        FlattenedTrace r = new FlattenedTrace();
        assertThat(r.undo("java.lang.IllegalStateException: boom at a.B.c(B.java:1) at a.B.d(B.java:2) "
                + "Caused by: java.io.IOException: disk at a.C.e(C.java:3) ... 1 more")).containsExactly(
                "java.lang.IllegalStateException: boom", "\tat a.B.c(B.java:1)", "\tat a.B.d(B.java:2)",
                "Caused by: java.io.IOException: disk", "\tat a.C.e(C.java:3)", "\t... 1 more");
        assertThat(r.undo("java.lang.X: failed at step two (see a.b(c)) at a.B.c(B.java:1)"))
                .as("one frame is not a flattened trace").isNull();
        assertThat(r.undo("short at a.b( at c.d(")).isNull();
    }
}
