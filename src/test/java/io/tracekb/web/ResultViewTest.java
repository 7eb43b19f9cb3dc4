package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tracekb.incident.IncidentData;
import io.tracekb.content.IncidentFolder;
import io.tracekb.db.DatabaseFailures;
import io.tracekb.search.IndexedCards;
import io.tracekb.search.IncidentFrames;
import io.tracekb.search.IndexedIncident;
import io.tracekb.search.MatchOutcome;
import io.tracekb.search.PasteAnalysis;
import io.tracekb.search.Ranker;
import io.tracekb.search.LuceneIndex;
import io.tracekb.search.TraceShape;
import io.tracekb.signature.FrameKeys;
import io.tracekb.signature.UbiquitousFrames;
import io.tracekb.testing.TestFiles;
import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.StackFrame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.hibernate.exception.JDBCConnectionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The results page's content while PostgreSQL cannot be reached: built from a real index on disk, with a database
 * read that fails the way Hibernate does when the server is gone (a JDBCConnectionException, SQL state 08001).
 * The whole page against a stopped PostgreSQL is covered by DatabaseOutageIT; this checks what each card holds.
 */
@io.quarkus.test.junit.QuarkusTest
@io.quarkus.test.common.WithTestResource(io.tracekb.testing.EmbeddedPostgresResource.class)
class ResultViewTest {

    static final Path INCIDENT = Path.of("content/flink/memory-state-too-large");
    static final String SLUG = "flink-memory-state-too-large";

    Path dir;
    LuceneIndex index;
    String paste;
    /** Database reads attempted: the page must need none for an incident the index has a card of. */
    AtomicInteger databaseReads = new AtomicInteger();

    @BeforeEach
    void setUp() throws IOException {
        dir = Files.createTempDirectory("result-view-");
        index = LuceneIndex.open(dir).index();
        index.put(IndexedIncident.of(1, 1, IncidentFolder.read(INCIDENT)));
        index.commit();
        paste = Files.readString(MatchPageTest.SEED_000);
    }

    @AfterEach
    void tearDown() {
        index.close();
        TestFiles.deleteRecursively(dir);
    }

    /** As the page reads an incident: its card from the index, else the database — which is down. */
    Function<String, IncidentData> shownWhileDatabaseDown() {
        return io.tracekb.matching.MatchService.leftOutWhileDatabaseDown(slug -> IndexedCards.find(index, slug).orElseGet(() -> {
            databaseReads.incrementAndGet();
            throw new JDBCConnectionException("Unable to acquire JDBC Connection",
                    new SQLException("Connection to localhost:5432 refused", "08001"));
        }));
    }

    ResultView view(String text) {
        MatchOutcome outcome = new Ranker(index).rank(PasteAnalysis.of(text), MatchPage.RESULTS);
        return ResultView.of(text, outcome, "en", shownWhileDatabaseDown(), slug -> IncidentFrames.find(index, slug));
    }

    @Test
    void theIncidentTitleFixesAndHighlightComeFromTheIndexWhileTheDatabaseIsDown() {
        IncidentData shipped = IncidentFolder.read(INCIDENT);

        ResultView view = view(paste);

        assertThat(view.results()).isNotEmpty();
        ResultView.Card first = view.results().get(0);
        assertThat(first.slug()).isEqualTo(SLUG);
        assertThat(first.confident()).isTrue();
        assertThat(first.title()).isEqualTo(shipped.translations().get("en").title());
        assertThat(first.fixes()).extracting(ResultView.FixCard::title).containsExactlyElementsOf(
                shipped.fixes().stream().map(f -> f.texts().get("en").title()).toList());
        assertThat(first.anyFrameMatches()).isTrue();
        assertThat(first.trace()).filteredOn(ResultView.TraceLine::matching).isNotEmpty()
                .noneSatisfy(l -> assertThat(l.text()).contains("java.lang.Thread.run"));
        assertThat(databaseReads).hasValue(0);
    }

