package io.tracekb.trace.repair;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.trace.SourceLine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The repairs over neighbouring lines: each joiner of wrapped lines, and blank lines inside a trace. */
class LinesRepairsTest {

    private static List<SourceLine> lines(String... texts) {
        List<SourceLine> out = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) out.add(new SourceLine(texts[i], i));
        return out;
    }

    private static List<String> joined(String... texts) {
        List<SourceLine> out = new WrappedLines().undo(lines(texts));
        return out == null ? null : out.stream().map(SourceLine::text).toList();
    }

    @Test
    void aFrameWrappedInsideItsNameIsJoinedWhenTheJoinParses() {
        assertThat(joined("\tat java.lang.Th", "read.run(Thread.java:626)", "prose"))
                .containsExactly("\tat java.lang.Thread.run(Thread.java:626)", "prose");
        assertThat(joined("\tat", "a.B.c(B.java:1)")).containsExactly("\tat a.B.c(B.java:1)");
        assertThat(joined("\tat not a frame", "nor this")).as("no join parses: nothing is joined").isNull();
    }

    @Test
    void aJarSuffixThatWentToTheNextLineIsJoined() {
        assertThat(joined("\tat x.Y.m(Y.java:1) ~[flink-dist_2.12-1.1", "3.1.jar:1.13.1]"))
                .containsExactly("\tat x.Y.m(Y.java:1) ~[flink-dist_2.12-1.13.1.jar:1.13.1]");
        assertThat(joined("\tat x.Y.m(Y.java:1)", "~[a.jar:1]")).containsExactly("\tat x.Y.m(Y.java:1) ~[a.jar:1]");
    }

    @Test
    void aCircularReferenceIsJoinedUpToItsBracket() {
        assertThat(joined("[CIRCULAR REFERENCE: x.Y: a", "long message]"))
                .containsExactly("[CIRCULAR REFERENCE: x.Y: a long message]");
        // a line of 40 or more characters followed by lines just as long was cut at a fixed width: no space added
        assertThat(joined("[CIRCULAR REFERENCE: java.io.IOException: ", "a long message that was cut hard at 42 cha",
                "rs]")).containsExactly("[CIRCULAR REFERENCE: java.io.IOException: a long message that was cut hard at 42 chars]");
        assertThat(joined("[CIRCULAR REFERENCE: java.io.IOException: never closed", "", "x]")).isNull();
    }

    @Test
    void aThreadNameCutInsideItsQuotesIsJoined() {
        assertThat(joined("Exception in thread \"ma", "in\" java.lang.X: y"))
                .containsExactly("Exception in thread \"main\" java.lang.X: y");
    }

    @Test
    void aHeaderWhoseMessageWentToTheNextLineIsJoinedBeforeAFrame() {
        assertThat(joined("java.io.IOException:", "Connection  reset", "\tat a.B.c(B.java:1)"))
                .containsExactly("java.io.IOException: Connection reset", "\tat a.B.c(B.java:1)");
        assertThat(joined("Note:", "some prose", "more prose")).as("no frame follows").isNull();
    }

    @Test
    void aThreadDumpHeaderBrokenOverLinesIsJoined() {
        assertThat(joined("\"main\" #1 prio=5 os_prio=0 tid=0x00007f nid=0x1 waiting on condition [0x00007f",
                "ab000]", "   java.lang.Thread.State: RUNNABLE")).containsExactly(
                "\"main\" #1 prio=5 os_prio=0 tid=0x00007f nid=0x1 waiting on condition [0x00007fab000]",
                "   java.lang.Thread.State: RUNNABLE");
        assertThat(joined("\"main\" #1 prio=5", "\tat a.B.c(B.java:1)")).as("nothing to join").isNull();
    }

    @Test
    void aLockLineWithAnOpenParenthesisIsJoined() {
        assertThat(joined("\t- locked <0x1> (a java.lang.", "Object)"))
                .containsExactly("\t- locked <0x1> (a java.lang. Object)");
    }

    @Test
    void aHeaderWrappedAtADotIsJoinedOnlyWhenItReadsAsAQualifiedType() {
        assertThat(joined("Caused by: org.apache.flink.runtime.checkpoint.", "CheckpointException: failed"))
                .containsExactly("Caused by: org.apache.flink.runtime.checkpoint.CheckpointException: failed");
        assertThat(joined("see docs.flink.apache.", "org for more")).isNull();
    }

    @Test
    void aFrameThatParsesKeepsItsParsedFrame() {
        List<SourceLine> out = new WrappedLines().undo(lines("java.io.IOException:", "reset", "\tat a.B.c(B.java:1)"));
        assertThat(out.get(1).atFrame()).isNotNull();
        assertThat(out.get(1).atFrame().qualifiedMethod()).isEqualTo("a.B.c");
        assertThat(out.get(1).orig()).as("the original line number is kept").isEqualTo(2);
    }

    @Test
    void upToTwoBlankLinesBeforeAFrameAreDropped() {
        BlankLinesInTrace r = new BlankLinesInTrace();
        List<SourceLine> out = r.undo(lines("java.lang.X: y", "", "\tat a.B.c(B.java:1)", "", "", "",
                "\tat a.B.d(B.java:2)", "", "prose"));
        assertThat(out).extracting(SourceLine::text).containsExactly("java.lang.X: y", "\tat a.B.c(B.java:1)", "", "",
                "", "\tat a.B.d(B.java:2)", "", "prose");
        assertThat(out).extracting(SourceLine::orig).containsExactly(0, 2, 3, 4, 5, 6, 7, 8);
        assertThat(r.undo(lines("", "\tat a.B.c(B.java:1)"))).as("a blank first line stays").isNull();
    }
}
