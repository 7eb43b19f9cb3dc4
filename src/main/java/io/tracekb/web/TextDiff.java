package io.tracekb.web;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.DeltaType;
import java.util.ArrayList;
import java.util.List;

/**
 * A line diff for revisions and for edit conflicts: java-diff-utils' Myers diff (memory linear in the input, no cap
 * on the number of lines), as rows of kept, removed and added lines. A removed line that an added line replaces
 * (the n-th of a changed block against the n-th) is also diffed by words, so that a reviewer sees which words of a
 * long paragraph changed, not only that it did.
 */
public final class TextDiff {

    public enum Change { SAME, REMOVED, ADDED }

    /** A run of a line's text, and whether the other side of the change lacks it. */
    public record Span(String text, boolean changed) {
    }

    /** @param spans the line's text in runs; concatenated they are {@code text} */
    public record Line(Change kind, String text, List<Span> spans) {
        public Line(Change kind, String text) {
            this(kind, text, List.of(new Span(text, kind != Change.SAME)));
        }

        public boolean isRemoved() {
            return kind == Change.REMOVED;
        }

        public boolean isAdded() {
            return kind == Change.ADDED;
        }
    }

    /**
     * Lines of more words than this are marked changed as a whole: a word diff costs the product of the changed
     * words in the worst case, and a line that long is not read word by word anyway.
     */
    static final int MAX_WORDS = 2_000;

    private TextDiff() {
    }

    public static List<Line> diff(List<String> before, List<String> after) {
        List<Line> out = new ArrayList<>(Math.max(before.size(), after.size()));
        int kept = 0;
        for (AbstractDelta<String> delta : DiffUtils.diff(before, after).getDeltas()) {
            int at = delta.getSource().getPosition();
            for (; kept < at; kept++) out.add(new Line(Change.SAME, before.get(kept)));
            List<String> removed = delta.getSource().getLines();
            List<String> added = delta.getTarget().getLines();
            boolean paired = delta.getType() == DeltaType.CHANGE;
            for (int i = 0; i < removed.size(); i++) {
                out.add(paired && i < added.size() ? byWords(Change.REMOVED, removed.get(i), added.get(i))
                        : new Line(Change.REMOVED, removed.get(i)));
            }
            for (int i = 0; i < added.size(); i++) {
                out.add(paired && i < removed.size() ? byWords(Change.ADDED, added.get(i), removed.get(i))
                        : new Line(Change.ADDED, added.get(i)));
            }
            kept = at + delta.getSource().size();
        }
        for (; kept < before.size(); kept++) out.add(new Line(Change.SAME, before.get(kept)));
        return out;
    }

    /** {@code line} (of kind {@code kind}) in spans: the words {@code other} lacks are changed. */
    static Line byWords(Change kind, String line, String other) {
        List<String> mine = words(line);
        List<String> theirs = words(other);
        if (mine.size() > MAX_WORDS || theirs.size() > MAX_WORDS) {
            return new Line(kind, line);
        }
        boolean[] changed = new boolean[mine.size()];
        // the diff from this side to the other: its source chunks are the words only this side has
        for (AbstractDelta<String> d : DiffUtils.diff(mine, theirs).getDeltas()) {
            for (int i = 0; i < d.getSource().size(); i++) {
                changed[d.getSource().getPosition() + i] = true;
            }
        }
        // white space between two changed words belongs to the change: one mark, not one per word
        for (int i = 1; i + 1 < mine.size(); i++) {
            if (!changed[i] && changed[i - 1] && changed[i + 1] && mine.get(i).isBlank()) {
                changed[i] = true;
            }
        }
        List<Span> spans = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        boolean runChanged = false;
        for (int i = 0; i < mine.size(); i++) {
            if (run.length() > 0 && changed[i] != runChanged) {
                spans.add(new Span(run.toString(), runChanged));
                run.setLength(0);
            }
            runChanged = changed[i];
            run.append(mine.get(i));
        }
        if (run.length() > 0 || spans.isEmpty()) {
            spans.add(new Span(run.toString(), runChanged));
        }
        return new Line(kind, line, List.copyOf(spans));
    }

    /** A line as words (letters, digits, '_'), runs of white space, and single other characters, in order. */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            int start = i;
            char c = line.charAt(i);
            if (Character.isLetterOrDigit(c) || c == '_') {
                while (i < line.length() && (Character.isLetterOrDigit(line.charAt(i)) || line.charAt(i) == '_')) i++;
            } else if (Character.isWhitespace(c)) {
                while (i < line.length() && Character.isWhitespace(line.charAt(i))) i++;
            } else {
                i += Character.charCount(line.codePointAt(i));
            }
            out.add(line.substring(start, i));
        }
        return out;
    }

    public static boolean hasChanges(List<Line> diff) {
        return diff.stream().anyMatch(l -> l.kind() != Change.SAME);
    }
}
