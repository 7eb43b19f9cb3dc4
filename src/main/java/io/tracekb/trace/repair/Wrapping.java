package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.SourceLine;
import java.util.List;

/** What the line joiners share: which lines start a new element of a trace, and how a jar suffix continues. */
final class Wrapping {
    private Wrapping() {
    }

    /** Lines that start a new element of a trace and so are never the tail of a wrapped line. */
    static boolean structural(String t) {
        return JavaSyntax.isAtLine(t) || t.startsWith("Caused by:") || t.startsWith("Suppressed:")
                || t.startsWith("...") || t.startsWith("- ") || t.startsWith("[CIRCULAR") || t.startsWith("\"")
                || t.startsWith("java.lang.Thread.State");
    }

    /** The stripped text of line {@code i}, "" past the end. */
    static String stripped(List<SourceLine> in, int i) {
        return i < in.size() ? in.get(i).text().strip() : "";
    }

    /** The next line exists, is not blank and does not start a new element: it may be a wrapped line's tail. */
    static boolean tailFollows(List<SourceLine> in, int i) {
        return i + 1 < in.size() && !in.get(i + 1).text().isBlank() && !structural(in.get(i + 1).text().strip());
    }

    /** The indentation of a line. */
    static String lead(String raw) {
        int k = 0;
        while (k < raw.length() && (raw.charAt(k) == ' ' || raw.charAt(k) == '\t')) k++;
        return raw.substring(0, k);
    }

    static int count(String s, char c) {
        int k = 0;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == c) k++;
        return k;
    }

    /** Allocation-free pre-check for {@link #jarSuffixContinues}: an unclosed '[' or a next line starting "[" / "~[". */
    static boolean mayContinueJar(String t, String next) {
        int open = t.lastIndexOf('[');
        if (open > t.lastIndexOf(')') && t.indexOf(']', open) < 0) return true;
        int k = 0;
        while (k < next.length() && (next.charAt(k) == ' ' || next.charAt(k) == '\t')) k++;
        return k < next.length() && (next.charAt(k) == '[' || next.charAt(k) == '~');
    }

    /** A valid frame whose jar suffix was cut off, or whose jar suffix went to the next line. */
    static boolean jarSuffixContinues(String t, String next) {
        if (next.isEmpty() || structural(next) || next.length() > 200) return false;
        int close = t.lastIndexOf(')');
        if (close < 0) return false;
        int open = t.lastIndexOf('[');
        if (open > close && t.indexOf(']', open) < 0) return next.indexOf(']') >= 0 && next.indexOf(' ') < 0;
        String after = t.substring(close + 1).strip();
        return (after.isEmpty() || after.equals("~")) && (next.startsWith("~[") || next.startsWith("["))
                && next.endsWith("]") && next.indexOf(' ') < 0;
    }

    /** Appends the rest of a jar suffix: glued inside an open "[…" or after "~", else after one space. */
    static String appendJarSuffix(String frame, String rest) {
        return frame.lastIndexOf('[') > frame.lastIndexOf(')') || frame.endsWith("~") ? frame + rest : frame + " " + rest;
    }
}
