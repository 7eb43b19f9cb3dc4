package io.tracekb.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One measured figure set as a benchmark printed it: {@code REPORT <kind> key=value key=value ...} (values hold no
 * spaces). The performance report is assembled from these lines only, so it cannot say what was not measured.
 */
record ReportLine(String kind, Map<String, String> values) {

    static final String PREFIX = "REPORT ";

    /** The line's figures, or empty for any other output (log lines, tables meant for people). */
    static Optional<ReportLine> parse(String line) {
        int at = line.indexOf(PREFIX);
        // wrk and Maven may prefix nothing, but a logger would: accept the marker anywhere, at a word start
        if (at < 0 || (at > 0 && !Character.isWhitespace(line.charAt(at - 1)))) {
            return Optional.empty();
        }
        String[] words = line.substring(at + PREFIX.length()).trim().split("\\s+");
        if (words.length == 0 || words[0].isEmpty() || words[0].contains("=")) {
            return Optional.empty();
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq <= 0) {
                return Optional.empty(); // not ours: a sentence that happens to contain "REPORT "
            }
            values.put(words[i].substring(0, eq), words[i].substring(eq + 1));
        }
        return Optional.of(new ReportLine(words[0], values));
    }

    static List<ReportLine> parseAll(List<String> lines) {
        List<ReportLine> out = new ArrayList<>();
        for (String line : lines) {
            parse(line).ifPresent(out::add);
        }
        return out;
    }

    String get(String key) {
        return values.getOrDefault(key, "");
    }

    double number(String key) {
        String v = values.get(key);
        return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    boolean is(String key, String value) {
        return value.equals(values.get(key));
    }
}
