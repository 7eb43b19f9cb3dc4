package io.tracekb.signature;

/**
 * The identity of a frame for matching: class + "." + method, with generated names and shaded packages normalised.
 *
 * @param key        the normalised key
 * @param normalised what was normalised ("generated name", "shaded package", …), or null if nothing
 */
public record FrameKey(String key, String normalised) {
}
