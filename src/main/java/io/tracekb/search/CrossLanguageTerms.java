package io.tracekb.search;

import io.tracekb.signature.SystemMessages;
import io.tracekb.signature.TsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The field's core terms in English, Japanese and Chinese, expanded at query time so that a question asked in one
 * language finds an incident written in another. The glossary is data ({@code search/cross-language-terms.tsv});
 * the operating-system messages of {@link SystemMessages} join it, so that a question quoting
 * "打开的文件过多" is searched with "too many open files" too.
 */
final class CrossLanguageTerms {

    static final List<List<String>> GROUPS = load("/search/cross-language-terms.tsv");

    private CrossLanguageTerms() {
    }

    /** The other-language forms of every core term that occurs in {@code text}. */
    static List<String> expand(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (List<String> group : GROUPS) {
            boolean present = false;
            for (String term : group) {
                if (lower.contains(term)) {
                    present = true;
                    break;
                }
            }
            if (present) {
                for (String term : group) {
                    if (!lower.contains(term)) {
                        out.add(term);
                    }
                }
            }
        }
        return out;
    }

    private static List<List<String>> load(String resource) {
        List<List<String>> groups = new ArrayList<>();
        for (String[] row : TsvTable.rows(resource, 3)) { // english, ja, zh; variants separated by |
            List<String> group = new ArrayList<>();
            for (String column : row) {
                for (String term : column.split("\\|")) {
                    group.add(term.strip().toLowerCase(Locale.ROOT));
                }
            }
            groups.add(List.copyOf(group));
        }
        Map<String, List<String>> messages = new LinkedHashMap<>();
        for (SystemMessages.Translation t : SystemMessages.table()) {
            String english = t.english().toLowerCase(Locale.ROOT);
            messages.computeIfAbsent(english, e -> new ArrayList<>(List.of(e))).add(t.localised());
        }
        messages.values().forEach(g -> groups.add(List.copyOf(g)));
        return List.copyOf(groups);
    }
}
