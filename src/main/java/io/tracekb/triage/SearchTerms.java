package io.tracekb.triage;

import java.util.ArrayList;
import java.util.List;

/**
 * What to search the public trackers for: the root cause's simple type name and a run of fixed words of its
 * message template (the words between the masked parts) as an exact phrase: the first run of three words or more,
 * since a message's opening is what reports quote, else the longest of two; or, for text without a trace, its
 * first line's first words.
 *
 * @param typeName the root cause's simple name, e.g. "ValidationException", or null
 * @param phrase   words to look for, or null
 * @param exact    the phrase is a message's literal words (search it in quotes)
 */
public record SearchTerms(String typeName, String phrase, boolean exact) {

    static final int MAX_WORDS = 10;
    static final int MAX_FREE_TEXT_CHARS = 60;

    /** Characters that mean something to one of the trackers' query languages; never part of a phrase. */
    private static final String SPECIAL = "\"'`\\+-&|!(){}[]^~*?:;,.=<>/#@$%_";

    public boolean isEmpty() {
        return typeName == null && phrase == null;
    }

    /** From a root cause's type and message template ({@code <name>} marks a masked part); null when neither. */
    public static SearchTerms ofTrace(String rootCauseType, String template) {
        String name = simpleName(rootCauseType);
        String phrase = null;
        if (template != null) {
            List<String> best = List.of();
            for (String run : template.split("<[^<>]*>")) {
                List<String> words = words(run);
                if (words.size() >= 3) {
                    best = words;
                    break;
                }
                if (words.size() > best.size()) {
                    best = words;
                }
            }
            if (best.size() >= 2) {
                phrase = String.join(" ", best.subList(0, Math.min(MAX_WORDS, best.size())));
            }
        }
        return name == null && phrase == null ? null : new SearchTerms(name, phrase, true);
    }

    /** From text without a trace: its first non-blank line, cut at a word's end. */
    public static SearchTerms ofText(String text) {
        String first = text == null ? "" : text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst()
                .orElse("");
        String cleaned = String.join(" ", words(first));
        if (cleaned.length() > MAX_FREE_TEXT_CHARS) {
            int cut = cleaned.lastIndexOf(' ', MAX_FREE_TEXT_CHARS);
            cleaned = cleaned.substring(0, cut > 0 ? cut : MAX_FREE_TEXT_CHARS);
        }
        return cleaned.isEmpty() ? null : new SearchTerms(null, cleaned, false);
    }

    /** The query in the plain syntax the trackers share: the type name, then the phrase (quoted when exact). */
    public String query() {
        List<String> parts = new ArrayList<>();
        if (typeName != null) {
            parts.add(typeName);
        }
        if (phrase != null) {
            parts.add(exact ? "\"" + phrase + "\"" : phrase);
        }
        return String.join(" ", parts);
    }

    static String simpleName(String type) {
        if (type == null || type.isBlank()) {
            return null;
        }
        String s = type.substring(type.lastIndexOf('.') + 1);
        s = s.substring(s.lastIndexOf('$') + 1);
        return s.chars().allMatch(Character::isJavaIdentifierPart) && !s.isEmpty() ? s : null;
    }

    /** Joiners kept inside a word ("doesn't", "server-id", "flink-conf.yaml"), spaces elsewhere. */
    private static final String INNER = "'-._/";

    /** The words of a run, the trackers' special characters taken as spaces. */
    static List<String> words(String run) {
        StringBuilder b = new StringBuilder(run.length());
        for (int i = 0; i < run.length(); i++) {
            char c = run.charAt(i);
            boolean inner = INNER.indexOf(c) >= 0 && i > 0 && i + 1 < run.length()
                    && Character.isLetterOrDigit(run.charAt(i - 1)) && Character.isLetterOrDigit(run.charAt(i + 1));
            b.append(!inner && (SPECIAL.indexOf(c) >= 0 || Character.isISOControl(c)) ? ' ' : c);
        }
        List<String> out = new ArrayList<>();
        for (String w : b.toString().strip().split("\\s+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }
}
