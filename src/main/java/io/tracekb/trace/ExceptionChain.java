package io.tracekb.trace;

import java.util.List;

/** A cause chain, outermost first: used for suppressed exceptions, which keep their own "Caused by" chain. */
public record ExceptionChain(List<ParsedException> exceptions) {
    public ExceptionChain {
        exceptions = List.copyOf(exceptions);
    }
}
