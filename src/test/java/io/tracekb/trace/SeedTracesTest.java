package io.tracekb.trace;

import io.tracekb.signature.FrameKind;
import io.tracekb.signature.Signature;
import io.tracekb.signature.SignatureBuilder;
import io.tracekb.signature.SignatureFrame;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The "Done when": the seed write-ups parse the way a person reading them would. */
class SeedTracesTest {
    private final TraceParser parser = new TraceParser();
    private final SignatureBuilder signatures = new SignatureBuilder();

    @Test
    void seed000_rootCauseIsTheIOExceptionReachedThroughTheCircularReference() {
        ParseResult r = parser.parse(TestFiles.seed("000_"));
        assertThat(r.traces()).hasSize(1);
        ParsedTrace t = r.primaryTrace();
        assertThat(t.kind()).isEqualTo(TraceKind.EXCEPTION);
        assertThat(t.exceptions()).extracting(ParsedException::type).containsExactly(
                "org.apache.flink.runtime.taskmanager.AsynchronousException", "java.lang.Exception",
                "java.util.concurrent.ExecutionException", "java.io.IOException");
        assertThat(t.rootCause()).isEqualTo(3);

        ParsedException root = t.exceptions().get(3);
        assertThat(root.circularReference()).isTrue();
        // the suppressed exception keeps its own cause chain, ending in the IOException the reference points to
        ParsedException execution = t.exceptions().get(2);
        assertThat(execution.suppressed()).hasSize(1);
        List<ParsedException> suppressed = execution.suppressed().get(0).exceptions();
        assertThat(suppressed).extracting(ParsedException::type).containsExactly("java.lang.Exception",
                "java.util.concurrent.ExecutionException", "java.io.IOException");
        assertThat(root.frames()).isEqualTo(suppressed.get(2).frames());
        assertThat(root.frames()).hasSize(23);
        assertThat(root.frames().get(0).qualifiedMethod())
                .isEqualTo("org.apache.flink.runtime.state.memory.MemCheckpointStreamFactory.checkSize");

        // "... 6 more" restored from the enclosing trace
        ParsedException second = t.exceptions().get(1);
        assertThat(second.omittedFrames()).isEqualTo(6);
        assertThat(second.frames()).isEqualTo(t.exceptions().get(0).frames());

        Signature sig = signatures.build(t);
        assertThat(sig.rootCauseType()).isEqualTo("java.io.IOException");
        assertThat(sig.rootCauseTemplate()).isEqualTo("Size of the state is larger than the maximum permitted "
                + "memory-backed state. Size=<num> , maxSize=<num> . Consider using a different state backend, like "
                + "the File System State backend.");
        assertThat(sig.frames()).filteredOn(f -> f.key().startsWith("org.apache.flink."))
                .isNotEmpty().allMatch(f -> f.kind() == FrameKind.FRAMEWORK);
        assertThat(sig.frames()).filteredOn(f -> f.key().startsWith("java."))
                .allMatch(f -> f.kind() == FrameKind.JDK);
        assertThat(sig.wrappers().get(0)).isNotNull(); // AsynchronousException
        assertThat(sig.wrappers().get(2)).isNotNull(); // ExecutionException
        assertThat(sig.fingerprint()).hasSize(32);
    }

    @Test
    void seed002_truncatedTraceAsksForTheRootCause() {
        ParseResult r = parser.parse(TestFiles.seed("002_"));
        assertThat(r.hasHint(HintCode.TRUNCATED_BEFORE_ROOT_CAUSE)).isTrue();
        ParsedTrace t = r.primaryTrace();
        assertThat(t.exceptions()).extracting(ParsedException::type).containsExactly(
                "org.apache.flink.runtime.taskmanager.AsynchronousException", "java.lang.Exception");
        ParsedException outer = t.exceptions().get(0);
        assertThat(outer.truncated()).isTrue();
        assertThat(outer.frames()).hasSize(5);
        assertThat(outer.frames().get(4).partial()).isTrue();
        assertThat(t.exceptions().get(1).message())
                .isEqualTo("Could not materialize checkpoint 3547 for operator MetricsMap -> Sink: MetricsMapSink (66/80).");
        Signature sig = signatures.build(t);
        assertThat(sig.topFrameKeys()).doesNotContain("java.util.concurrent.ThreadPoolEx");
        assertThat(sig.frames()).filteredOn(SignatureFrame::partial).hasSize(1);
        assertThat(sig.rootCauseTemplate()).isEqualTo(
                "Could not materialize checkpoint <num> for operator MetricsMap -> Sink: MetricsMapSink (<subtask>).");
    }

    @Test
    void seed004_stuckTaskFramesAndTheTimeoutTraceWithVersions() {
        ParseResult r = parser.parse(TestFiles.seed("004_"));
        assertThat(r.traces()).hasSize(2);
        ParsedTrace stuck = r.traces().get(0);
        assertThat(stuck.kind()).isEqualTo(TraceKind.FRAME_LIST);
        List<StackFrame> frames = stuck.exceptions().get(0).frames();
        assertThat(frames).hasSize(28);
        assertThat(frames.get(0).qualifiedMethod())
                .isEqualTo("org.apache.flink.runtime.io.network.partition.consumer.BufferManager.notifyBufferAvailable");
        assertThat(frames.get(0).line()).isEqualTo(296);
        assertThat(frames.get(27).qualifiedMethod()).isEqualTo("java.lang.Thread.run");
        assertThat(stuck.exceptions().get(0).message()).contains("is stuck in method:");

        assertThat(r.primary()).isEqualTo(1);
        ParsedTrace timeout = r.primaryTrace();
        assertThat(timeout.exceptions()).extracting(ParsedException::type)
                .containsExactly("org.apache.flink.util.FlinkException", "java.util.concurrent.TimeoutException");
        StackFrame first = timeout.exceptions().get(0).frames().get(0);
        assertThat(first.jar()).isEqualTo("flink-dist_2.12-1.13.1.jar");
        assertThat(first.version()).isEqualTo("1.13.1");
        Signature sig = signatures.build(timeout);
        assertThat(sig.rootCauseType()).isEqualTo("java.util.concurrent.TimeoutException");
        assertThat(sig.versions()).containsEntry("flink-dist", "1.13.1");
        assertThat(sig.jdk()).isEqualTo("1.8.0_232");
        assertThat(sig.wrappers().get(0)).isNotNull(); // FlinkException with a cause
        // the stuck task's lambda frames are normalised
        Signature stuckSig = signatures.build(stuck);
        assertThat(stuckSig.frames()).extracting(SignatureFrame::key)
                .contains("org.apache.flink.streaming.runtime.tasks.StreamTask$$Lambda.runDefaultAction",
                        "io.netty.buffer.AbstractReferenceCountedByteBuf.release");
    }

    @Test
    void theThreeSeedFailuresHaveDifferentFingerprints() {
        String a = signatures.build(parser.parse(TestFiles.seed("000_")).primaryTrace()).fingerprint();
        String b = signatures.build(parser.parse(TestFiles.seed("002_")).primaryTrace()).fingerprint();
        String c = signatures.build(parser.parse(TestFiles.seed("004_")).primaryTrace()).fingerprint();
        String d = signatures.build(parser.parse(TestFiles.seed("004_")).traces().get(0)).fingerprint();
        assertThat(List.of(a, b, c, d)).doesNotHaveDuplicates();
    }
}
