package io.tracekb.incident;

import java.time.Instant;

/**
 * A translation written before its original last changed: it may be out of date.
 *
 * @param sinceRevision the revision that changed the original after this translation was last written
 * @param since         when that revision was saved
 */
public record StaleTranslation(String slug, String lang, String title, String originalLanguage, int sinceRevision,
        Instant since) {
}
