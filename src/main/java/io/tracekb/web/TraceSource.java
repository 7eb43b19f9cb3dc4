package io.tracekb.web;

import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a sample trace's source is shown to readers: a link with a short label that needs no translation
 * ("apache/paimon#6007", "FLINK-10011", a host name), or that it was produced by our bench on a Flink MiniCluster.
 * The editors' notes that follow the URL in the source field (in English) stay in the editor and the files.
 *
 * @param url       the first http(s) URL of the source, or null
 * @param label     the link's label, or the source's first part when it has no URL; null when there is no source
 * @param generated produced by {@code bench/flink-traces}
 */
public record TraceSource(String url, String label, boolean generated) {

    private static final Pattern URL = Pattern.compile("https?://[^\\s)\"'<>]+");
    private static final Pattern GITHUB = Pattern.compile("github\\.com/([\\w.-]+/[\\w.-]+)/(?:issues|pull|discussions)/(\\d+)");
    private static final Pattern JIRA_KEY = Pattern.compile("/browse/([A-Z][A-Z0-9]+-\\d+)");
    static final int MAX_LABEL = 60;

    static TraceSource of(String source) {
        if (source == null || source.isBlank()) {
            return new TraceSource(null, null, false);
        }
        if (source.startsWith("generated:")) {
            return new TraceSource(null, null, true);
        }
        Matcher m = URL.matcher(source);
        if (m.find()) {
            String url = m.group().replaceAll("[.,;:]+$", "");
            return new TraceSource(url, label(url), false);
        }
        String first = source.split(" — | - |: ", 2)[0].strip();
        return new TraceSource(null, first.length() > MAX_LABEL ? first.substring(0, MAX_LABEL - 1) + "…" : first,
                false);
    }

    static String label(String url) {
        Matcher g = GITHUB.matcher(url);
        if (g.find()) {
            return g.group(1) + "#" + g.group(2);
        }
        Matcher j = JIRA_KEY.matcher(url);
        if (j.find()) {
            return j.group(1);
        }
        try {
            String host = URI.create(url).getHost();
            return host == null ? url : host.replaceFirst("^www\\.", "");
        } catch (IllegalArgumentException e) {
            return url.length() > MAX_LABEL ? url.substring(0, MAX_LABEL - 1) + "…" : url;
        }
    }
}
