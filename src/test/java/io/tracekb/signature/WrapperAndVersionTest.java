package io.tracekb.signature;

import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.TraceParser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WrapperAndVersionTest {
    private final TraceParser parser = new TraceParser();

    private Signature sig(String text) {
        ParsedTrace t = parser.parse(text).primaryTrace();
        return new SignatureBuilder().build(t);
    }

    @Test
    void wrappersAreRecognised() {
        Signature s = sig("""
                java.lang.RuntimeException: java.io.IOException: disk full
                \tat a.B.c(B.java:1)
                Caused by: java.io.IOException: disk full
                \tat a.D.e(D.java:2)
                """);
        assertThat(s.wrappers().get(0)).contains("toString");
        s = sig("""
                java.lang.reflect.InvocationTargetException
                \tat a.B.c(B.java:1)
                Caused by: java.lang.IllegalStateException: boom
                \tat a.D.e(D.java:2)
                """);
        assertThat(s.wrappers().get(0)).isEqualTo("wrapper exception");
        assertThat(s.rootCauseType()).isEqualTo("java.lang.IllegalStateException");
        s = sig("""
                java.lang.IllegalStateException: a real failure
                \tat a.B.c(B.java:1)
                Caused by: java.io.IOException: disk full
                \tat a.D.e(D.java:2)
                """);
        assertThat(s.wrappers().get(0)).isNull();
    }

    @Test
    void aChainEndingAtAnExceptionThatOnlyReportsACauseIsCutOff() {
        // each row: the last exception of a paste, and whether its cause must have been cut off
        String[][] table = {
                { "org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy", "cut off" },
                { "org.apache.flink.runtime.JobException: Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy"
                        + "(maxNumberRestartAttempts=0, backoffTimeMS=3000)", "cut off" },
                { "org.apache.flink.runtime.client.JobExecutionException: Job execution failed.", "cut off" },
                { "org.apache.flink.table.api.TableException: Failed to execute sql", "cut off" },
                { "java.util.concurrent.ExecutionException", "cut off" },
                { "java.util.concurrent.CompletionException: java.io.IOException: disk full", "names its cause" },
                { "org.apache.flink.runtime.JobException: Cannot instantiate the coordinator for operator Source", "names its cause" },
                { "java.lang.RuntimeException: Recovery is suppressed by NoRestartBackoffTimeStrategy", "names its cause" },
                { "java.lang.IllegalStateException: boom", "names its cause" },
                { "org.apache.flink.streaming.runtime.tasks.ExceptionInChainedOperatorException: Could not forward "
                        + "element to next operator", "cut off" },
                // the toString of such an exception as the message of the last one says no more than it
                { "java.lang.Exception: org.apache.flink.streaming.runtime.tasks.ExceptionInChainedOperatorException: "
                        + "Could not forward element to next operator", "cut off" },
                { "java.lang.Exception: org.apache.flink.runtime.JobException: Cannot instantiate the coordinator",
                        "names its cause" },
        };
        for (String[] row : table) {
            Signature s = sig(row[0] + "\n\tat a.B.c(B.java:1)\n");
            assertThat(s.causeCutOff() == null ? "names its cause" : "cut off").as(row[0]).isEqualTo(row[1]);
        }
        Signature whole = sig("""
                org.apache.flink.runtime.client.JobExecutionException: Job execution failed.
                \tat a.B.c(B.java:1)
                Caused by: java.io.IOException: disk full
                \tat a.D.e(D.java:2)
                """);
        assertThat(whole.causeCutOff()).isNull();
        assertThat(sig("org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy\n"
                + "\tat a.B.c(B.java:1)\n").causeCutOff())
                .isEqualTo("org.apache.flink.runtime.JobException only reports a failure whose cause is not in the paste");
    }

    @Test
    void versionsFromJarSuffixesAndModules() {
        Signature s = sig("""
                java.lang.IllegalStateException: x
                \tat org.apache.flink.runtime.taskexecutor.TaskManagerRunner.main(TaskManagerRunner.java:354) [flink-dist_2.12-1.13.1.jar:1.13.1]
                \tat akka.actor.ActorCell.invoke(ActorCell.scala:561) ~[akka-actor_2.11-2.5.21.jar:2.5.21]
                \tat java.lang.Thread.run(Thread.java:748) [?:1.8.0_232]
                """);
        assertThat(s.versions()).containsEntry("flink-dist", "1.13.1").containsEntry("akka-actor", "2.5.21");
        assertThat(s.jdk()).isEqualTo("1.8.0_232");
        s = sig("""
                java.lang.IllegalStateException: x
                \tat java.base@17.0.2/java.lang.Thread.run(Thread.java:833)
                """);
        assertThat(s.jdk()).isEqualTo("17.0.2");
        s = sig("""
                java.lang.IllegalStateException: x
                \tat java.base/java.lang.Thread.run(Thread.java:833)
                \tat app//a.B.c(B.java:1) ~[classes/:na]
                """);
        assertThat(s.jdk()).isEqualTo("9+");
        assertThat(s.versions()).isEmpty();
    }

    @Test
    void componentsExplainWhatCounted() {
        Signature s = sig("""
                java.util.concurrent.ExecutionException: java.io.IOException: Size=5
                \tat java.util.concurrent.FutureTask.report(FutureTask.java:122)
                Caused by: java.io.IOException: Size=5
                \tat a.B.c(B.java:1)
                \tat java.lang.Thread.run(Thread.java:748)
                \tat java.util.concurrent.ThreadPoolEx...
                """);
        SignatureComponent chain = s.components().get(0);
        assertThat(chain.children().get(0).contributes()).isFalse();
        assertThat(chain.children().get(0).reason()).startsWith("wrapper exception");
        assertThat(chain.children().get(1).contributes()).isTrue();
        SignatureComponent template = s.components().stream().filter(c -> c.id().equals("message-template")).findFirst().orElseThrow();
        assertThat(template.value()).isEqualTo("Size=<num>");
        assertThat(template.children()).extracting(SignatureComponent::reason).containsOnly("variable part masked");
        SignatureComponent frames = s.components().stream().filter(c -> c.id().equals("frames")).findFirst().orElseThrow();
        assertThat(frames.children()).extracting(SignatureComponent::reason)
                .anyMatch(r -> r.startsWith("line number"))
                .anyMatch(r -> r.startsWith("ubiquitous frame"))
                .anyMatch(r -> r.startsWith("truncated frame"));
        assertThat(s.topFrameKeys()).containsExactly("a.B.c");
    }
}
