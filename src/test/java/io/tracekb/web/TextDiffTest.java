package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.web.TextDiff.Change;
import io.tracekb.web.TextDiff.Line;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextDiffTest {

    @Test
    void keptRemovedAndAddedLinesInTextOrder() {
        List<Line> d = TextDiff.diff(List.of("title", "old cause", "same", "gone"), List.of("title", "new cause", "same", "added"));
        assertThat(d).containsExactly(new Line(Change.SAME, "title"), new Line(Change.REMOVED, "old cause"),
                new Line(Change.ADDED, "new cause"), new Line(Change.SAME, "same"), new Line(Change.REMOVED, "gone"),
                new Line(Change.ADDED, "added"));
        assertThat(TextDiff.hasChanges(d)).isTrue();
    }

    @Test
    void emptySidesAndNoChange() {
        assertThat(TextDiff.diff(List.of(), List.of("a"))).containsExactly(new Line(Change.ADDED, "a"));
        assertThat(TextDiff.diff(List.of("a"), List.of())).containsExactly(new Line(Change.REMOVED, "a"));
        assertThat(TextDiff.diff(List.of(), List.of())).isEmpty();
        assertThat(TextDiff.hasChanges(TextDiff.diff(List.of("a", "b"), List.of("a", "b")))).isFalse();
    }

    /** The old table diff gave up after 2,000 lines and showed the rest as removed and added; Myers has no cap. */
    @Test
    void aLongTextWithOneChangeNearTheEndShowsOnlyThatChange() {
        List<String> before = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) before.add("line " + i);
        List<String> after = new ArrayList<>(before);
        after.set(19_990, "changed");

        List<Line> d = TextDiff.diff(before, after);

        assertThat(d).hasSize(20_001);
        assertThat(d.stream().filter(l -> l.kind() != Change.SAME).toList())
                .containsExactly(new Line(Change.REMOVED, "line 19990"), new Line(Change.ADDED, "changed"));
    }
}
