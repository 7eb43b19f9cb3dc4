package io.tracekb.content;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.Incident;
import io.tracekb.incident.IncidentData;
import io.tracekb.content.ContentImporter.Outcome;
import io.tracekb.content.ContentImporter.Result;
import io.tracekb.search.IndexSynchronizer;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.IndexCommits;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestFiles;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Import of content/ into the database. Each test works on its own copy of the shipped incidents, with the
 * slugs made unique, so tests do not see each other's changes.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ContentImportTest {

    @jakarta.inject.Inject
    io.tracekb.incident.IncidentRepository incidents;

    @Inject
    ContentImporter importer;

    @Inject
    ArticleService articles;

    @Inject
    IndexSynchronizer searchIndex;

    Path root;
    String prefix;

    @BeforeEach
    void copyShippedContent() throws IOException {
        root = Files.createTempDirectory("content-");
        TestFiles.copyTree(Path.of("content"), root);
        prefix = "t" + UUID.randomUUID().toString().substring(0, 6) + "-";
        for (Path folder : ContentImporter.incidentFolders(root)) {
            TestFiles.replaceIn(folder.resolve("incident.yaml"), "slug: ", "slug: " + prefix);
        }
    }

    @AfterEach
    void cleanUp() {
        TestFiles.deleteRecursively(root);
        // the copies share every sample trace with the shipped incidents: left published they would compete with
        // them in the matches of every later test (the model shares the probability among identical candidates)
        List<Incident> copies = QuarkusTransaction.requiringNew().call(() -> Incident.<Incident>list("slug like ?1",
                prefix + "%"));
        for (Incident copy : copies) {
            if (copy.status == io.tracekb.incident.IncidentStatus.PUBLISHED) {
                articles.archive(copy.slug, copy.version, "test");
            }
        }
    }

    @Test
    void theShippedIncidentsImportWithThreeLanguagesFixesAndTraces() {
        List<Result> results = importer.importAll(root);

        assertThat(results).hasSize(ContentImporter.incidentFolders(root).size()).hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(r -> assertThat(r.outcome()).isEqualTo(Outcome.CREATED));
        for (Result r : results) {
            IncidentData d = articles.find(r.slug()).orElseThrow();
            assertThat(d.translations()).as(r.slug()).containsKeys("en", "ja", "zh");
            assertThat(d.translations().values()).allSatisfy(t -> {
                assertThat(t.title()).isNotBlank();
                assertThat(t.body()).isNotBlank();
            });
            assertThat(d.fixes()).as(r.slug()).isNotEmpty();
            assertThat(d.sampleTraces()).as(r.slug()).isNotEmpty();
        }
    }

    /**
     * The import's saves are indexed together when it returns, in one commit of the index (one fsync, not one per
     * incident), each at the version the database holds; an update later is indexed the same way.
     */
    @Test
    void everyImportedIncidentIsSearchableAtItsVersionWhenTheImportReturnsAfterOneIndexCommit() {
        long commitsBefore = indexCommitGeneration();

        List<Result> results = importer.importAll(root);

        assertThat(indexCommitGeneration()).isEqualTo(commitsBefore + 1);
        assertThat(results).hasSizeGreaterThanOrEqualTo(3).allSatisfy(r -> {
            long[] idAndVersion = idAndVersion(r.slug());
            boolean draft = IncidentFolder.read(r.folder()).status() == io.tracekb.incident.IncidentStatus.DRAFT;
            // drafts are never matched, so never indexed
            assertThat(searchIndex.index().indexedVersion(idAndVersion[0])).as(r.slug())
                    .isEqualTo(draft ? null : idAndVersion[1]);
        });

        long[] before = idAndVersion(prefix + "flink-memory-state-too-large");
        Path folder = root.resolve("flink/memory-state-too-large");
        TestFiles.replaceIn(folder.resolve("en.md"), "title: ", "title: Updated - ");
        importer.importAll(root);
        long[] updated = idAndVersion(prefix + "flink-memory-state-too-large");
        assertThat(updated[1]).isGreaterThan(before[1]);
        assertThat(searchIndex.index().indexedVersion(updated[0])).isEqualTo(updated[1]);
        assertThat(indexCommitGeneration()).isEqualTo(commitsBefore + 2);
    }

    private long[] idAndVersion(String slug) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Incident incident = incidents.findBySlug(slug).orElseThrow();
            return new long[] {incident.id, incident.version};
        });
    }

    private long indexCommitGeneration() {
        return IndexCommits.generation(searchIndex.index().path());
    }

    /** Two instances starting together on one database import the same content/ at the same moment. */
    @Test
    void twoImportsAtOnceCreateEachIncidentOnceAndFailNothing() throws Exception {
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ExecutorService two = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            java.util.concurrent.Callable<List<Result>> importAll = () -> {
                go.await();
                return importer.importAll(root);
            };
            var first = two.submit(importAll);
            var second = two.submit(importAll);
            go.countDown();
            List<Result> results = new java.util.ArrayList<>(first.get());
            results.addAll(second.get());

            int folders = ContentImporter.incidentFolders(root).size();
            assertThat(results).extracting(Result::outcome).doesNotContain(Outcome.FAILED);
            assertThat(results).filteredOn(r -> r.outcome() == Outcome.CREATED).extracting(Result::slug)
                    .hasSize(folders).doesNotHaveDuplicates();
            assertThat(results).filteredOn(r -> r.outcome() == Outcome.UNCHANGED).hasSize(folders);
            assertThat(revisionCounts()).containsOnly(1);
        } finally {
            two.shutdownNow();
        }
    }

    @Test
    void importingTwiceChangesNothing() {
        importer.importAll(root);
        List<Integer> revisionsBefore = revisionCounts();

        List<Result> second = importer.importAll(root);

        assertThat(second).extracting(Result::outcome).containsOnly(Outcome.UNCHANGED);
        assertThat(revisionCounts()).isEqualTo(revisionsBefore).containsOnly(1);
    }

    @Test
    void aSecondImportDoesNotReadFoldersWhoseFilesAreUnchanged() {
        assertThat(importer.importAll(root)).allSatisfy(r -> assertThat(r.detail()).isNull());

        assertThat(importer.importAll(root)).allSatisfy(r -> {
            assertThat(r.outcome()).isEqualTo(Outcome.UNCHANGED);
            assertThat(r.detail()).isEqualTo(ContentImporter.UNREAD);
        });
    }

    @Test
    void aFolderWhoseBytesChangedIsReadAgainAndUpdated() {
        importer.importAll(root);
        Path folder = root.resolve("flink/memory-state-too-large");
        TestFiles.replaceIn(folder.resolve("en.md"), "title: ", "title: Updated - ");

        List<Result> results = importer.importAll(root);

        assertThat(results).filteredOn(r -> r.folder().equals(folder)).singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo(Outcome.UPDATED));
        assertThat(results).filteredOn(r -> !r.folder().equals(folder))
                .allSatisfy(r -> assertThat(r.detail()).isEqualTo(ContentImporter.UNREAD));
        assertThat(articles.find(prefix + "flink-memory-state-too-large").orElseThrow().translations().get("en")
                .title()).startsWith("Updated - ");
    }

    /** The cache of folder hashes is a shortcut to a folder's content hash, never a decision: the database is. */
    @Test
    void aFolderKnownByItsBytesIsImportedAgainWhenTheDatabaseNoLongerHasItsImport() {
        importer.importAll(root);
        String slug = prefix + "flink-memory-state-too-large";
        io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() -> io.tracekb.incident.Incident
                .getEntityManager().createNativeQuery("update incident set content_hash = null where slug = ?1")
                .setParameter(1, slug).executeUpdate());

        List<Result> results = importer.importAll(root);

        assertThat(results).filteredOn(r -> slug.equals(r.slug())).singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo(Outcome.UPDATED));
        assertThat(importer.importAll(root)).extracting(Result::outcome).containsOnly(Outcome.UNCHANGED);
    }

    @Test
    void aChangedFileUpdatesItsIncidentWithExactlyOneRevision() {
        importer.importAll(root);
        Path folder = root.resolve("flink/memory-state-too-large");
        String slug = prefix + "flink-memory-state-too-large";
        String oldTitle = articles.find(slug).orElseThrow().translations().get("en").title();
        TestFiles.replaceIn(folder.resolve("en.md"), "title: ", "title: Updated - ");

        Result result = importer.importFolder(folder);

        assertThat(result.outcome()).isEqualTo(Outcome.UPDATED);
        assertThat(articles.find(slug).orElseThrow().translations().get("en").title()).startsWith("Updated - ")
                .isNotEqualTo(oldTitle);
        assertThat(articles.revisions(slug)).hasSize(2);
        // and the next import sees it as in sync
        assertThat(importer.importFolder(folder).outcome()).isEqualTo(Outcome.UNCHANGED);
        assertThat(articles.revisions(slug)).hasSize(2);
    }

    @Test
    void anIncidentEditedInTheAppIsNotOverwrittenByImport() {
        importer.importAll(root);
        String slug = prefix + "flink-memory-state-too-large";
        IncidentData current = articles.find(slug).orElseThrow();
        long version = articles.revisions(slug).get(0).version;
        articles.update(slug, SampleIncidents.withEnglishTitle(current, "Edited in the app"), version, "editor", null);
        Path folder = root.resolve("flink/memory-state-too-large");
        TestFiles.replaceIn(folder.resolve("en.md"), "title: ", "title: Changed in git - ");

        Result result = importer.importFolder(folder);

        assertThat(result.outcome()).isEqualTo(Outcome.KEPT_APP_EDIT);
        assertThat(result.detail()).contains("edited in the app");
        assertThat(articles.find(slug).orElseThrow().translations().get("en").title()).isEqualTo("Edited in the app");
        assertThat(articles.revisions(slug)).hasSize(2);
    }

    @Test
    void aBrokenFolderIsReportedAndDoesNotStopTheOthers() throws IOException {
        Files.writeString(root.resolve("flink/memory-state-too-large/incident.yaml"), "slug: [unclosed\n");

        List<Result> results = importer.importAll(root);

        assertThat(results).filteredOn(r -> r.outcome() == Outcome.FAILED).singleElement()
                .satisfies(r -> assertThat(r.detail()).contains("incident.yaml"));
        assertThat(results).filteredOn(r -> r.outcome() == Outcome.CREATED)
                .hasSize(ContentImporter.incidentFolders(root).size() - 1);
    }

    @Test
    void anInvalidIncidentIsReportedWithItsFieldsAndNothingIsStored() {
        TestFiles.replaceIn(root.resolve("flink/memory-state-too-large/incident.yaml"), "product: flink",
                "product: Not Valid");

        Result result = importer.importFolder(root.resolve("flink/memory-state-too-large"));

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.detail()).contains("product");
        assertThat(articles.find(prefix + "flink-memory-state-too-large")).isEmpty();
    }

    @Test
    void exportWritesWhatTheAppHoldsAndAReimportSeesItInSync() throws IOException {
        importer.importAll(root);
        String slug = prefix + "flink-memory-state-too-large";
        IncidentData current = articles.find(slug).orElseThrow();
        long version = articles.revisions(slug).get(0).version;
        articles.update(slug, SampleIncidents.withEnglishTitle(current, "Edited then exported"), version, "editor",
                null);

        exporter.exportAll(root);

        IncidentData exported = IncidentFolder.read(root.resolve("flink/memory-state-too-large"));
        assertThat(exported.translations().get("en").title()).isEqualTo("Edited then exported");
        assertThat(importer.importAll(root)).extracting(Result::outcome).containsOnly(Outcome.UNCHANGED);
    }

    @Inject
    ContentExporter exporter;

    @Test
    void exportNeverWritesAnIncidentIntoAnotherOnesFolder() {
        Path flink = Path.of("content", "flink");
        java.util.Set<Path> taken = new java.util.HashSet<>(List.of(flink.resolve("memory-state-too-large")));
        assertThat(ContentExporter.freeFolder(flink, "memory-state-too-large", "flink-memory-state-too-large", taken))
                .isEqualTo(flink.resolve("flink-memory-state-too-large"));
        taken.add(flink.resolve("flink-memory-state-too-large"));
        assertThat(ContentExporter.freeFolder(flink, "memory-state-too-large", "flink-memory-state-too-large", taken))
                .isEqualTo(flink.resolve("flink-memory-state-too-large-2"));
        assertThat(ContentExporter.freeFolder(flink, "other", "flink-other", taken)).isEqualTo(flink.resolve("other"));
    }

    private List<Integer> revisionCounts() {
        return ContentImporter.incidentFolders(root).stream()
                .map(f -> articles.revisions(IncidentFolder.read(f).slug()).size())
                .toList();
    }
}
