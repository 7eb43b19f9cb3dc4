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
