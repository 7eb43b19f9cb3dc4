package io.tracekb.web;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;

/**
 * A line diff for revisions and for edit conflicts: java-diff-utils' Myers diff (memory linear in the input, no cap
 * on the number of lines), as rows of kept, removed and added lines.
 */
public final class TextDiff {

    public enum Change { SAME, REMOVED, ADDED }

    public record Line(Change kind, String text) {
        public boolean isRemoved() {
            return kind == Change.REMOVED;
        }

        public boolean isAdded() {
            return kind == Change.ADDED;
        }
    }

    private TextDiff() {
    }

    public static List<Line> diff(List<String> before, List<String> after) {
        List<Line> out = new ArrayList<>(Math.max(before.size(), after.size()));
        int kept = 0;
        for (AbstractDelta<String> delta : DiffUtils.diff(before, after).getDeltas()) {
            int at = delta.getSource().getPosition();
            for (; kept < at; kept++) out.add(new Line(Change.SAME, before.get(kept)));
            delta.getSource().getLines().forEach(l -> out.add(new Line(Change.REMOVED, l)));
            delta.getTarget().getLines().forEach(l -> out.add(new Line(Change.ADDED, l)));
            kept = at + delta.getSource().size();
        }
        for (; kept < before.size(); kept++) out.add(new Line(Change.SAME, before.get(kept)));
        return out;
    }

    public static boolean hasChanges(List<Line> diff) {
        return diff.stream().anyMatch(l -> l.kind() != Change.SAME);
    }
}
