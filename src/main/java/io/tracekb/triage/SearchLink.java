package io.tracekb.triage;

/**
 * A search of one public tracker for a failure's signature.
 *
 * @param tracker {@code jira} (Flink's JIRA), {@code github} (a repository's issues) or {@code mailing-list}
 * @param where   what is searched, e.g. "FLINK", "apache/paimon", "user@flink.apache.org"
 * @param url     the search, ready to open
 */
public record SearchLink(String tracker, String where, String url) {

    /** The tracker by its own name, the same in every language: "Flink JIRA", "GitHub apache/paimon", the list. */
    public String label() {
        return switch (tracker) {
            case "jira" -> "Flink JIRA";
            case "github" -> "GitHub " + where;
            default -> where;
        };
    }
}
