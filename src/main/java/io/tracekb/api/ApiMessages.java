package io.tracekb.api;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * What the API and the chat commands say, in English here and in messages/api_ja.properties and api_zh.properties
 * (the pages have their own bundle, {@code io.tracekb.web.Messages}). The English wording of reasons and hints is
 * what the API has always answered: bots may match on it.
 */
@MessageBundle(value = "api", locale = "en")
public interface ApiMessages {

    // ---- why a result matched (one per Reason.Kind)

    @Message("same fingerprint as a sample trace")
    String reason_same_fingerprint();

    @Message("root cause {type} is an outer exception of a sample trace (the paste may stop before its root cause)")
    String reason_root_cause_outer_in_sample(String type);

    @Message("root cause {type} is deeper in the paste than in a sample trace (the sample stops before it)")
    String reason_root_cause_deeper_in_paste(String type);

    @Message("root cause {type} with the same message template")
    String reason_root_cause_same_template(String type);

    @Message("root cause {type} (no message), as in a sample trace")
    String reason_root_cause_no_message(String type);

    @Message("root cause {type}, similar message")
    String reason_root_cause_similar_message(String type);

    @Message("root cause {type}, different message")
    String reason_root_cause_different_message(String type);

    @Message("message template identical to a sample trace")
    String reason_template_identical();

    @Message("message template similar to a sample trace")
    String reason_template_similar();

    @Message("introduced by the same log message as a sample's frames")
    String reason_same_introducing_message();

    @Message("{aligned} of {total} frames align")
    String reason_frames_align(String aligned, String total);

    @Message("exception chain also has {types}")
    String reason_chain_also_has(String types);

    /** Between the exception types of {@link #reason_chain_also_has}. */
    @Message(", ")
    String list_separator();

    @Message("the words of the paste occur in the write-up")
    String reason_words_in_write_up();

    @Message("its title names the message (\"{message}\")")
    String reason_title_names_message(String message);

    @Message("its title names a message of the paste (\"{message}\")")
    String reason_title_names_other_message(String message);

    @Message("the write-up names the message ({percent}% of its words)")
    String reason_write_up_names_message(String percent);

    @Message("{component} {version} is inside the affected versions ({range})")
    String reason_version_inside_affected(String component, String version, String range);

    @Message("{component} {version} is outside the affected versions ({range})")
    String reason_version_outside_affected(String component, String version, String range);

    @Message("the message names the same: {names}")
    String reason_literals_shared(String names);

    @Message("the message names {pasted}, the sample trace's {sample}")
    String reason_literals_differ(String pasted, String sample);

    @Message("{matching} of {total} sample traces match")
    String reason_samples_match(String matching, String total);

    // ---- advice about the paste (one per HintCode)

    @Message("No stack trace was recognised; the text was searched as free text.")
    String hint_no_trace_found();

    @Message("The paste holds several traces; the one that looks like the final failure was used.")
    String hint_several_traces();

    @Message("The trace is cut off before its root cause: paste the whole trace, including every \"Caused by:\".")
    String hint_truncated_before_root_cause();

    @Message("The paste is longer than the limit; only its beginning was read.")
    String hint_input_truncated_at_limit();

    @Message("The paste was damaged (line breaks, escaping or prefixes) and was repaired before matching.")
    String hint_repaired_damage();

    @Message("This is a thread dump, not an exception; frames of its threads were used.")
    String hint_thread_dump();

    // ---- chat commands

    @Message("Paste a stack trace after the command.")
    String slash_usage();
}
