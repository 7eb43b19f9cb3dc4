package io.tracekb.trace;

import java.util.ArrayList;
import java.util.List;

/** An exception and its causes; a suppressed block's chain knows its indentation, which says where it ends. */
final class DraftChain {
    final List<ExceptionDraft> list = new ArrayList<>();
    final int indent;

    DraftChain(int indent) {
        this.indent = indent;
    }
}
