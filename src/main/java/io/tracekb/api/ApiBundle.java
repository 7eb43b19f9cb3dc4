package io.tracekb.api;

import io.quarkus.qute.i18n.Localized;
import io.quarkus.qute.i18n.MessageBundles;
import io.tracekb.incident.LanguageTags;
import java.util.Set;

/** The {@link ApiMessages} of a language: its translation when there is one, else English. */
public final class ApiBundle {

    /** The languages the bundle is translated into besides English. */
    static final Set<String> TRANSLATED = Set.of("ja", "zh");

    private ApiBundle() {
    }

    public static ApiMessages in(String lang) {
        String primary = LanguageTags.primary(lang);
        return TRANSLATED.contains(primary) ? MessageBundles.get(ApiMessages.class, Localized.Literal.of(primary))
                : MessageBundles.get(ApiMessages.class);
    }
}
