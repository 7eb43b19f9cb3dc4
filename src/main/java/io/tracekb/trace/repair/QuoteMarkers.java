package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.LogPrefixes;
import java.util.List;

/** Removes a mail reply's "> ", ">> ", "> > " or a Markdown heading's "#### " before a trace line. */
final class QuoteMarkers implements LineRepair {
    @Override
    public Repair repair() {
        return Repair.QUOTE_MARKERS;
    }

    @Override
    public List<String> undo(String line) {
        int end = markerEnd(line);
        return end > 0 ? List.of(line.substring(end)) : null;
    }

    /**
     * The offset after the markers and one space, so that a frame keeps its own indentation. 0 when the line has no
     * markers, or when what follows them is not a trace line: quoted prose and headings keep theirs.
     */
    static int markerEnd(String line) {
        int n = line.length();
        int i = 0;
        while (i < n && line.charAt(i) == ' ') i++;
        if (i >= n || (line.charAt(i) != '>' && line.charAt(i) != '#')) return 0;
        int end = -1;
        // "> > > ", ">> ", "#### ": marker runs, each followed by a space or a tab; at most a few levels
        for (int levels = 0; levels < 8 && i < n && (line.charAt(i) == '>' || line.charAt(i) == '#'); levels++) {
            char marker = line.charAt(i);
            int run = i;
            while (i < n && i - run < 8 && line.charAt(i) == marker) i++;
            if (i >= n || (line.charAt(i) != ' ' && line.charAt(i) != '\t')) return 0; // "#include", ">>="
            end = line.charAt(i) == ' ' ? i + 1 : i;
            i++;
            while (i < n && line.charAt(i) == ' ') i++;
        }
        String rest = line.substring(end);
        rest = rest.substring(LogPrefixes.contentStart(rest)).strip();
        if (JavaSyntax.startsWithAt(rest) || rest.startsWith("Caused by:") || rest.startsWith("Suppressed:")
                || JavaSyntax.parseMore(rest) >= 0) {
            return end;
        }
        // only a qualified exception type: "# Note: ..." and "# state.backend: rocksdb" in a quoted config file
        // read like weaker headers
        JavaSyntax.Header header = JavaSyntax.parseHeader(rest, false);
        return header != null && header.strength() == JavaSyntax.Strength.STRONG ? end : 0;
    }
}
