package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.Incident;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.IndexCommits;
import io.tracekb.testing.SampleIncidents;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * Saves inside {@link IndexSynchronizer#inBulk} are indexed when the bulk ends, all together and with one commit of the
 * index; saves on other threads during a bulk are indexed as each commits.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class IndexSynchronizerBulkTest {

    @Inject
    IndexSynchronizer searchIndex;

    @Inject
    ArticleService articles;

    @Test
    void savesOfABulkAreIndexedAtTheirLatestVersionsWithOneCommit() {
        String first = SampleIncidents.uniqueSlug("bulk-first");
        String second = SampleIncidents.uniqueSlug("bulk-second");
        long commitsBefore = IndexCommits.generation(searchIndex.index().path());

        Incident[] saved = searchIndex.inBulk(() -> {
            Incident a = articles.create(SampleIncidents.minimal(first), "test", "bulk");
            Incident b = articles.create(SampleIncidents.minimal(second), "test", "bulk");
            Incident a2 = articles.update(first, SampleIncidents.withEnglishTitle(SampleIncidents.minimal(first),
                    "Checkpoint fails twice"), a.version, "test", "bulk");
            assertThat(a2.version).isGreaterThan(a.version);
            // (not asserted here that they are not indexed yet: the index follower may index them from their
            // notifications meanwhile, as it would another instance's saves)
            assertThat(IndexCommits.generation(searchIndex.index().path())).isEqualTo(commitsBefore);
            return new Incident[] {a2, b};
        });

        assertThat(IndexCommits.generation(searchIndex.index().path())).isEqualTo(commitsBefore + 1);

        // the latest version of each
        assertThat(searchIndex.index().indexedVersion(saved[0].id)).isEqualTo(saved[0].version);
        assertThat(searchIndex.index().indexedVersion(saved[1].id)).isEqualTo(saved[1].version);
    }

    @Test
    void whatABulkCommittedBeforeItFailedIsIndexedAllTheSame() {
        String slug = SampleIncidents.uniqueSlug("bulk-failed");
        Incident[] created = new Incident[1];

        assertThatThrownBy(() -> searchIndex.inBulk(() -> {
            created[0] = articles.create(SampleIncidents.minimal(slug), "test", "bulk");
            throw new IllegalStateException("the next folder could not be read");
        })).hasMessage("the next folder could not be read");

        assertThat(searchIndex.index().indexedVersion(created[0].id)).isEqualTo(created[0].version);
    }

    @Test
    void aSaveOnAnotherThreadDuringABulkIsIndexedAsItCommits() throws Exception {
        String slug = SampleIncidents.uniqueSlug("beside-bulk");

        long[] indexedDuringBulk = searchIndex.inBulk(() -> {
            try {
                var other = java.util.concurrent.Executors.newSingleThreadExecutor();
                try {
                    Incident created = other.submit(() -> articles.create(SampleIncidents.minimal(slug), "test", "api"))
                            .get();
                    Long indexed = searchIndex.index().indexedVersion(created.id);
                    return new long[] {created.version, indexed == null ? -1 : indexed};
                } finally {
                    other.shutdownNow();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        assertThat(indexedDuringBulk[1]).isEqualTo(indexedDuringBulk[0]);
    }
}
