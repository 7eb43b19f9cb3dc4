package io.tracekb.trace.repair;

import java.util.List;

/** A repair of one line that may give several lines (a filter in the chain that {@link PasteRepair} runs). */
interface LineRepair {
    Repair repair();

    /** The repaired line(s), or null when the line does not show this damage. */
    List<String> undo(String line);
}
