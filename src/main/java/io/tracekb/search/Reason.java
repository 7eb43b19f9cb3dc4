package io.tracekb.search;

import java.util.List;

/**
 * One piece of evidence behind a match: which kind of evidence contributed and the values it names (exception
 * types, counts, versions), verbatim. How to phrase it, and in which language, is for whoever shows it
 * ({@code io.tracekb.api.ReasonMessages}).
 *
 * @param kind what contributed
 * @param args the values it names, in the order documented on each {@link Kind}
 */
public record Reason(Kind kind, List<String> args) {

    public enum Kind {
        /** The paste and a sample trace have the same fingerprint. No args. */
        SAME_FINGERPRINT(0),
        /** The query's root cause is an outer exception of a sample trace (paste cut short). Args: type. */
        ROOT_CAUSE_OUTER_IN_SAMPLE(1),
        /** The sample's root cause is an outer exception of the paste (sample cut short). Args: type. */
        ROOT_CAUSE_DEEPER_IN_PASTE(1),
        /** Same root cause type and the same message template. Args: type. */
        ROOT_CAUSE_SAME_TEMPLATE(1),
        /** Same root cause type, and neither has a message. Args: type. */
        ROOT_CAUSE_NO_MESSAGE(1),
        /** Same root cause type, similar message. Args: type. */
        ROOT_CAUSE_SIMILAR_MESSAGE(1),
        /** Same root cause type, different message. Args: type. */
        ROOT_CAUSE_DIFFERENT_MESSAGE(1),
        /** Root cause types differ; the message templates are identical. No args. */
        TEMPLATE_IDENTICAL(0),
        /** Root cause types differ; the message templates are similar. No args. */
        TEMPLATE_SIMILAR(0),
        /** The root messages name the same things (quoted names, OS messages, small numbers). Args: those names. */
        LITERALS_SHARED(-1),
        /** The root messages agree but name other things. Args: the paste's first name, the sample's. */
        LITERALS_DIFFER(2),
        /** A frame list without exception, introduced by the same log line as a sample's. No args. */
        SAME_INTRODUCING_MESSAGE(0),
        /** Args: frames shared, frames of the paste. */
        FRAMES_ALIGN(2),
        /** Other exception types both chains have, besides the root cause. Args: the types, sorted (one or more). */
        CHAIN_ALSO_HAS(-1),
        /** No trace in the paste; its words occur in the write-up. No args. */
        WORDS_IN_WRITE_UP(0),
        /** The incident's title contains the root cause's message lead. Args: the lead words. */
        TITLE_NAMES_MESSAGE(1),
        /** The incident's title contains an enclosing exception's message lead. Args: the lead words. */
        TITLE_NAMES_OTHER_MESSAGE(1),
        /** The write-up contains most of the message's words. Args: percent of the words (weighted), 0..100. */
        WRITE_UP_NAMES_MESSAGE(1),
        /** Args: product (as shown), pasted version, the incident's affected versions as written. */
        VERSION_INSIDE_AFFECTED(3),
        /** Args: product (as shown), pasted version, the incident's affected versions as written. */
        VERSION_OUTSIDE_AFFECTED(3),
        /** More than one sample trace reaches the threshold. Args: samples matching, samples in all. */
        SAMPLES_MATCH(2);

        /** How many args this kind has; -1 for one or more. */
        final int arity;

        Kind(int arity) {
            this.arity = arity;
        }
    }

    public Reason {
        args = List.copyOf(args);
        if (kind.arity >= 0 ? args.size() != kind.arity : args.isEmpty()) {
            throw new IllegalArgumentException(kind + " takes " + (kind.arity < 0 ? "one or more" : kind.arity)
                    + " args, not " + args.size());
        }
    }

    /** A reason whose args are given as numbers or strings (numbers are written in plain digits). */
    public static Reason of(Kind kind, Object... args) {
        // a plain loop: this runs for every sample of every candidate, most of which are never shown
        String[] text = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            text[i] = String.valueOf(args[i]);
        }
        return new Reason(kind, List.of(text));
    }
}
