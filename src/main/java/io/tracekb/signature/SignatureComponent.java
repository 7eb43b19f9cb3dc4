package io.tracekb.signature;

import java.util.List;

/**
 * One part of a signature and whether it counted toward the fingerprint (after Sentry's grouping components).
 *
 * @param id          stable identifier, e.g. "root-cause-type", "frame[3]"
 * @param label       what the part is, e.g. "exception", "frame", "masked number"
 * @param value       its value, e.g. a type, a frame key, a message template
 * @param contributes whether it went into the fingerprint
 * @param reason      why not (or what was normalised); null when there is nothing to say
 * @param children    sub-parts
 */
public record SignatureComponent(String id, String label, String value, boolean contributes, String reason,
                                 List<SignatureComponent> children) {
    public SignatureComponent {
        children = children == null ? List.of() : List.copyOf(children);
    }

    public static SignatureComponent leaf(String id, String label, String value, boolean contributes, String reason) {
        return new SignatureComponent(id, label, value, contributes, reason, List.of());
    }
}
