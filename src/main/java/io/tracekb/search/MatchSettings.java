package io.tracekb.search;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** The matcher's settings, {@code kb.match.*} (environment {@code KB_MATCH_*}), in one place. */
@ConfigMapping(prefix = "kb.match")
public interface MatchSettings {

    /**
     * Overrides the shipped model's threshold, which was chosen on the development part of the labelled set for a
     * confident precision of 0.99 (README, Matching model).
     */
    Optional<Double> confidenceThreshold();

    RateLimit rateLimit();

    interface RateLimit {
        /** Match requests per client address and minute (a token bucket); 0 turns the limit off. */
        @WithDefault("600")
        int perMinute();
    }
}
