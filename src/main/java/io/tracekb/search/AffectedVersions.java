package io.tracekb.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The version ranges an incident's free-text "affected versions" states, as far as they can be read without
 * guessing: each clause (split on ';') that starts with a range, after the product's name, counts —
 * "1.10 and later", "0.9+", "1.5–1.13", "1.x", "all 1.x and 2.x"; "all versions" covers everything. Anything
 * else ("reported on 1.13.1", "'position' message 2.0+") is not a range, and a text with no readable range
 * says nothing: no reason is given rather than a wrong one.
 */
public record AffectedVersions(String text, List<Range> ranges, boolean all) {

    public enum Verdict { INSIDE, OUTSIDE, UNKNOWN }

    /** Inclusive bounds; null is open. A bound is compared at its own precision ("1.13" includes 1.13.6). */
    public record Range(int[] from, int[] to) {
        boolean contains(int[] v) {
            return (from == null || compare(v, from) >= 0) && (to == null || compare(v, to) <= 0);
        }
    }

    static final AffectedVersions UNREADABLE = new AffectedVersions(null, List.of(), false);

    private static final String V = "(\\d+(?:\\.\\d+){0,2}|\\d+\\.x)";
    private static final Pattern AND_LATER = Pattern.compile("^" + V + "(?:\\s*\\+|\\s+and\\s+(?:later|newer|above))");
    private static final Pattern BETWEEN = Pattern.compile("^" + V + "\\s*(?:-|–|—|to)\\s*" + V);
    private static final Pattern MAJORS = Pattern.compile("^(\\d+)\\.x(?:\\s*(?:and|,|/)\\s*(\\d+)\\.x)*");
    private static final Pattern VERSION = Pattern.compile("^(\\d+(?:\\.\\d+){0,2})");
    private static final Pattern MAJOR = Pattern.compile("(\\d+)\\.x");
    private static final Pattern ALL_VERSIONS = Pattern.compile("^all(?:\\s+[\\p{L}-]+){0,2}\\s+versions\\b");
    /** Words naming the product or its parts before a range ("Kafka clients 0.9+", "Flink 1.4+"). */
    private static final Pattern LEADING_WORDS = Pattern.compile("^(?:all\\s+)?(?:[\\p{L}][\\p{L}-]*\\s+){0,2}(?=\\d)");

    public static AffectedVersions parse(String text) {
        if (text == null || text.isBlank()) {
            return UNREADABLE;
        }
        List<Range> ranges = new ArrayList<>();
        boolean all = false;
        for (String clause : text.split(";")) {
            String c = clause.strip().toLowerCase(Locale.ROOT);
            if (ALL_VERSIONS.matcher(c).find()) {
                all = true;
                continue;
            }
            Range r = range(LEADING_WORDS.matcher(c).replaceFirst(""), ranges);
            if (r != null) {
                ranges.add(r);
            }
        }
        return ranges.isEmpty() && !all ? UNREADABLE : new AffectedVersions(text.strip(), List.copyOf(ranges), all);
    }

    /** Reads one range at the start of a clause; "1.x and 2.x" adds one range per major version. */
    private static Range range(String c, List<Range> out) {
        Matcher m = BETWEEN.matcher(c);
        if (m.find()) {
            return new Range(bound(m.group(1)), bound(m.group(2)));
        }
        m = AND_LATER.matcher(c);
        if (m.find()) {
            return new Range(bound(m.group(1)), null);
        }
        m = MAJORS.matcher(c);
        if (m.find()) {
            Matcher each = MAJOR.matcher(m.group());
            Range last = null;
            while (each.find()) {
                if (last != null) {
                    out.add(last);
                }
                int major = Integer.parseInt(each.group(1));
                last = new Range(new int[] { major }, new int[] { major });
            }
            return last;
        }
        return null;
    }

    /** "1.10" → [1, 10]; "3.x" → [3]: a whole major version. */
    private static int[] bound(String v) {
        return numbers(v.replace(".x", ""));
    }

    static int[] numbers(String v) {
        String[] parts = v.split("\\.");
        int[] out = new int[Math.min(3, parts.length)];
        for (int i = 0; i < out.length; i++) {
            out[i] = Integer.parseInt(parts[i]);
        }
        return out;
    }

    /** Compares at the precision of the bound: 1.13.6 against 1.13 compares 1.13 with 1.13. */
    private static int compare(int[] v, int[] bound) {
        for (int i = 0; i < bound.length; i++) {
            int x = i < v.length ? v[i] : 0;
            if (x != bound[i]) {
                return Integer.compare(x, bound[i]);
            }
        }
        return 0;
    }

    public boolean readable() {
        return all || !ranges.isEmpty();
    }

    /** Whether a version (e.g. "1.13.5", "2.3.0", "1.16-SNAPSHOT") is in the stated ranges. */
    public Verdict check(String version) {
        if (!readable() || version == null) {
            return Verdict.UNKNOWN;
        }
        Matcher m = VERSION.matcher(version);
        if (!m.find()) {
            return Verdict.UNKNOWN;
        }
        if (all) {
            return Verdict.INSIDE;
        }
        int[] v = numbers(m.group(1));
        return ranges.stream().anyMatch(r -> r.contains(v)) ? Verdict.INSIDE : Verdict.OUTSIDE;
    }

    /**
     * The version of the incident's product among a trace's component versions (from jar names): the product's
     * distribution or core jar first, since connectors and other add-ons carry versions of their own.
     */
    public static String productVersion(String product, Map<String, String> components) {
        if (product == null || components == null || components.isEmpty()) {
            return null;
        }
        String p = product.toLowerCase(Locale.ROOT);
        for (String name : List.of(p + "-dist", p + "-core", p + "-runtime", p + "-clients", p + "-streaming-java", p)) {
            String v = components.get(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
