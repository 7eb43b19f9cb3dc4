package io.tracekb.search.ranking;

/**
 * The named evidence stage 2 computes for one (paste, incident) pair, each in [0, 1]. The learned
 * {@link RankingModel} weighs them; nothing else does. Sample-level features are those of the incident's sample
 * trace that agrees best with the paste (by the model's own sample weights).
 */
public enum Feature {
    /** Position-aware alignment of the non-ubiquitous frames (FaST), discounted below three shared frames. */
    FRAMES(true),
    /** Root-cause type agreement (1 same class, 0.8 same simple name), discounted when the messages differ. */
    ROOT_TYPE(true),
    /** Similarity of the root causes' message templates: the head clause and all words. */
    TEMPLATE(true),
    /** Jaccard overlap of the meaningful exception types of the two cause chains. */
    CHAIN(true),
    /**
     * Of the names the sample's root message quotes (quoted names, OS messages: what the template masks), the share
     * the paste's quotes too; 0 unless both quote some and the messages agree.
     */
    LITERALS_SHARED(true),
    /** 1 when both root messages quote names, agree otherwise, and share none: the same message about another object. */
    LITERALS_DIFFER(true),
    /** A frame list without exception (a stuck task) introduced by the same log line. */
    INTRODUCING_MESSAGE(true),
    /** The paste's fingerprint equals the sample's. */
    SAME_FINGERPRINT(true),
    /**
     * Root-type agreement times the rarity of the paste's root type among incidents (its idf, scaled to [0, 1]):
     * sharing MysqlDataTruncation says more than sharing RuntimeException.
     */
    ROOT_RARITY(false),
    /** Share of the incident's other samples whose root cause and message agree with the paste too. */
    OTHER_SAMPLES_AGREE(false),
    /** Share of the root message's words (weighted by rarity) that the write-up contains. */
    MESSAGE_IN_WRITE_UP(false),
    /**
     * A title (any language) contains the root cause's message lead words: 1 for a lead of six words or more, a
     * sixth per word below (three words, "For input string", name many failures).
     */
    TITLE_NAMES_ROOT_MESSAGE(false),
    /** A title contains an enclosing exception's message lead words (weighed by the lead's length, as above). */
    TITLE_NAMES_OUTER_MESSAGE(false),
    /** The pasted product version lies inside the incident's stated affected range. */
    VERSION_INSIDE(false),
    /** The pasted product version lies outside the incident's stated affected range. */
    VERSION_OUTSIDE(false),
    /** Stage 1's (Lucene's) score relative to the best candidate's, for a paste with a trace. */
    LUCENE_RELATIVE(false),
    /** 1 / (1 + stage-1 rank), for a paste with a trace. */
    LUCENE_RECIPROCAL_RANK(false),
    /** Stage 1's score relative to the best candidate's, for text without a trace. */
    TEXT_LUCENE_RELATIVE(false),
    /** 1 / (1 + stage-1 rank), for text without a trace. */
    TEXT_LUCENE_RECIPROCAL_RANK(false),
    /** 1 when the paste holds no trace: text alone sits on another base rate. */
    TEXT_ONLY(false);

    /** Whether the feature describes one sample trace (true) or the incident as a whole. */
    public final boolean perSample;

    Feature(boolean perSample) {
        this.perSample = perSample;
    }

    public static final int COUNT = values().length;
}
