package io.tracekb.search.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.incident.IncidentData;
import io.tracekb.search.PasteAnalysis;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The knowledge base's own content, checked as a user meets it: every incident is told in English, Japanese and
 * Chinese, has a fix and at least two sample traces that parse into a signature; and each sample trace, pasted on
 * its own while its incident's copy of it is removed from the index, still finds its incident among the answers a
 * user sees (the top 5), and first in most cases. Confusable incidents (the MySQL CDC family, two PostgreSQL
 * decoding plugins) may put a sibling first: that is what the learned model measures (issue 24), so the floor on
 * the share found first is the figure measured with the model, not 1.
 */
class EverySampleFindsItsIncidentTest {

    static final int MINIMUM_INCIDENTS = 161; // every folder of content/ (a lost folder fails here)
    /**
     * Measured 2026-12-02 with the models trained that day: 21 of 374 held-out samples (5.6 %) ranked another
     * incident first with 153 published incidents, 17 of 377 (4.5 %) with 154 and the model that shipped
     * (2026-12-01: 6 of 256). Four of them came with that day's incidents, which have close siblings (the janino cast
     * and the generic class-loader cast; missing MySQL privileges and the authentication plugin), the rest move with
     * each retraining; every one still finds its incident in the top 5.
     */
    static final double FIRST_SHARE_FLOOR = 0.94;

    @Test
    void everyIncidentIsCompleteAndEachSampleTraceFindsItsIncidentWhenHeldOut() throws IOException {
        List<IncidentData> incidents = MatchEvaluationTest.incidents();
        assertThat(incidents).hasSizeGreaterThanOrEqualTo(MINIMUM_INCIDENTS);
        List<String> problems = new ArrayList<>();
        int checked = 0;
        int logOnly = 0;
        List<String> notFirst = new ArrayList<>();
        try (TraceKbSystem system = new TraceKbSystem(incidents, MatchEvaluationTest.THRESHOLD)) {
            for (IncidentData d : incidents) {
                for (String lang : List.of("en", "ja", "zh")) {
                    if (!d.translations().containsKey(lang)) {
                        problems.add(d.slug() + ": no " + lang + " translation");
                    }
                }
                if (d.fixes().isEmpty()) {
                    problems.add(d.slug() + ": no fix");
                }
                if (d.sampleTraces().size() < 2) {
                    problems.add(d.slug() + ": " + d.sampleTraces().size() + " sample trace(s), 2 needed");
                }
                if (d.status() != io.tracekb.incident.IncidentStatus.PUBLISHED) {
                    continue; // a draft is never matched: its samples have nothing to find until it is published
                }
                for (int i = 0; i < d.sampleTraces().size(); i++) {
                    String text = d.sampleTraces().get(i).text();
                    // a log excerpt without any exception (a YARN or Kubernetes kill) is matched by its words:
                    // it must find its incident all the same
                    if (PasteAnalysis.of(text).primary() == null) {
                        logOnly++;
                    }
                    system.holdOut(d.slug(), i);
                    Answer a = system.answer(new EvalQuery(d.slug() + "#" + (i + 1), text, d.slug(), d.slug(), i));
                    system.restore();
                    checked++;
                    if (!a.slugs().contains(d.slug())) {
                        problems.add(d.slug() + " trace " + (i + 1) + ": held out, its incident is not in the top 5 ("
                                + (a.slugs().isEmpty() ? "nothing" : a.slugs().get(0)) + " first)");
                    } else if (!a.slugs().get(0).equals(d.slug())) {
                        notFirst.add(d.slug() + " trace " + (i + 1) + " ranks " + a.slugs().get(0) + " first");
                    }
                }
            }
        }
        System.out.printf("EVERY_SAMPLE %d incidents, %d sample traces held out one at a time (%d of them log excerpts "
                + "without an exception), %d problems, %d found but not first: %s%n", incidents.size(), checked, logOnly,
                problems.size(), notFirst.size(), notFirst);
        assertThat(problems).as("incomplete incidents and sample traces that do not find their incident").isEmpty();
        assertThat(1 - notFirst.size() / (double) checked).as("share of held-out samples that find their incident first")
                .isGreaterThanOrEqualTo(FIRST_SHARE_FLOOR);
    }
}
