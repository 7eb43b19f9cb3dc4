package io.tracekb.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The one place that queries incidents, on the real database. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class IncidentRepositoryTest {

    @Inject
    IncidentRepository incidents;

    @Inject
    ArticleService articles;

    @Test
    void findsBySlugAndAStringThatIsNoSlugNamesNoIncident() {
        String slug = SampleIncidents.uniqueSlug("repo-find");
        Incident created = articles.create(SampleIncidents.minimal(slug), "alice", null);

        QuarkusTransaction.requiringNew().run(() -> {
            assertThat(incidents.findBySlug(slug)).map(i -> i.id).contains(created.id);
            assertThat(incidents.versionOf(slug)).contains(created.version);
            assertThat(incidents.findBySlug("no-such-incident-" + slug)).isEmpty();
            // not a database error: a NUL, junk, an empty string
            assertThat(incidents.findBySlug("a\u0000b")).isEmpty();
            assertThat(incidents.findBySlug("x".repeat(10_000))).isEmpty();
            assertThat(incidents.findBySlug("")).isEmpty();
        });
    }

    @Test
    void publishedVersionsHoldPublishedIncidentsOnly() {
        String published = SampleIncidents.uniqueSlug("repo-published");
        String draft = SampleIncidents.uniqueSlug("repo-draft");
        Incident p = articles.create(SampleIncidents.minimal(published), "alice", null);
        Incident d = articles.create(SampleIncidents.withStatus(SampleIncidents.minimal(draft), IncidentStatus.DRAFT),
                "alice", null);

        var versions = QuarkusTransaction.requiringNew().call(incidents::publishedVersions);

        assertThat(versions).containsEntry(p.id, p.version).doesNotContainKey(d.id);
    }

    @Test
    void importedHashesNameOnlyIncidentsImportedFromFiles() {
        String imported = SampleIncidents.uniqueSlug("repo-imported");
        String typed = SampleIncidents.uniqueSlug("repo-typed");
        Incident i = articles.create(SampleIncidents.minimal(imported), "alice", null);
        articles.create(SampleIncidents.minimal(typed), "alice", null);
        QuarkusTransaction.requiringNew().run(() -> incidents.findById(i.id).contentHash = "abc123");

        var hashes = QuarkusTransaction.requiringNew().call(() -> incidents.importedHashes(List.of(imported, typed,
                "never-stored")));

        assertThat(hashes).containsExactly(java.util.Map.entry(imported, "abc123"));
        assertThat(QuarkusTransaction.requiringNew().call(() -> incidents.importedHashes(List.of()))).isEmpty();
    }

    @Test
    void aSecondLockOnTheSameSlugWaitsForTheFirstTransaction() throws Exception {
        String slug = SampleIncidents.uniqueSlug("repo-lock");
        CompletableFuture<Void> holding = new CompletableFuture<>();
        CompletableFuture<Void> release = new CompletableFuture<>();
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> QuarkusTransaction.requiringNew().run(() -> {
            incidents.lockSlug(7, slug);
            holding.complete(null);
            release.join();
        }));
        holding.get(10, TimeUnit.SECONDS);
        CompletableFuture<Void> second = CompletableFuture.runAsync(
                () -> QuarkusTransaction.requiringNew().run(() -> incidents.lockSlug(7, slug)));

        assertThat(second).as("the second lock waits").isNotCompleted();
        Thread.sleep(Duration.ofMillis(200).toMillis());
        assertThat(second).isNotCompleted();
        release.complete(null);
        first.get(10, TimeUnit.SECONDS);
        second.get(10, TimeUnit.SECONDS);
        assertThat(second).isCompleted();
    }
}
