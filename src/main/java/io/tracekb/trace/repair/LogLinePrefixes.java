package io.tracekb.trace.repair;

import io.tracekb.trace.LogPrefixes;
import java.util.List;

/** Removes what a logger puts before each line (timestamp, level, thread, logger; Maven's "[ERROR] ", …). */
final class LogLinePrefixes implements LineRepair {
    @Override
    public Repair repair() {
        return Repair.LOG_PREFIXES;
    }

    @Override
    public List<String> undo(String line) {
        int start = LogPrefixes.contentStart(line);
        return start > 0 ? List.of(line.substring(start)) : null;
    }
}
