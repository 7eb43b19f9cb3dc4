package io.tracekb.signature;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Operating-system messages in Chinese and Japanese, back in English. A JVM started in such a locale prints glibc's
 * translations where java.io and java.net quote the system ({@code java.io.IOException: 打开的文件过多},
 * {@code (没有那个文件或目录)}, {@code java.net.ConnectException: 拒绝连接 (Connection refused)}); the samples and
 * write-ups quote the English. The table is data: {@code signature/system-messages.tsv}.
 */
public final class SystemMessages {

    /** One localised form and its English original. */
    public record Translation(String localised, String english) {
    }

    private static final List<Translation> TABLE = load("/signature/system-messages.tsv");

    private SystemMessages() {
    }

    /** Every localised form, longest first (so that a longer form wins over a shorter one it contains). */
    public static List<Translation> table() {
        return TABLE;
    }

    /**
     * {@code message} with every localised system message replaced by its English original; a JDK that already
     * appends the original in brackets ({@code 拒绝连接 (Connection refused)}) keeps it once.
     */
    public static String inEnglish(String message) {
        if (message == null || message.chars().allMatch(c -> c < 0x80)) {
            return message;
        }
        String out = message;
        for (Translation t : TABLE) {
            if (out.contains(t.localised())) {
                out = out.replace(t.localised() + " (" + t.english() + ")", t.english())
                        .replace(t.localised(), t.english());
            }
        }
        return out;
    }

    private static List<Translation> load(String resource) {
        List<Translation> out = new ArrayList<>();
        for (String[] row : TsvTable.rows(resource, 3)) { // english, zh, ja; variants separated by |
            for (int i = 1; i < 3; i++) {
                for (String form : row[i].split("\\|")) {
                    out.add(new Translation(form.strip(), row[0].strip()));
                }
            }
        }
        out.sort(Comparator.comparingInt((Translation t) -> -t.localised().length()));
        return List.copyOf(out);
    }
}
