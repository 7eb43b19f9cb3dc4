package io.tracekb.web;

import java.util.ArrayList;
import java.util.List;

/** A line diff (longest common subsequence), for revisions and for edit conflicts. */
public final class TextDiff {

    /** Above this many lines per side the quadratic table gets too big; the rest is shown as removed/added. */
    static final int MAX_LINES = 2000;

    public enum Kind { SAME, REMOVED, ADDED }

    public record Line(Kind kind, String text) {
        public boolean isRemoved() {
            return kind == Kind.REMOVED;
        }

        public boolean isAdded() {
            return kind == Kind.ADDED;
        }
    }

    private TextDiff() {
    }

    public static List<Line> diff(List<String> before, List<String> after) {
        List<String> a = before.size() > MAX_LINES ? before.subList(0, MAX_LINES) : before;
        List<String> b = after.size() > MAX_LINES ? after.subList(0, MAX_LINES) : after;
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Line> out = new ArrayList<>();
        int i = 0, j = 0;
        while (i < a.size() && j < b.size()) {
            if (a.get(i).equals(b.get(j))) {
                out.add(new Line(Kind.SAME, a.get(i)));
                i++;
                j++;
            } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
                out.add(new Line(Kind.REMOVED, a.get(i++)));
            } else {
                out.add(new Line(Kind.ADDED, b.get(j++)));
            }
        }
        while (i < a.size()) {
            out.add(new Line(Kind.REMOVED, a.get(i++)));
        }
        while (j < b.size()) {
            out.add(new Line(Kind.ADDED, b.get(j++)));
        }
        before.subList(a.size(), before.size()).forEach(l -> out.add(new Line(Kind.REMOVED, l)));
        after.subList(b.size(), after.size()).forEach(l -> out.add(new Line(Kind.ADDED, l)));
        return out;
    }

    public static boolean hasChanges(List<Line> diff) {
        return diff.stream().anyMatch(l -> l.kind() != Kind.SAME);
    }
}
