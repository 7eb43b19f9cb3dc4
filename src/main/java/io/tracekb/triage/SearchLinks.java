package io.tracekb.triage;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Searches of the public trackers where a failure like the user's may already be reported: Flink's JIRA (always:
 * even a connector's failure is often Flink's), the GitHub issues of the component's repository, and the user
 * mailing list's archive (the Chinese one too for a Chinese asker).
 */
public final class SearchLinks {

    static final String JIRA = "https://issues.apache.org/jira/issues/?jql=";
    static final String LISTS = "https://lists.apache.org/list?";
    static final String USER_LIST = "user@flink.apache.org";
    static final String USER_ZH_LIST = "user-zh@flink.apache.org";

    private SearchLinks() {
    }

    public static List<SearchLink> of(SearchTerms terms, Component component, String lang) {
        if (terms == null || terms.isEmpty()) {
            return List.of();
        }
        List<SearchLink> links = new ArrayList<>();
        links.add(new SearchLink("jira", "FLINK", JIRA + encode("project = FLINK AND " + jqlText(terms)
                + " ORDER BY updated DESC")));
        if (component != null && component.githubIssues() != null) {
            links.add(new SearchLink("github", component.githubIssues(), "https://github.com/"
                    + component.githubIssues() + "/issues?q=" + encode("is:issue " + terms.query())));
        }
        links.add(list(USER_LIST, terms));
        if ("zh".equals(lang)) {
            links.add(list(USER_ZH_LIST, terms));
        }
        return List.copyOf(links);
    }

    /** JQL's text search: every term must occur, the phrase as a phrase when it is a message's literal words. */
    static String jqlText(SearchTerms terms) {
        List<String> clauses = new ArrayList<>();
        if (terms.typeName() != null) {
            clauses.add("text ~ \"" + terms.typeName() + "\"");
        }
        if (terms.phrase() != null) {
            clauses.add(terms.exact() ? "text ~ \"\\\"" + terms.phrase() + "\\\"\"" : "text ~ \"" + terms.phrase() + "\"");
        }
        return String.join(" AND ", clauses);
    }

    private static SearchLink list(String list, SearchTerms terms) {
        // Pony Mail's list view takes the list, a time span and the search words after the '?'
        return new SearchLink("mailing-list", list, LISTS + list + ":lte=10y:" + encode(terms.query()));
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
