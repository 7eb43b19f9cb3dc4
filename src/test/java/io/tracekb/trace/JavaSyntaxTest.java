package io.tracekb.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.trace.JavaSyntax.Header;
import io.tracekb.trace.JavaSyntax.Strength;
import org.junit.jupiter.api.Test;

/** The scanners for the lines of a JVM trace, each on its own, with the exact value it gives. */
class JavaSyntaxTest {

    @Test
    void atFramesWithModuleLoaderJarAndNativeMethod() {
        assertThat(JavaSyntax.parseAtFrame("\tat org.apache.flink.runtime.taskmanager.Task.run(Task.java:568) "
                + "~[flink-dist-1.17.1.jar:1.17.1]")).isEqualTo(new StackFrame("org.apache.flink.runtime.taskmanager.Task",
                "run", "Task.java", 568, null, "flink-dist-1.17.1.jar", "1.17.1", false, false,
                "at org.apache.flink.runtime.taskmanager.Task.run(Task.java:568) ~[flink-dist-1.17.1.jar:1.17.1]"));
        StackFrame module = JavaSyntax.parseAtFrame("at java.base/java.lang.Thread.run(Thread.java:833)");
        assertThat(module.module()).isEqualTo("java.base");
        assertThat(module.qualifiedMethod()).isEqualTo("java.lang.Thread.run");
        assertThat(JavaSyntax.parseAtFrame("at sun.misc.Unsafe.park(Native Method)").nativeMethod()).isTrue();
        assertThat(JavaSyntax.parseAtFrame("at not a frame")).isNull();
        assertThat(JavaSyntax.parseAtFrame("attribute x.Y.z(Y.java:1)")).isNull();
    }

    @Test
    void atLinesIncludeTheOnesThatDoNotParseYet() {
        assertThat(JavaSyntax.isAtLine("at")).isTrue();
        assertThat(JavaSyntax.isAtLine("at java.lang.Th")).isTrue();
        assertThat(JavaSyntax.isAtLine("\tat a.B.c(B.java:1)")).as("callers strip first").isFalse();
        assertThat(JavaSyntax.isAtLine("attempt 3 failed")).isFalse();
    }

    @Test
    void bareAndPartialFrames() {
        assertThat(JavaSyntax.parseBareFrame("java.lang.Object.wait(Native Method)").qualifiedMethod())
                .isEqualTo("java.lang.Object.wait");
        assertThat(JavaSyntax.parseBareFrame("Some prose (with parentheses)")).isNull();
        StackFrame cut = JavaSyntax.partialFrame("at java.util.concurrent.ThreadPoolExecutor.runW...");
        assertThat(cut.className()).isEqualTo("java.util.concurrent.ThreadPoolExecutor");
        assertThat(cut.method()).isEqualTo("runW");
        assertThat(cut.partial()).isTrue();
    }

    @Test
    void moreLinesInEveryForm() {
        assertThat(JavaSyntax.parseMore("\t... 12 more")).isEqualTo(12);
        assertThat(JavaSyntax.parseMore("... 7 common frames omitted")).isEqualTo(7);
        assertThat(JavaSyntax.parseMore("... 3 frames omitted")).isEqualTo(3);
        assertThat(JavaSyntax.parseMore("... and more")).isEqualTo(-1);
        assertThat(JavaSyntax.parseMore("... 1234567890 more")).as("at most 9 digits").isEqualTo(-1);
    }

    @Test
    void headersWithTheirStrength() {
        assertThat(JavaSyntax.parseHeader("java.io.IOException: disk full", false))
                .isEqualTo(new Header("java.io.IOException", "disk full", Strength.STRONG, false, null));
        assertThat(JavaSyntax.parseHeader("Exception in thread \"main\" java.lang.IllegalStateException: boom", false))
                .isEqualTo(new Header("java.lang.IllegalStateException", "boom", Strength.STRONG, false, null));
        Header brace = JavaSyntax.parseHeader("AsynchronousException{java.lang.Exception: Could not materialize}", false);
        assertThat(brace.type()).isEqualTo("org.apache.flink.runtime.taskmanager.AsynchronousException");
        assertThat(brace.braceForm()).isTrue();
        assertThat(brace.inner().type()).isEqualTo("java.lang.Exception");
        // a capitalised word before ": " may name a type: weak, and only read as one when frames follow
        assertThat(JavaSyntax.parseHeader("Note: this is prose", false))
                .isEqualTo(new Header("Note", "this is prose", Strength.WEAK, false, null));
        assertThat(JavaSyntax.parseHeader("this is prose", false)).isNull();
        assertThat(JavaSyntax.parseHeader("", false)).isNull();
    }

    @Test
    void threadDumpHeadersAndWhitespace() {
        assertThat(JavaSyntax.isThreadHeader("\"main\" #1 prio=5 os_prio=0 tid=0x1 nid=0x2 runnable")).isTrue();
        assertThat(JavaSyntax.isThreadHeader("\"Flink Netty Server (0) Thread 0\" daemon prio=5")).isTrue();
        assertThat(JavaSyntax.isThreadHeader("\"quoted prose\" said the user")).isFalse();
        assertThat(JavaSyntax.collapseSpaces("at  a.B.c(B.java:1)\t ~[x.jar]")).isEqualTo("at a.B.c(B.java:1) ~[x.jar]");
        String clean = "at a.B.c(B.java:1)";
        assertThat(JavaSyntax.collapseSpaces(clean)).isSameAs(clean);
    }
}
