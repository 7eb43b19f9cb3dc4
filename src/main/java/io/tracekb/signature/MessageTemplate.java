package io.tracekb.signature;

import java.util.List;

/** A message with its variable parts masked ({@code Size=<num>}), and what was masked. */
public record MessageTemplate(String template, List<MaskedSpan> masked) {
    public MessageTemplate {
        masked = List.copyOf(masked);
    }
}
