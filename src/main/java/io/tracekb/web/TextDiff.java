package io.tracekb.web;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.DeltaType;
import java.util.ArrayList;
import java.util.Arrays;
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
            List<Line> removedRows = rows(Change.REMOVED, removed);
            List<Line> addedRows = rows(Change.ADDED, added);
            if (delta.getType() == DeltaType.CHANGE) {
                for (int i = 0; i < Math.min(removed.size(), added.size()); i++) {
                    Line[] pair = byWords(removed.get(i), added.get(i));
                    removedRows.set(i, pair[0]);
                    addedRows.set(i, pair[1]);
                }
            }
            out.addAll(removedRows);
            out.addAll(addedRows);
            kept = at + delta.getSource().size();
        }
        for (; kept < before.size(); kept++) out.add(new Line(Change.SAME, before.get(kept)));
        return out;
    }

    private static List<Line> rows(Change kind, List<String> lines) {
        List<Line> out = new ArrayList<>(lines.size());
        lines.forEach(l -> out.add(new Line(kind, l)));
        return out;
    }

    /**
     * A removed line and the added line that replaces it, each in spans, from one word diff: the words only the
     * removed line has, and those only the added line has, are changed.
     */
    static Line[] byWords(String removed, String added) {
        List<String> before = words(removed);
        List<String> after = words(added);
        if (before.size() > MAX_WORDS || after.size() > MAX_WORDS) {
            return new Line[] { new Line(Change.REMOVED, removed), new Line(Change.ADDED, added) };
        }
        boolean[] gone = new boolean[before.size()];
        boolean[] come = new boolean[after.size()];
        for (AbstractDelta<String> d : DiffUtils.diff(before, after).getDeltas()) {
            Arrays.fill(gone, d.getSource().getPosition(), d.getSource().getPosition() + d.getSource().size(),
                    true);
            Arrays.fill(come, d.getTarget().getPosition(), d.getTarget().getPosition() + d.getTarget().size(),
                    true);
        }
        return new Line[] { new Line(Change.REMOVED, removed, spans(before, gone)),
                new Line(Change.ADDED, added, spans(after, come)) };
    }

    /** The words as runs of changed and unchanged text. */
    private static List<Span> spans(List<String> words, boolean[] changed) {
        // white space between two changed words belongs to the change: one mark, not one per word
        for (int i = 1; i + 1 < words.size(); i++) {
            if (!changed[i] && changed[i - 1] && changed[i + 1] && words.get(i).isBlank()) {
                changed[i] = true;
            }
        }
        List<Span> spans = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        boolean runChanged = false;
        for (int i = 0; i < words.size(); i++) {
            if (run.length() > 0 && changed[i] != runChanged) {
                spans.add(new Span(run.toString(), runChanged));
                run.setLength(0);
            }
            runChanged = changed[i];
            run.append(words.get(i));
        }
        if (run.length() > 0 || spans.isEmpty()) {
            spans.add(new Span(run.toString(), runChanged));
        }
        return List.copyOf(spans);
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
