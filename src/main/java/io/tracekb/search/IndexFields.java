package io.tracekb.search;

import io.tracekb.incident.LanguageTags;
import java.util.List;

/** Names of the Lucene fields; one incident is one document. */
public final class IndexFields {

    /** Bumped whenever fields or analyzers change: an index written with another version is rebuilt. */
    public static final String SCHEMA_VERSION = "13"; // 13: samples that are logged messages have shapes
    public static final String SCHEMA_KEY = "tracekb.schema";

    public static final String ID = "id";
    public static final String SLUG = "slug";
    /** Doc values of the id and the version: the start-up comparison reads 100k of them in milliseconds. */
    public static final String ID_COLUMN = "id_column";
    public static final String VERSION_COLUMN = "version_column";
    /** Exception types of every sample trace's cause chain (keyword). */
    public static final String EXCEPTION = "exception";
    /** Root-cause types (keyword). */
    public static final String ROOT = "root";
    /** Normalised frame keys, class + method (keyword). */
    public static final String FRAME = "frame";
    public static final String FINGERPRINT = "fingerprint";
    /** Component names from jar suffixes (keyword). */
    public static final String COMPONENT = "component";
    /** Identifiers split on '.', '$' and camelCase, for partial class matches. */
    public static final String CODE = "code";
    /** Words of root-cause message templates. */
    public static final String TEMPLATE = "template";
    public static final String TEXT_CJK = "text_cjk";
    public static final String TEXT_OTHER = "text_other";
    /** The English write-up (or every language when it has none), analyzed as English: message coverage. */
    public static final String TEXT_TERMS = "text_terms";
    /** Latin words and split identifiers of the write-ups in every language (see {@link Analyzers#latinWords()}). */
    public static final String TEXT_LATIN = "text_latin";
    /** Stored: the incident's titles in every language, one per line, lower-cased: does a title name the message? */
    public static final String TITLES = "titles";
    /** Stored: the incident's product and its affected versions as written, for "version inside the range" reasons. */
    public static final String PRODUCT = "product";
    public static final String AFFECTED_VERSIONS = "affected_versions";
    /** Stored: the sample traces' signatures, for the structural rerank. */
    public static final String TRACES = "traces";
    /** Stored: titles and fixes as JSON, what a match answer shows (see {@link IndexedCards}). */
    public static final String CARD = "card";

    /** Languages with an analyzer of their own; others go to {@link #TEXT_OTHER}. */
    public static final List<String> ANALYZED_LANGUAGES = List.of("en", "ja", "zh");

    private IndexFields() {
    }

    public static String text(String lang) {
        String primary = LanguageTags.primary(lang);
        return ANALYZED_LANGUAGES.contains(primary) ? "text_" + primary : TEXT_OTHER;
    }
}
