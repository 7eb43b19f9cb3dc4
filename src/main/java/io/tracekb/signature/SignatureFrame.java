package io.tracekb.signature;

/**
 * A frame as the matcher sees it.
 *
 * @param position   0 = top of the stack, after recursion was collapsed
 * @param key        normalised class + method
 * @param kind       whose code the frame runs
 * @param ubiquitous found in nearly every trace (Thread.run, reflection, test runners…): weigh it down
 * @param partial    cut off while pasting: never a key that counts
 * @param normalised what normalisation was applied to the key, or null
 * @param raw        the frame line as pasted, for display
 */
public record SignatureFrame(int position, String key, FrameKind kind, boolean ubiquitous, boolean partial,
                             String normalised, String raw) {
}
