package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.content.IncidentFolder;
import io.tracekb.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An unpublished incident competes in an editor's preview as if indexed, and the index is left as it was. */
class UnpublishedPreviewTest {

    Path dir;
    LuceneIndex index;

    @BeforeEach
    void setUp() throws IOException {
        dir = Files.createTempDirectory("preview-");
        index = LuceneIndex.open(dir).index();
        index.put(IndexedIncident.of(1, 1, IncidentFolder.read(Path.of("content/flink/memory-state-too-large"))));
        index.commit();
    }

    @AfterEach
    void tearDown() {
        index.close();
        TestFiles.deleteRecursively(dir);
    }

    @Test
    void theDraftIsRankedAmongTheIndexedIncidentsWithoutBeingWritten() throws IOException {
        IncidentData shipped = IncidentFolder.read(Path.of("content/flink/memory-state-too-large"));
        // a draft copy under another slug, its samples those of the shipped incident
        IncidentData draft = new IncidentData("draft-copy", shipped.product(), shipped.tags(),
                shipped.affectedVersions(), IncidentStatus.DRAFT, shipped.translations(), shipped.fixes(),
                shipped.sampleTraces());
        String paste = Files.readString(Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt"));
        MatchOutcome outcome = new Ranker(index).rankIncluding(PasteAnalysis.of(paste), IndexedIncident.of(2, 0, draft),
                5);
        assertThat(outcome.results()).extracting(MatchResult::slug)
                .containsExactlyInAnyOrder("flink-memory-state-too-large", "draft-copy");
        assertThat(outcome.results()).extracting(MatchResult::incidentId).containsExactlyInAnyOrder(1L, 2L);
        assertThat(index.size()).isEqualTo(1);
        assertThat(new Ranker(index).rank(PasteAnalysis.of(paste), 5).results()).extracting(MatchResult::slug)
                .isEqualTo(List.of("flink-memory-state-too-large"));
    }
}
