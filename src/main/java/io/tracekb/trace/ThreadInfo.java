package io.tracekb.trace;

import java.util.List;

/** One thread of a thread dump. */
public record ThreadInfo(String name, String state, boolean daemon, boolean virtual, List<StackFrame> frames, int line) {
    public ThreadInfo {
        frames = List.copyOf(frames);
    }
}
