package io.tracekb.trace;

/** A trace read by one reader and the index of the first (repaired) line after it. */
record ReadResult(ParsedTrace trace, int end) {
}
