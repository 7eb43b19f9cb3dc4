package io.tracekb.search;

import io.tracekb.search.ranking.Feature;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Stage 2 on small traces: which evidence counts, how much, and the reason it gives. */
class TraceComparisonTest {

    private final TraceComparison comparison = new TraceComparison(FrameAlignment.defaults());

    private static TraceShape shape(String trace) {
        return TraceShape.of(PasteAnalysis.of(trace));
    }

    private TraceComparison.Result compare(String query, String sample) {
        return comparison.compare(shape(query), shape(sample), key -> 0.0);
    }

    @Test
    void aTypeWithAnotherMessageIsAnotherFailure() {
        String metaspace = "java.lang.OutOfMemoryError: Metaspace. The metaspace out-of-memory error has occurred.\n"
                + "\tat java.lang.ClassLoader.defineClass1(Native Method)\n";
        TraceComparison.Result same = compare(metaspace, "java.lang.OutOfMemoryError: Metaspace\n"
                + "\tat java.lang.ClassLoader.defineClass1(Native Method)\n");
        TraceComparison.Result other = compare(metaspace, "java.lang.OutOfMemoryError: Direct buffer memory. The direct "
                + "out-of-memory error has occurred.\n\tat java.nio.Bits.reserveMemory(Bits.java:175)\n");
        assertThat(same.get(Feature.ROOT_TYPE)).isGreaterThan(other.get(Feature.ROOT_TYPE));
        assertThat(same.why().get(0))
                .isEqualTo(Reason.of(Reason.Kind.ROOT_CAUSE_SIMILAR_MESSAGE, "java.lang.OutOfMemoryError"));
        assertThat(other.why().get(0))
                .isEqualTo(Reason.of(Reason.Kind.ROOT_CAUSE_DIFFERENT_MESSAGE, "java.lang.OutOfMemoryError"));
    }

    @Test
    void aMessageHeadThatIsAPrefixOfTheOtherAgrees() {
        assertThat(TraceComparison.templateSimilarity("Metaspace",
                "Metaspace. The metaspace out-of-memory error has occurred.")).isGreaterThanOrEqualTo(0.5);
        assertThat(TraceComparison.templateSimilarity("Direct buffer memory. The direct out-of-memory error has occurred.",
                "Metaspace. The metaspace out-of-memory error has occurred.")).isLessThan(0.5);
        assertThat(TraceComparison.head("Could not materialize checkpoint <num> for operator Map (<subtask>). More"))
                .containsExactly("could", "not", "materialize", "checkpoint", "<num>", "for", "operator", "map");
    }

    @Test
    void aPasteCutBeforeItsRootCauseMeetsTheSamplesOuterException() {
        String cut = "java.lang.Exception: Could not materialize checkpoint 3547 for operator Sink (66/80).\n"
                + "\tat org.apache.flink.streaming.runtime.tasks.StreamTask$AsyncCheckpointRunnable.run(StreamTask.java:970)\n";
        String whole = "java.lang.Exception: Could not materialize checkpoint 12 for operator Map (1/4).\n"
                + "\tat org.apache.flink.streaming.runtime.tasks.StreamTask$AsyncCheckpointRunnable.run(StreamTask.java:970)\n"
                + "Caused by: java.io.IOException: Could not flush and close the file system output stream\n"
                + "\tat org.apache.flink.runtime.state.filesystem.FsCheckpointStreamFactory$FsCheckpointStateOutputStream"
                + ".closeAndGetHandle(FsCheckpointStreamFactory.java:328)\n";
        TraceComparison.Result r = compare(cut, whole);
        assertThat(r.why().get(0)).isEqualTo(Reason.of(Reason.Kind.ROOT_CAUSE_OUTER_IN_SAMPLE, "java.lang.Exception"));
        assertThat(r.get(Feature.ROOT_TYPE)).isGreaterThan(compare(cut, "java.io.IOException: Could not flush and close "
                + "the file system output stream\n\tat a.B.c(B.java:1)\n").get(Feature.ROOT_TYPE));
    }

    @Test
    void oneSharedFrameIsWeakerEvidenceThanThree() {
        String frames = "\tat com.acme.A.a(A.java:1)\n\tat com.acme.B.b(B.java:2)\n\tat com.acme.C.c(C.java:3)\n";
        String query = "com.acme.Boom: bad\n" + frames;
        double three = compare(query, "com.acme.Other: x\n" + frames).get(Feature.FRAMES);
        double one = compare(query, "com.acme.Other: x\n\tat com.acme.A.a(A.java:9)\n").get(Feature.FRAMES);
        assertThat(one).isLessThan(three);
    }

