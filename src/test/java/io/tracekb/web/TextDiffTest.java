package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tracekb.web.TextDiff.Change;
import io.tracekb.web.TextDiff.Line;
import io.tracekb.web.TextDiff.Span;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextDiffTest {

    @Test
    void keptRemovedAndAddedLinesInTextOrder() {
        List<Line> d = TextDiff.diff(List.of("title", "old cause", "same", "gone"), List.of("title", "new cause", "same", "added"));
        assertThat(d).extracting(Line::kind, Line::text).containsExactly(tuple(Change.SAME, "title"),
                tuple(Change.REMOVED, "old cause"), tuple(Change.ADDED, "new cause"), tuple(Change.SAME, "same"),
                tuple(Change.REMOVED, "gone"), tuple(Change.ADDED, "added"));
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
        assertThat(d.stream().filter(l -> l.kind() != Change.SAME).toList()).extracting(Line::kind, Line::text)
                .containsExactly(tuple(Change.REMOVED, "line 19990"), tuple(Change.ADDED, "changed"));
    }

    @Test
    void aReplacedLineShowsWhichWordsChangedOnEachSide() {
        List<Line> d = TextDiff.diff(List.of("Raise taskmanager.memory.network.max to 2g before restarting."),
                List.of("Raise taskmanager.memory.network.fraction to 512m before restarting."));
        assertThat(d.get(0).spans()).containsExactly(new Span("Raise taskmanager.memory.network.", false),
                new Span("max", true), new Span(" to ", false), new Span("2g", true),
                new Span(" before restarting.", false));
        assertThat(d.get(1).spans()).containsExactly(new Span("Raise taskmanager.memory.network.", false),
                new Span("fraction", true), new Span(" to ", false), new Span("512m", true),
                new Span(" before restarting.", false));
        assertThat(d.get(1).kind()).isEqualTo(Change.ADDED);
    }

    @Test
    void spaceBetweenTwoChangedWordsIsPartOfOneChange() {
        List<Line> d = TextDiff.diff(List.of("Checkpoint fails here"), List.of("Second title here"));
        assertThat(d.get(0).spans()).containsExactly(new Span("Checkpoint fails", true), new Span(" here", false));
        assertThat(d.get(1).spans()).containsExactly(new Span("Second title", true), new Span(" here", false));
    }

    @Test
    void keptLinesAndLinesWithoutAPartnerAreOneSpan() {
        List<Line> d = TextDiff.diff(List.of("same", "gone"), List.of("same"));
        assertThat(d).containsExactly(new Line(Change.SAME, "same", List.of(new Span("same", false))),
                new Line(Change.REMOVED, "gone", List.of(new Span("gone", true))));
        List<Line> added = TextDiff.diff(List.of(), List.of("new"));
        assertThat(added.get(0).spans()).containsExactly(new Span("new", true));
    }

    @Test
    void aBlankedLineAndCjkTextAreDiffedByCharacterRuns() {
        List<Line> d = TextDiff.diff(List.of("检查点超时"), List.of(""));
        assertThat(d.get(0).spans()).containsExactly(new Span("检查点超时", true));
        assertThat(d.get(1).spans()).containsExactly(new Span("", false));
        List<Line> ja = TextDiff.diff(List.of("チェックポイントが失敗する。"), List.of("チェックポイントが失敗した。"));
        assertThat(ja.get(0).spans()).extracting(Span::changed).contains(true);
        assertThat(String.join("", ja.get(0).spans().stream().map(Span::text).toList())).isEqualTo("チェックポイントが失敗する。");
    }

    /** A word diff of two long, wholly different lines would cost their product: past the cap it is not attempted. */
    @Test
    void aHugeReplacedLineIsMarkedChangedWhole() {
        String a = "a ".repeat(TextDiff.MAX_WORDS);
        String b = "b ".repeat(TextDiff.MAX_WORDS);
        List<Line> d = TextDiff.diff(List.of(a), List.of(b));
        assertThat(d.get(0).spans()).containsExactly(new Span(a, true));
        assertThat(d.get(1).spans()).containsExactly(new Span(b, true));
    }

    @Test
    void wordsKeepEveryCharacterInOrder() {
        assertThat(TextDiff.words("a.b  c-1_x\t<é>")).containsExactly("a", ".", "b", "  ", "c", "-", "1_x", "\t",
                "<", "é", ">");
        assertThat(TextDiff.words("")).isEmpty();
        assertThat(TextDiff.words("x\uD83D\uDE00y")).containsExactly("x", "\uD83D\uDE00", "y");
    }
}
