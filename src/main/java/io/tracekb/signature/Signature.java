package io.tracekb.signature;

import io.tracekb.trace.TraceKind;

import java.util.List;
import java.util.Map;

/**
 * The signature of one trace: what the matcher compares.
 *
 * @param language          language of the trace
 * @param kind              kind of the trace
 * @param exceptionTypes    the cause chain's types, outermost first
 * @param wrappers          for each exception of the chain, why it is a wrapper, or null
 * @param rootCauseIndex    index of the root cause in {@code exceptionTypes}, -1 if none
 * @param rootCauseType     type of the root cause (null for a frame list / dump)
 * @param rootCauseMessage  message of the root cause
 * @param rootCauseTemplate message template of the root cause (variable parts masked, line breaks read as spaces)
 * @param masked            what the template masked
 * @param frameSourceIndex  index of the exception whose frames are in {@code frames}: the root cause, or the nearest
 *                          enclosing one that has frames
 * @param frames            frames of that exception, top first, recursion collapsed (from the first 128 raw frames)
 * @param outermostFrames   the top (at most 64) frames of the outermost exception (empty when it is the frame source)
 * @param topFrameKeys      the meaningful frame keys that went into the fingerprint (at most 5)
 * @param versions          component → version from jar suffixes
 * @param jdk               JDK version hint or null
 * @param fingerprint       32 hex digits: the first 16 bytes of SHA-256 over root-cause type, template, top keys
 * @param components        the explanation tree
 * @param causeCutOff       why the chain ends before the exception that names the failure (its last one only reports
 *                          a cause that is not there), or null
 */
public record Signature(io.tracekb.trace.TraceLanguage language, TraceKind kind, List<String> exceptionTypes, List<String> wrappers,
                        int rootCauseIndex, String rootCauseType, String rootCauseMessage, String rootCauseTemplate,
                        List<MaskedSpan> masked, int frameSourceIndex, List<SignatureFrame> frames,
                        List<SignatureFrame> outermostFrames, List<String> topFrameKeys, Map<String, String> versions,
                        String jdk, String fingerprint, List<SignatureComponent> components, String causeCutOff) {
    public Signature {
        exceptionTypes = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(exceptionTypes));
        wrappers = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(wrappers));
        masked = List.copyOf(masked);
        frames = List.copyOf(frames);
        outermostFrames = List.copyOf(outermostFrames);
        topFrameKeys = List.copyOf(topFrameKeys);
        versions = Map.copyOf(versions);
        components = List.copyOf(components);
    }
}
