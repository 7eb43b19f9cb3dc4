package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.testing.TestFiles;
import io.tracekb.content.IncidentFolder;
import io.tracekb.search.ranking.RankingModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The REST contract's {@code confident}: true exactly when the score reaches the threshold, also for the answers the
 * ranker never vouches for (text alone, a trace cut off above its cause), whose score is capped under it.
 */
class RankerTest {

    Path dir;
    LuceneIndex index;

    @BeforeEach
    void setUp() throws IOException {
        dir = Files.createTempDirectory("ranker-");
        index = LuceneIndex.open(dir).index();
        long id = 1;
        for (String folder : List.of("flink/memory-state-too-large", "flink/application-no-execute-calls",
                "flink/no-restart-backoff-strategy", "flink/metaspace-out-of-memory")) {
            index.put(IndexedIncident.of(id++, 1, IncidentFolder.read(Path.of("content", folder))));
        }
        index.commit();
    }

    @AfterEach
    void tearDown() {
        index.close();
        TestFiles.deleteRecursively(dir);
    }

    /** A threshold every answer's probability passes: only the rule, not the model, can keep one from confident. */
    private List<MatchResult> match(String text, double threshold) {
        Ranker ranker = new Ranker(index, RankingModel.shipped(), threshold);
        return ranker.rank(PasteAnalysis.of(text), 5).results();
    }

    @Test
    void textAloneIsCappedUnderTheThresholdAndNotConfident() {
        List<MatchResult> results = match("The application contains no execute() calls", 1e-9);
        assertThat(results).isNotEmpty();
        assertThat(results.get(0).slug()).isEqualTo("flink-application-no-execute-calls");
        assertThat(results).allSatisfy(r -> {
            assertThat(r.score()).isLessThan(1e-9);
            assertThat(r.confident()).isFalse();
        });
    }

    @Test
    void aTraceCutOffAboveItsCauseIsCappedToo() throws IOException {
        String cutOff = "org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy\n"
                + "\tat org.apache.flink.runtime.executiongraph.failover.flip1.ExecutionFailureHandler"
                + ".handleFailure(ExecutionFailureHandler.java:138)\n";
        assertThat(match(cutOff, 1e-9)).isNotEmpty().allSatisfy(r -> assertThat(r.confident()).isFalse());
    }

    @Test
    void aWholeTraceIsConfidentExactlyWhenItsScoreReachesTheThreshold() throws IOException {
        String trace = Files.readString(Path.of("content/flink/memory-state-too-large/traces/1.txt"));
        for (double threshold : new double[] { 1e-9, 0.5, RankingModel.shipped().threshold(), 1.0 }) {
            List<MatchResult> results = match(trace, threshold);
            assertThat(results).isNotEmpty();
            assertThat(results).allSatisfy(r -> assertThat(r.confident()).isEqualTo(r.score() >= threshold));
            for (int i = 1; i < results.size(); i++) {
                assertThat(results.get(i).score()).isLessThanOrEqualTo(results.get(i - 1).score());
            }
        }
        assertThat(match(trace, 1e-9).get(0).confident()).isTrue();
        assertThat(match(trace, 1e-9).get(0).slug()).isEqualTo("flink-memory-state-too-large");
    }
}
