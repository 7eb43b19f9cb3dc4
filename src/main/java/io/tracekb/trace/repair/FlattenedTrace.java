package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import java.util.ArrayList;
import java.util.List;

/** Cuts a trace flattened onto one line before " at x.y.Z.m(", " Caused by: ", " ... N more", etc. */
final class FlattenedTrace implements LineRepair {
    @Override
    public Repair repair() {
        return Repair.FLATTENED;
    }

    @Override
    public List<String> undo(String line) {
        List<String> pieces = unflatten(line);
        return pieces.size() > 1 ? pieces : null;
    }

    static List<String> unflatten(String line) {
        if (line.length() < 24 || !twoFrameStarts(line)) return List.of(line);
        List<Integer> cuts = new ArrayList<>();
        int frames = 0;
        int n = line.length();
        for (int i = 1; i < n - 4; i++) {
            char c = line.charAt(i);
            if (c != ' ' && c != '\t') continue;
            char p = line.charAt(i - 1);
            if (p == ' ' || p == '\t') continue; // cut at the first whitespace of a run only
            int j = i;
            while (j < n && (line.charAt(j) == ' ' || line.charAt(j) == '\t')) j++;
            if (j >= n) break;
            if (line.startsWith("at ", j) && frameAhead(line, j + 3)) {
                cuts.add(i);
                frames++;
            } else if (line.startsWith("Caused by: ", j) || line.startsWith("Suppressed: ", j)
                    || line.startsWith("[CIRCULAR REFERENCE", j)
                    || (line.startsWith("... ", j) && JavaSyntax.parseMore(line.substring(j, Math.min(n, j + 40))) >= 0)) {
                cuts.add(i);
            }
        }
        if (frames < 2) return List.of(line);
        List<String> out = new ArrayList<>(cuts.size() + 1);
        int st = 0;
        for (int cut : cuts) {
            out.add(line.substring(st, cut));
            int k = cut;
            while (k < n && (line.charAt(k) == ' ' || line.charAt(k) == '\t')) k++;
            st = k;
        }
        out.add(line.substring(st));
        // keep frames indented like the JVM prints them
        for (int k = 1; k < out.size(); k++) {
            String s = out.get(k);
            if (s.startsWith("at ") || s.startsWith("... ")) out.set(k, "\t" + s);
        }
        return out;
    }

    /** Cheap pre-check: " at " / "\tat " occurs at least twice after the line's first character. */
    private static boolean twoFrameStarts(String line) {
        int a = nextAt(line, 1);
        return a >= 0 && nextAt(line, a + 3) >= 0;
    }

    private static int nextAt(String line, int from) {
        int a = line.indexOf("at ", from);
        while (a > 0) {
            char p = line.charAt(a - 1);
            if (p == ' ' || p == '\t') return a;
            a = line.indexOf("at ", a + 1);
        }
        return -1;
    }

    /** An identifier with a dot followed by "(" before any whitespace. */
    private static boolean frameAhead(String s, int i) {
        int n = s.length();
        int limit = Math.min(n, i + 500);
        boolean dot = false;
        if (i >= n || !(Character.isJavaIdentifierStart(s.charAt(i)))) return false;
        for (int k = i; k < limit; k++) {
            char c = s.charAt(k);
            if (c == '(') return dot;
            if (c == '.') dot = true;
            else if (Character.isWhitespace(c)) return false;
        }
        return false;
    }
}
