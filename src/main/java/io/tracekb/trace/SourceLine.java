package io.tracekb.trace;

/**
 * A line of repaired text and the 0-based line of the original text it came from; {@code atFrame} caches the frame
 * parsed from an "at …" line during repair (null if not parsed), so readers do not parse it again.
 */
public record SourceLine(String text, int orig, StackFrame atFrame) {
    public SourceLine(String text, int orig) {
        this(text, orig, null);
    }
}
