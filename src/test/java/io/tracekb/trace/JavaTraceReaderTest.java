package io.tracekb.trace;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JavaTraceReaderTest {
    private final TraceParser parser = new TraceParser();

    private ParsedTrace one(String s) {
        ParseResult r = parser.parse(s);
        assertThat(r.traces()).hasSize(1);
        return r.traces().get(0);
    }

    @Test
    void frameForms() {
        ParsedTrace t = one("""
                Exception in thread "main" java.lang.IllegalStateException
                \tat java.base/java.lang.Thread.run(Thread.java:833)
                \tat java.base@17.0.2/java.lang.reflect.Method.invoke(Method.java:568)
                \tat app//a.B.c(B.java:1)
                \tat jdk.internal.vm.ci@21/jdk.vm.ci.X.y(X.java:9)
                \tat sun.reflect.NativeMethodAccessorImpl.invoke0(Native Method)
                \tat a.B.d(Unknown Source) ~[?:?]
                \tat a.B.e(B.java:5) ~[flink-dist_2.12-1.13.1.jar:1.13.1]
                \tat a.B.f(B.java:6) [?:1.8.0_232]
                \tat a.B.g(B.java:7) ~[classes/:na]
                \tat a.B.h(B.java:8) [na:1.8.0_60]
                \tat _COROUTINE._BOUNDARY._(CoroutineDebugging.kt:46)
                """);
        ParsedException e = t.exceptions().get(0);
        assertThat(e.type()).isEqualTo("java.lang.IllegalStateException");
        assertThat(e.message()).isNull();
        assertThat(e.frames()).hasSize(11);
        assertThat(e.frames().get(0).module()).isEqualTo("java.base");
        assertThat(e.frames().get(1).module()).isEqualTo("java.base@17.0.2");
        assertThat(e.frames().get(2).module()).isEqualTo("app");
        assertThat(e.frames().get(2).className()).isEqualTo("a.B");
        assertThat(e.frames().get(3).module()).isEqualTo("jdk.internal.vm.ci@21");
        assertThat(e.frames().get(4).nativeMethod()).isTrue();
        assertThat(e.frames().get(5).file()).isNull();
        assertThat(e.frames().get(5).jar()).isNull();
        assertThat(e.frames().get(6).jar()).isEqualTo("flink-dist_2.12-1.13.1.jar");
        assertThat(e.frames().get(6).version()).isEqualTo("1.13.1");
        assertThat(e.frames().get(7).version()).isEqualTo("1.8.0_232");
        assertThat(e.frames().get(8).jar()).isEqualTo("classes/");
        assertThat(e.frames().get(8).version()).isNull();
        assertThat(e.frames().get(9).jar()).isEqualTo("na");
        assertThat(e.frames().get(10).qualifiedMethod()).isEqualTo("_COROUTINE._BOUNDARY._");
    }

    @Test
    void multiLineMessageAndMoreRestored() {
        ParsedTrace t = one("""
                junit.framework.ComparisonFailure: expected:<a
                b> but was:<c
                d>
                \tat a.B.c(B.java:1)
                \tat a.B.d(B.java:2)
                Caused by: java.io.IOException: x
                \tat a.C.e(C.java:3)
                \t... 1 more
                """);
        assertThat(t.exceptions().get(0).message()).isEqualTo("expected:<a\nb> but was:<c\nd>");
        ParsedException cause = t.exceptions().get(1);
        assertThat(cause.omittedFrames()).isEqualTo(1);
        assertThat(cause.restoredFrames()).isEqualTo(1);
        assertThat(cause.frames()).extracting(StackFrame::qualifiedMethod).containsExactly("a.C.e", "a.B.d");
    }

    @Test
    void java11CircularReferenceWithCaption() {
        ParsedTrace t = one("""
                java.lang.Exception: outer
                \tat a.B.c(B.java:1)
                Caused by: java.lang.IllegalStateException: inner
                \tat a.C.d(C.java:2)
                \t... 1 more
                Caused by: [CIRCULAR REFERENCE: java.lang.Exception: outer]
                """);
        assertThat(t.exceptions()).hasSize(3);
        assertThat(t.exceptions().get(2).circularReference()).isTrue();
        assertThat(t.exceptions().get(2).type()).isEqualTo("java.lang.Exception");
        assertThat(t.exceptions().get(2).frames()).isEqualTo(t.exceptions().get(0).frames());
    }

    @Test
    void suppressedKeepsItsOwnCauseAndMainCauseFollows() {
        ParsedTrace t = one(TestFiles.read("parser-corpus/eclipse-console-format/cases/testFormatSuppressedWithCause.input.txt"));
        assertThat(t.exceptions()).extracting(ParsedException::type).containsExactly("java.lang.Exception", "java.lang.Exception");
        assertThat(t.exceptions().get(0).suppressed()).hasSize(1);
        t = one(TestFiles.read("parser-corpus/eclipse-console-format/cases/testFormatSuppressedWithCause_2.input.txt"));
        assertThat(t.exceptions()).hasSize(1);
        assertThat(t.exceptions().get(0).suppressed().get(0).exceptions()).extracting(ParsedException::message)
                .containsExactly("Resource ID = 1", "Rats, you caught me");
    }

    @Test
    void flinkToStringHeaderGetsItsInnerCause() {
        ParsedTrace t = one("AsynchronousException{java.lang.Exception: Could not materialize checkpoint 5 for operator x (1/2).}\n"
                + "\tat org.apache.flink.streaming.runtime.tasks.StreamTask$AsyncCheckpointRunnable.run(StreamTask.java:971)\n");
        assertThat(t.exceptions()).extracting(ParsedException::type).containsExactly(
                "org.apache.flink.runtime.taskmanager.AsynchronousException", "java.lang.Exception");
    }

    @Test
    void threadDumpsAndPythonAndOthersAreNotJava() {
        ParseResult r = parser.parse("Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n"
                + "    f()\n  File \"a.py\", line 3, in f\n    raise ValueError('x')\nValueError: x\n\n"
                + "During handling of the above exception, another exception occurred:\n\n"
                + "Traceback (most recent call last):\n  File \"a.py\", line 5, in <module>\n    g()\nKeyError: 'k'\n");
        ParsedTrace t = r.traces().get(0);
        assertThat(t.language()).isEqualTo(TraceLanguage.PYTHON);
        assertThat(t.exceptions()).extracting(ParsedException::type).containsExactly("KeyError", "ValueError");
        assertThat(t.exceptions().get(1).frames()).extracting(StackFrame::method).containsExactly("f", "<module>");
    }
}
