package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class FrameAlignmentTest {

    final FrameAlignment fast = FrameAlignment.defaults();

    @Test
    void identicalTracesScoreOne() {
        List<String> t = List.of("a.A.x", "b.B.y", "c.C.z");
        FrameAlignment.Result r = fast.compare(t, null, t, null, k -> 0.0);
        assertThat(r.similarity()).isCloseTo(1.0, within(1e-9));
        assertThat(r.sharedFrames()).isEqualTo(3);
        assertThat(r.queryFrames()).isEqualTo(3);
    }

    @Test
    void disjointTracesScoreMinusOne() {
        FrameAlignment.Result r = fast.compare(List.of("a.A.x"), null, List.of("b.B.y"), null, k -> 0.0);
        assertThat(r.similarity()).isCloseTo(-1.0, within(1e-9));
        assertThat(r.sharedFrames()).isZero();
    }

    @Test
    void sharingTheTopFramesCountsMoreThanSharingTheBottomOnes() {
        List<String> query = List.of("app.Top.fail", "app.Mid.call", "lib.Bottom.run");
        double top = fast.compare(query, null, List.of("app.Top.fail", "x.Other.a", "y.Other.b"), null, k -> 0.0)
                .similarity();
        double bottom = fast.compare(query, null, List.of("x.Other.a", "y.Other.b", "lib.Bottom.run"), null, k -> 0.0)
                .similarity();
        assertThat(top).isGreaterThan(bottom);
    }

    @Test
    void aShiftedFrameCountsLessThanAnAlignedOne() {
        List<String> query = List.of("a.A.x", "b.B.y");
        double aligned = fast.compare(query, null, List.of("a.A.x", "b.B.y"), null, k -> 0.0).similarity();
        double shifted = fast.compare(query, null, List.of("z.Z.z", "a.A.x", "b.B.y"), null, k -> 0.0).similarity();
        assertThat(shifted).isLessThan(aligned);
    }

    @Test
    void commonFramesWeighLessThanRareOnes() {
        // the same shape twice: one shared frame on top, one unshared below; only the shared frame's rarity differs
        double sharesCommon = fast.compare(List.of("java.lang.Thread.run", "q.Q.q"), null,
                List.of("java.lang.Thread.run", "x.X.x"), null, k -> k.startsWith("java.") ? 1.0 : 0.0).similarity();
        double sharesRare = fast.compare(List.of("app.Rare.fail", "q.Q.q"), null,
                List.of("app.Rare.fail", "x.X.x"), null, k -> k.startsWith("java.") ? 1.0 : 0.0).similarity();
        assertThat(sharesRare).isGreaterThan(sharesCommon);
    }

    @Test
    void ubiquitousFramesAreNotCountedAsAligned() {
        List<String> t = List.of("app.A.x", "java.lang.Thread.run");
        FrameAlignment.Result r = fast.compare(t, List.of(false, true), t, List.of(false, true), k -> 0.0);
        assertThat(r.sharedFrames()).isEqualTo(1);
        assertThat(r.queryFrames()).isEqualTo(1);
    }

    @Test
    void anEmptySideGivesNoSimilarity() {
        assertThat(fast.compare(List.of(), null, List.of("a.A.x"), null, k -> 0.0).similarity()).isZero();
        assertThat(fast.compare(List.of("a.A.x"), null, List.of(), null, k -> 0.0).similarity()).isZero();
    }
}
