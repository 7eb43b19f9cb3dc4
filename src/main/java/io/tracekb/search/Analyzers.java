package io.tracekb.search;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.cjk.CJKAnalyzer;
import org.apache.lucene.analysis.cjk.CJKWidthCharFilter;
import org.apache.lucene.analysis.cn.smart.SmartChineseAnalyzer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.ja.JapaneseAnalyzer;
import org.apache.lucene.analysis.ja.JapaneseTokenizer;
import org.apache.lucene.analysis.ja.dict.UserDictionary;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.pattern.SimplePatternTokenizer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;

/**
 * The analyzers of each index field. The language of a text field is the stored language of its
 * translation, never a guess; identifiers never go through a natural-language analyzer.
 */
public final class Analyzers {

    private Analyzers() {
    }

    /** Splits identifiers on '.', '$', '_' and case changes, keeping the whole identifier as well. */
    public static Analyzer code() {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                // An automaton tokenizer: linear in the input, no backtracking.
                Tokenizer tokenizer = new SimplePatternTokenizer("[A-Za-z0-9_$.]+");
                TokenStream stream = identifierParts(tokenizer, WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS);
                return new TokenStreamComponents(tokenizer, new LowerCaseFilter(stream));
            }
        };
    }

    /**
     * An identifier's parts at case changes (plus {@code moreFlags}), the whole identifier kept, flattened: queries
     * are bags of terms and no positions are indexed, so the flat stream serves index and query alike.
     */
    private static TokenStream identifierParts(Tokenizer tokenizer, int moreFlags) {
        int flags = WordDelimiterGraphFilter.GENERATE_WORD_PARTS | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
                | WordDelimiterGraphFilter.PRESERVE_ORIGINAL | moreFlags;
        return new FlattenGraphFilter(new WordDelimiterGraphFilter(tokenizer, flags, null));
    }

    /** Japanese: Kuromoji in search mode (splits long compounds), width folding, a user dictionary of Flink terms. */
    public static Analyzer japanese() {
        return new JapaneseAnalyzer(flinkUserDictionary(), JapaneseTokenizer.Mode.SEARCH,
                JapaneseAnalyzer.getDefaultStopSet(), JapaneseAnalyzer.getDefaultStopTags());
    }

    /**
     * Latin-script words and identifiers of prose in any language, the identifiers split at case changes and
     * digits (keeping the whole, and the name without an Exception/Error suffix), lower-cased, English stop words
     * out, Porter-stemmed: "classNotFound 错误" and "TooManyOpenFiles エラー" meet "ClassNotFoundException" and "too
     * many open files". A field of its own rather than a filter inside the language analyzers: SmartCN lower-cases
     * in its tokenizer, so a case change can no longer be seen after it, and this way no identifier and no CJK text
     * goes through another analyzer than before (Kuromoji and SmartCN stay as they were). Positions are not
     * indexed and queries are bags of terms, so the flattened graph serves index and query alike.
     */
    public static Analyzer latinWords() {
        return new Analyzer() {
            @Override
            protected Reader initReader(String field, Reader reader) {
                return new CJKWidthCharFilter(reader); // full-width ＦＬＩＮＫ as flink
            }

            @Override
            protected TokenStreamComponents createComponents(String field) {
                // an automaton: linear in the input; CJK, digits-only and punctuation are skipped
                Tokenizer tokenizer = new SimplePatternTokenizer("[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*");
                TokenStream stream = identifierParts(tokenizer, WordDelimiterGraphFilter.SPLIT_ON_NUMERICS);
                stream = new IdentifierSuffixFilter(stream);
                stream = new LowerCaseFilter(stream);
                stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
                stream = new LengthFilter(stream, 2, 255); // "j" of log4j, "s" of s3: parts too short to mean anything
                return new TokenStreamComponents(tokenizer, new PorterStemFilter(stream));
            }

            @Override
            protected TokenStream normalize(String field, TokenStream in) {
                return new LowerCaseFilter(in);
            }
        };
    }

    public static Analyzer chinese() {
        return new SmartChineseAnalyzer();
    }

    public static Analyzer english() {
        return new EnglishAnalyzer();
    }

    /** Overlapping bigrams for any CJK text: a fallback that needs no dictionary. */
    public static Analyzer cjkBigrams() {
        return new CJKAnalyzer(CharArraySet.EMPTY_SET);
    }

    /** Words of a message template; the masks (<num>, <path>, ...) are stop words. */
    public static Analyzer template() {
        return new StandardAnalyzer(new CharArraySet(java.util.List.of("num", "hex", "uuid", "hash", "path", "url",
                "host", "ip", "port", "date", "time", "quoted", "id", "str", "os_message"), true));
    }

    public static Analyzer perField() {
        return new PerFieldAnalyzerWrapper(new KeywordAnalyzer(), Map.of(
                IndexFields.CODE, code(),
                IndexFields.TEMPLATE, template(),
                IndexFields.text("en"), english(),
                IndexFields.text("ja"), japanese(),
                IndexFields.text("zh"), chinese(),
                IndexFields.TEXT_CJK, cjkBigrams(),
                IndexFields.TEXT_TERMS, english(),
                IndexFields.TEXT_LATIN, latinWords(),
                IndexFields.TEXT_OTHER, new StandardAnalyzer()));
    }

    /** Analyzer for prose written in {@code lang}; the standard analyzer for languages without their own. */
    public static Analyzer forLanguage(String lang) {
        return switch (io.tracekb.incident.LanguageTags.primary(lang)) {
            case "en" -> english();
            case "ja" -> japanese();
            case "zh" -> chinese();
            default -> new StandardAnalyzer();
        };
    }

    private static UserDictionary flinkUserDictionary() {
        try (Reader r = new InputStreamReader(Analyzers.class.getResourceAsStream("/search/kuromoji-userdict.txt"),
                StandardCharsets.UTF_8)) {
            return UserDictionary.open(r);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the Kuromoji user dictionary", e);
        }
    }
}
