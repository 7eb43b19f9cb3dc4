package io.tracekb.trace;

import java.util.ArrayList;
import java.util.List;

/** An exception while it is being read: its frames, causes and suppressed blocks are added line by line. */
final class ExceptionDraft {
    final String type;
    String message;
    final int line;
    final List<StackFrame> frames = new ArrayList<>();
    final List<DraftChain> suppressed = new ArrayList<>();
    int omitted;
    boolean circular;
    boolean truncated;
    List<StackFrame> restored;
    int restoredCount;

    ExceptionDraft(String type, String message, int line) {
        this.type = type;
        this.message = message;
        this.line = line;
    }
}
