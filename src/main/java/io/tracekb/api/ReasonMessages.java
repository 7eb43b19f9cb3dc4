package io.tracekb.api;

import io.tracekb.search.Reason;
import java.util.List;

/**
 * Why a result matched, in the asker's language (English for languages without a translation), from the
 * {@link ApiMessages} bundle. The values a reason names (exception types, versions, counts, the pasted words) are
 * shown verbatim.
 */
public final class ReasonMessages {

    private ReasonMessages() {
    }

    public static List<String> messages(List<Reason> reasons, String lang) {
        return messages(reasons, ApiBundle.in(lang));
    }

    /** With the bundle looked up once for a whole answer. */
    public static List<String> messages(List<Reason> reasons, ApiMessages m) {
        return reasons.stream().map(r -> message(r, m)).toList();
    }

    public static String message(Reason reason, String lang) {
        return message(reason, ApiBundle.in(lang));
    }

    private static String message(Reason r, ApiMessages m) {
        List<String> a = r.args();
        return switch (r.kind()) {
            case SAME_FINGERPRINT -> m.reason_same_fingerprint();
            case ROOT_CAUSE_OUTER_IN_SAMPLE -> m.reason_root_cause_outer_in_sample(a.get(0));
            case ROOT_CAUSE_DEEPER_IN_PASTE -> m.reason_root_cause_deeper_in_paste(a.get(0));
            case ROOT_CAUSE_SAME_TEMPLATE -> m.reason_root_cause_same_template(a.get(0));
            case ROOT_CAUSE_NO_MESSAGE -> m.reason_root_cause_no_message(a.get(0));
            case ROOT_CAUSE_SIMILAR_MESSAGE -> m.reason_root_cause_similar_message(a.get(0));
            case ROOT_CAUSE_DIFFERENT_MESSAGE -> m.reason_root_cause_different_message(a.get(0));
            case TEMPLATE_IDENTICAL -> m.reason_template_identical();
            case TEMPLATE_SIMILAR -> m.reason_template_similar();
            case LITERALS_SHARED -> m.reason_literals_shared(String.join(m.list_separator(), a));
            case LITERALS_DIFFER -> m.reason_literals_differ(a.get(0), a.get(1));
            case SAME_INTRODUCING_MESSAGE -> m.reason_same_introducing_message();
            case FRAMES_ALIGN -> m.reason_frames_align(a.get(0), a.get(1));
            case CHAIN_ALSO_HAS -> m.reason_chain_also_has(String.join(m.list_separator(), a));
            case WORDS_IN_WRITE_UP -> m.reason_words_in_write_up();
            case TITLE_NAMES_MESSAGE -> m.reason_title_names_message(a.get(0));
            case TITLE_NAMES_OTHER_MESSAGE -> m.reason_title_names_other_message(a.get(0));
            case WRITE_UP_NAMES_MESSAGE -> m.reason_write_up_names_message(a.get(0));
            case VERSION_INSIDE_AFFECTED -> m.reason_version_inside_affected(a.get(0), a.get(1), a.get(2));
            case VERSION_OUTSIDE_AFFECTED -> m.reason_version_outside_affected(a.get(0), a.get(1), a.get(2));
            case SAMPLES_MATCH -> m.reason_samples_match(a.get(0), a.get(1));
        };
    }
}
