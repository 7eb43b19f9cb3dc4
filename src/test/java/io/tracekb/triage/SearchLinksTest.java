package io.tracekb.triage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SearchLinksTest {

    static final SearchTerms NO_DRIVER = new SearchTerms("SQLException", "No suitable driver", true);

    @Test
    void flinksJiraAndTheUserListAreSearchedForEveryTrace() {
        assertThat(SearchLinks.of(NO_DRIVER, Components.FLINK, "en")).containsExactly(
                new SearchLink("jira", "FLINK", "https://issues.apache.org/jira/issues/?jql=project%20%3D%20FLINK%20AND"
                        + "%20text%20%7E%20%22SQLException%22%20AND%20text%20%7E%20%22%5C%22No%20suitable%20driver%5C%22%22"
                        + "%20ORDER%20BY%20updated%20DESC"),
                new SearchLink("mailing-list", "user@flink.apache.org", "https://lists.apache.org/list?"
                        + "user@flink.apache.org:lte=10y:SQLException%20%22No%20suitable%20driver%22"));
    }

    @Test
    void aComponentWithGithubIssuesIsSearchedThereTooAndAChineseAskerGetsTheChineseList() {
        Component paimon = Components.KNOWN.stream().filter(c -> c.name().equals("Apache Paimon")).findFirst()
                .orElseThrow();
        List<SearchLink> links = SearchLinks.of(NO_DRIVER, paimon, "zh");
        assertThat(links).extracting(SearchLink::label).containsExactly("Flink JIRA", "GitHub apache/paimon",
                "user@flink.apache.org", "user-zh@flink.apache.org");
        assertThat(links.get(1).url()).isEqualTo("https://github.com/apache/paimon/issues?q="
                + "is%3Aissue%20SQLException%20%22No%20suitable%20driver%22");
    }

    @Test
    void freeTextIsSearchedAsWordsNotAsAPhrase() {
        List<SearchLink> links = SearchLinks.of(SearchTerms.ofText("checkpoint expired before completing"), null, "en");
        assertThat(links.get(0).url()).endsWith("jql=project%20%3D%20FLINK%20AND%20text%20%7E%20%22checkpoint%20expired"
                + "%20before%20completing%22%20ORDER%20BY%20updated%20DESC");
    }

    @Test
    void nothingToSearchForGivesNoLinks() {
        assertThat(SearchLinks.of(null, null, "en")).isEmpty();
        assertThat(SearchLinks.of(new SearchTerms(null, null, true), null, "en")).isEmpty();
    }
}