    private static TraceShape chain(List<String> types, List<Boolean> wrappers, String root) {
        return new TraceShape(types, wrappers, root, null, List.of(), List.of(), List.of(), List.of(), "fingerprint",
                Map.of(), List.of(), List.of());
    }

    @Test
    void chainsOverlapByTheirDistinctTypesThatAreNotWrappers() {
        TraceShape query = chain(List.of("a.A", "b.B", "c.C"), List.of(false, true, false), "c.C");
        TraceShape sample = chain(List.of("c.C", "a.A", "a.A", "d.D", "b.B"), List.of(false, false, false, false, true),
                "d.D");

        // query {A, C}, sample {C, A, D}: the wrapper B and the repeated A do not count
        TraceComparison.ChainOverlap overlap = comparison.chainOverlap(query, sample);
        assertThat(overlap.jaccard()).isEqualTo(2.0 / 3);
        assertThat(overlap.sharedBesideRoot()).containsExactly("c.C", "a.A");

        TraceShape rootA = chain(List.of("c.C", "a.A"), List.of(false, false), "a.A");
        assertThat(comparison.chainOverlap(query, rootA).jaccard()).isEqualTo(1.0);
        assertThat(comparison.chainOverlap(query, rootA).sharedBesideRoot()).containsExactly("c.C");

        // a chain past 16 types (counted with a set) overlaps as its short form does
        List<String> deep = new ArrayList<>(List.of("c.C", "a.A"));
        deep.addAll(Collections.nCopies(18, "d.D"));
        TraceShape deepSample = chain(deep, Collections.nCopies(20, false), "d.D");
        assertThat(comparison.chainOverlap(query, deepSample)).isEqualTo(overlap);

        TraceShape none = chain(List.of("x.X"), List.of(false), "x.X");
        assertThat(comparison.chainOverlap(query, none))
                .isEqualTo(new TraceComparison.ChainOverlap(0, List.of()));
        assertThat(comparison.chainOverlap(chain(List.of("b.B"), List.of(true), null), sample).jaccard()).isZero();
    }

    @Test
    void theNamesAMessageQuotesTellTheSameMessageAboutAnotherObjectApart() {
        String frames = "\tat org.apache.flink.table.factories.FactoryUtil.discoverFactory(FactoryUtil.java:545)\n";
        String kafka = "org.apache.flink.table.api.ValidationException: Could not find any factory for identifier "
                + "'kafka' that implements 'org.apache.flink.table.factories.DynamicTableFactory' in the classpath.\n"
                + frames;
        String jdbc = kafka.replace("'kafka'", "'jdbc'");

        TraceComparison.Result same = compare(kafka, kafka.replace("545", "600"));
        assertThat(same.get(Feature.LITERALS_SHARED)).isEqualTo(1.0);
        assertThat(same.get(Feature.LITERALS_DIFFER)).isZero();
        assertThat(same.why()).contains(new Reason(Reason.Kind.LITERALS_SHARED,
                List.of("kafka", "org.apache.flink.table.factories.dynamictablefactory")));

        // one of the two names differs: half shared, not "different"
        TraceComparison.Result half = compare(jdbc, kafka);
        assertThat(half.get(Feature.LITERALS_SHARED)).isEqualTo(0.5);
        assertThat(half.get(Feature.LITERALS_DIFFER)).isZero();

        String input = "java.lang.NumberFormatException: For input string: \"abc\"\n"
                + "\tat java.lang.NumberFormatException.forInputString(NumberFormatException.java:65)\n";
        TraceComparison.Result other = compare(input, input.replace("abc", "1-amzn-1"));
        assertThat(other.get(Feature.LITERALS_SHARED)).isZero();
        assertThat(other.get(Feature.LITERALS_DIFFER)).isEqualTo(1.0);
        assertThat(other.why()).contains(Reason.of(Reason.Kind.LITERALS_DIFFER, "abc", "1-amzn-1"));

        // nothing quoted on one side, or another failure: the names say nothing
        TraceComparison.Result unquoted = compare(input, "java.lang.NumberFormatException: null\n"
                + "\tat java.lang.Integer.parseInt(Integer.java:542)\n");
        assertThat(unquoted.get(Feature.LITERALS_SHARED)).isZero();
        assertThat(unquoted.get(Feature.LITERALS_DIFFER)).isZero();
        TraceComparison.Result otherType = compare(input, "java.io.FileNotFoundException: \"abc\"\n"
                + "\tat java.io.FileInputStream.open0(Native Method)\n");
        assertThat(otherType.get(Feature.LITERALS_SHARED)).isZero();
        assertThat(otherType.get(Feature.LITERALS_DIFFER)).isZero();
    }
}
