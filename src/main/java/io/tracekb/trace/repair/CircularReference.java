package io.tracekb.trace.repair;

import io.tracekb.trace.SourceLine;
import java.util.List;

/** "[CIRCULAR REFERENCE: x.Y: a long message]" wrapped over several lines, up to the line with its "]". */
final class CircularReference implements LineJoiner {
    private static final int MAX_LINES = 20;
    /** A line at least this long that every wrapped part matches in length was cut hard at a fixed width. */
    private static final int HARD_WRAP_WIDTH = 40;

    @Override
    public boolean claims(List<SourceLine> in, int i, String t) {
        return (t.startsWith("[CIRCULAR REFERENCE") || t.startsWith("Caused by: [CIRCULAR REFERENCE")) && t.indexOf(']') < 0;
    }

    @Override
    public Joined join(List<SourceLine> in, int i, String t) {
        int n = in.size();
        String raw = in.get(i).text();
        int m = 1;
        boolean hard = raw.length() >= HARD_WRAP_WIDTH;
        while (m <= MAX_LINES && i + m < n && !in.get(i + m).text().isBlank()) {
            String next = in.get(i + m).text();
            if (next.indexOf(']') >= 0) break;
            if (next.length() != raw.length()) hard = false;
            m++;
        }
        if (m > MAX_LINES || i + m >= n || in.get(i + m).text().indexOf(']') < 0) return null;
        // a hard cut keeps every character; a soft wrap turned one space into a line break
        StringBuilder b = new StringBuilder(raw.stripTrailing().length() < raw.length() && !hard ? raw.stripTrailing() : raw);
        for (int k = 1; k <= m; k++) {
            String next = in.get(i + k).text();
            b.append(hard ? next : " " + next.strip());
        }
        return new Joined(b.toString(), m);
    }
}