    /**
     * The index keeps the frames the match compares (root cause and outermost exception of each sample), so the
     * highlight can only lose what a middle exception alone holds; the root cause's frames are marked as when the
     * sample traces were re-parsed from the database, and a frame found in nearly every trace never is.
     */
    @Test
    void theRootCauseFramesAreHighlightedAsWhenTheSampleTracesWereReParsed() {
        IncidentData shipped = IncidentFolder.read(INCIDENT);
        // what the page did before the shapes were read from the index: every frame of every sample trace
        Set<String> reparsed = new HashSet<>();
        for (IncidentData.SampleTraceData sample : shipped.sampleTraces()) {
            for (ParsedTrace t : PasteAnalysis.of(sample.text()).parse().traces()) {
                for (ParsedException e : t.exceptions()) {
                    for (StackFrame f : e.frames()) {
                        String key = FrameKeys.key(f).key();
                        if (!UbiquitousFrames.isUbiquitous(key)) {
                            reparsed.add(key);
                        }
                    }
                }
            }
        }
        MatchOutcome outcome = new Ranker(index).rank(PasteAnalysis.of(paste), MatchPage.RESULTS);

        List<ResultView.TraceLine> fromIndex = ResultView.of(paste, outcome, "en", shownWhileDatabaseDown(),
                slug -> IncidentFrames.find(index, slug)).results().get(0).trace();
        List<ResultView.TraceLine> fromSamples = ResultView.of(paste, outcome, "en", shownWhileDatabaseDown(),
                slug -> reparsed).results().get(0).trace();

        assertThat(IncidentFrames.find(index, SLUG)).isNotEmpty().isSubsetOf(reparsed);
        assertThat(matching(fromIndex)).isSubsetOf(matching(fromSamples));
        int root = 0;
        for (int i = 0; i < fromIndex.size(); i++) {
            if (fromIndex.get(i).text().strip().startsWith("Caused by: java.io.IOException")) {
                root = i; // the paste's root cause: its frames run from the next line to "... 1 more"
            }
        }
        assertThat(root).isPositive();
        List<ResultView.TraceLine> rootFrames = fromIndex.subList(root + 1, fromIndex.size()).stream()
                .takeWhile(l -> l.text().strip().startsWith("at ")).toList();
        assertThat(rootFrames).hasSizeGreaterThan(10).filteredOn(ResultView.TraceLine::matching).hasSizeGreaterThan(10);
        assertThat(rootFrames).isEqualTo(fromSamples.subList(root + 1, root + 1 + rootFrames.size()));
        assertThat(fromIndex).filteredOn(l -> l.text().contains("at java.util.concurrent.FutureTask.run("))
                .isNotEmpty().noneMatch(ResultView.TraceLine::matching);
    }

    private static List<Integer> matching(List<ResultView.TraceLine> trace) {
        return trace.stream().filter(ResultView.TraceLine::matching).map(ResultView.TraceLine::number).toList();
    }

    @Test
    void anIncidentIndexedWithoutACardIsLeftOutWhileTheDatabaseIsDownAndTheRestIsShown() {
        // an index written before cards were stored with it: only the database knows what to show of this one
        index.put(new IndexedIncident(2, 1, "no-card-incident", "flink", true, Map.of("en", "An incident"),
                List.of(TraceShape.of(PasteAnalysis.of(paste))), List.of("An incident"), null));
        index.commit();

        ResultView view = view(paste);

        assertThat(databaseReads).hasValue(1);
        assertThat(view.results()).extracting(ResultView.Card::slug).containsExactly(SLUG);
        assertThat(view.results().get(0).rank()).isEqualTo(1);
    }

    @Test
    void otherDatabaseFailuresAreNotHidden() {
        IllegalStateException bug = new IllegalStateException("not an outage");
        Function<String, IncidentData> failing = io.tracekb.matching.MatchService.leftOutWhileDatabaseDown(slug -> {
            throw bug;
        });
        assertThat(DatabaseFailures.unavailable(bug)).isFalse();
        assertThatThrownBy(() -> failing.apply(SLUG)).isSameAs(bug);
    }
}
