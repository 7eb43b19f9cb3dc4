package io.tracekb.signature;

/** A variable part of a message that the template replaced: which pattern, and the original text. */
public record MaskedSpan(String pattern, String original) {
}
