package io.tracekb.trace.repair;

import io.tracekb.trace.SourceLine;
import java.util.List;

/** A repair that needs the neighbouring lines: joining what was wrapped, dropping what was inserted. */
interface LinesRepair {
    Repair repair();

    /** The repaired lines, or null when there was nothing to repair. */
    List<SourceLine> undo(List<SourceLine> lines);
}
