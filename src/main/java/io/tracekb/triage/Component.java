package io.tracekb.triage;

import java.util.List;

/**
 * A part of the Flink ecosystem that a trace can be attributed to by the packages of its frames and exception
 * types, and whether a GitHub repository's issues hold its reports (besides Flink's JIRA, which is searched for
 * every trace).
 *
 * @param name             as users know it, e.g. "Flink CDC"
 * @param packagePrefixes  packages whose frames belong to it
 * @param githubIssues     owner/name of a repository whose GitHub issues hold its reports (for Flink CDC, those from
 *                         before it moved to JIRA in 2024), or null
 */
public record Component(String name, List<String> packagePrefixes, String githubIssues) {

    public Component {
        packagePrefixes = List.copyOf(packagePrefixes);
    }

    public boolean owns(String qualifiedName) {
        if (qualifiedName == null) {
            return false;
        }
        for (String p : packagePrefixes) {
            if (qualifiedName.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
