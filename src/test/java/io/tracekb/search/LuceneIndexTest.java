package io.tracekb.search;

import io.tracekb.trace.HintCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tracekb.incident.IncidentData;
import io.tracekb.content.IncidentFolder;
import io.tracekb.testing.TestFiles;
import io.tracekb.trace.Hint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The index on disk: reused when sound, replaced when missing, damaged or of another schema. */
class LuceneIndexTest {

    Path dir;

    @BeforeEach
    void setUp() throws IOException {
        dir = Files.createTempDirectory("index-");
    }

    @AfterEach
    void tearDown() {
        TestFiles.deleteRecursively(dir);
    }

    @Test
    void aNewDirectoryIsCreatedThenReused() {
        LuceneIndex.Opened first = LuceneIndex.open(dir);
        assertThat(first.state()).isEqualTo(LuceneIndex.OpenState.CREATED);
        first.index().put(sample(1, 3));
        first.index().close();

        LuceneIndex.Opened second = LuceneIndex.open(dir);
        assertThat(second.state()).isEqualTo(LuceneIndex.OpenState.REUSED);
        assertThat(second.index().indexedVersions()).isEqualTo(Map.of(1L, 3L));
        second.index().close();
    }

    @Test
    void aDamagedIndexIsReplaced() throws IOException {
        LuceneIndex.Opened first = LuceneIndex.open(dir);
        first.index().put(sample(1, 1));
        first.index().close();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> !p.getFileName().toString().equals("write.lock")).toList()) {
                Files.write(f, new byte[] { 1, 2, 3 }); // every file garbled
            }
        }

        LuceneIndex.Opened reopened = LuceneIndex.open(dir);

        assertThat(reopened.state()).isEqualTo(LuceneIndex.OpenState.REPLACED_DAMAGED);
        assertThat(reopened.index().size()).isZero();
        reopened.index().close();
    }

    /**
     * A clean close records the commit's files; the next open trusts an index found exactly so and skips reading
     * every checksum, and any file touched since (or a crash, which leaves no record) brings the whole check back.
     */
    @Test
    void aCleanlyClosedUntouchedIndexIsReusedWithoutTheChecksumPassAndATouchedOneIsChecked() throws IOException {
        LuceneIndex.Opened first = LuceneIndex.open(dir);
        first.index().put(sample(1, 1));
        first.index().close();
        assertThat(dir.resolve(CleanCloseRecord.FILE)).exists();

        // bytes overwritten in the middle of a file, its size and modification time kept: not looked for, as
        // Lucene does not look either when it opens an index; this is what the record saves at every restart
        Path largest = largestFile();
        java.nio.file.attribute.FileTime modified = Files.getLastModifiedTime(largest);
        overwriteMiddle(largest);
        Files.setLastModifiedTime(largest, modified);
        LuceneIndex.Opened trusted = LuceneIndex.open(dir);
        assertThat(trusted.state()).isEqualTo(LuceneIndex.OpenState.REUSED);
        // while open, no record: a crash now means the whole check at the next start
        assertThat(dir.resolve(CleanCloseRecord.FILE)).doesNotExist();
        trusted.index().close();

        // the same damage with the time the write gave the file: the record does not match, the check finds it
        overwriteMiddle(largestFile());
        LuceneIndex.Opened checked = LuceneIndex.open(dir);
        assertThat(checked.state()).isEqualTo(LuceneIndex.OpenState.REPLACED_DAMAGED);
        checked.index().close();
    }

    private Path largestFile() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("_"))
                    .max(java.util.Comparator.comparingLong(p -> p.toFile().length())).orElseThrow();
        }
    }

    private static void overwriteMiddle(Path file) throws IOException {
        try (java.nio.channels.FileChannel f = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.WRITE)) {
            f.write(java.nio.ByteBuffer.wrap(new byte[] { 0x13, 0x37, 0x13, 0x37 }), f.size() / 2);
        }
    }

    @Test
    void anIndexOfAnotherSchemaVersionIsReplaced() throws IOException {
        try (FSDirectory d = FSDirectory.open(dir);
                IndexWriter w = new IndexWriter(d, new IndexWriterConfig())) {
            w.setLiveCommitData(List.of(Map.entry(IndexFields.SCHEMA_KEY, "0")));
            w.commit();
        }

        LuceneIndex.Opened opened = LuceneIndex.open(dir);

        assertThat(opened.state()).isEqualTo(LuceneIndex.OpenState.REPLACED_OTHER_SCHEMA);
        opened.index().close();
    }

    @Test
    void unpublishedIncidentsAreRemovedFromTheIndex() {
        LuceneIndex index = LuceneIndex.open(dir).index();
        index.put(sample(1, 1));
        index.commit();
        IndexedIncident s = sample(1, 2);
        index.put(new IndexedIncident(s.id(), s.version(), s.slug(), s.product(), false, s.textByLanguage(),
                s.traces(), s.titles(), s.affectedVersions()));
        index.commit();

        assertThat(index.size()).isZero();
        index.close();
    }

    @Test
    void aPastedTraceFindsAnIncidentWhoseOnlySampleIsTheSameMessageLogged() {
        LuceneIndex index = LuceneIndex.open(dir).index();
        String logged = "SqlServer database test do not enable cdc.\n";
        index.put(new IndexedIncident(1, 1, "sqlserver-cdc-not-enabled", "flink-cdc", true,
                Map.of("en", "SQL Server database without change data capture"),
                List.of(TraceShape.ofMessage(logged)), List.of("SQL Server database without change data capture"), null));
        index.put(withTrace(2, 1, "org.apache.flink.table.api.ValidationException: Unsupported options found for "
                + "'jdbc'.\n\tat org.apache.flink.table.factories.FactoryUtil.validateUnconsumedKeys(FactoryUtil.java:624)\n"));
        index.put(new IndexedIncident(3, 1, "another-logged-message", "flink", true, Map.of("en", "Heartbeat"),
                List.of(TraceShape.ofMessage("The heartbeat of TaskManager with id abc timed out.\n")),
                List.of("Heartbeat"), null));
        index.commit();
        String paste = "[ERROR] Could not execute SQL statement. Reason:\n"
                + "org.apache.flink.table.api.ValidationException: SqlServer database dkw do not enable cdc.\n";

        List<MatchResult> results = new Ranker(index).rank(PasteAnalysis.of(paste), 5).results();

        assertThat(results.get(0).slug()).isEqualTo("sqlserver-cdc-not-enabled");
        assertThat(results.get(0).why()).extracting(Reason::kind).contains(Reason.Kind.TEMPLATE_SIMILAR);
        // a logged message of another failure is no candidate for it
        assertThat(results).extracting(MatchResult::slug).doesNotContain("another-logged-message");
        index.close();
    }

    @Test
    void anOlderVersionWrittenAfterANewerOneIsIgnoredEvenBeforeARefresh() {
        LuceneIndex index = LuceneIndex.open(dir).index();
        assertThat(index.put(sample(1, 1))).isTrue();
        assertThat(index.put(sample(1, 3))).isTrue();
        // a writer that read version 2 before version 3 was saved, writing after it: not yet visible to
        // indexedVersion, which still says null here
        assertThat(index.indexedVersion(1)).isNull();
        assertThat(index.put(sample(1, 2))).isFalse();
        assertThat(index.put(sample(1, 3))).isTrue(); // the same version again (a rebuild) is written
        index.commit();

        assertThat(index.indexedVersions()).isEqualTo(Map.of(1L, 3L));
        index.close();
    }

    @Test
    void anUpdatedIncidentIsRankedByItsNewSampleTracesNotByWhatWasReadBefore() {
        LuceneIndex index = LuceneIndex.open(dir).index();
        String before = "java.io.IOException: Size of the state is larger than the maximum permitted memory-backed state.\n"
                + "\tat org.apache.flink.runtime.state.memory.MemCheckpointStreamFactory.checkSize(MemCheckpointStreamFactory.java:64)\n";
        String after = "java.lang.OutOfMemoryError: Metaspace\n"
                + "\tat java.lang.ClassLoader.defineClass1(Native Method)\n";
        index.put(withTrace(1, 1, before));
        index.commit();
        Ranker ranker = new Ranker(index);
        assertThat(ranker.rank(PasteAnalysis.of(before), 5).results()).singleElement()
                .satisfies(r -> assertThat(r.sameFingerprint()).isTrue()); // its stored shapes are now cached

        index.put(withTrace(1, 2, after));
        index.commit();

        assertThat(ranker.rank(PasteAnalysis.of(after), 5).results()).singleElement()
                .satisfies(r -> assertThat(r.sameFingerprint()).isTrue());
        assertThat(ranker.rank(PasteAnalysis.of(before), 5).results())
                .allSatisfy(r -> assertThat(r.sameFingerprint()).isFalse());
        index.close();
    }

    @Test
    void aTraceCutOffAboveItsCauseIsAnsweredButNeverConfidentlyAndIsToldSo() {
        LuceneIndex index = LuceneIndex.open(dir).index();
        String wrapperOnly = "org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy\n"
                + "\tat org.apache.flink.runtime.executiongraph.failover.flip1.ExecutionFailureHandler.handleFailure"
                + "(ExecutionFailureHandler.java:138)\n"
                + "\tat org.apache.flink.runtime.executiongraph.failover.flip1.ExecutionFailureHandler"
                + ".getFailureHandlingResult(ExecutionFailureHandler.java:82)\n";
        String withCause = wrapperOnly + "Caused by: java.lang.OutOfMemoryError: Metaspace\n"
                + "\tat java.lang.ClassLoader.defineClass1(Native Method)\n";
        index.put(withTrace(1, 1, wrapperOnly));
        index.put(withTrace(2, 1, withCause));
        index.commit();
        // any probability would be confident: only the cut-off paste's own state may withhold it
        Ranker ranker = new Ranker(index, io.tracekb.search.ranking.RankingModel.shipped(), 0);

        MatchOutcome cut = ranker.rank(PasteAnalysis.of(wrapperOnly), 5);
        MatchOutcome whole = ranker.rank(PasteAnalysis.of(withCause), 5);

        // the same trace pasted again is still found first, but the failure behind it is not in the paste
        assertThat(cut.results().get(0).slug()).isEqualTo(withTrace(1, 1, wrapperOnly).slug());
        assertThat(cut.results()).noneMatch(MatchResult::confident);
        assertThat(cut.paste().parse().hints()).extracting(Hint::code).containsExactly(HintCode.TRUNCATED_BEFORE_ROOT_CAUSE);
        assertThat(whole.results().get(0).confident()).isTrue();
        assertThat(whole.paste().parse().hints()).isEmpty();
        index.close();
    }

    @Test
    void anIncidentAboutAWrapperIsSuggestedButNeverVouchedForEvenWhenThePasteShowsItsCause() {
        LuceneIndex index = LuceneIndex.open(dir).index();
        String wrapper = "org.apache.flink.streaming.runtime.tasks.ExceptionInChainedOperatorException: Could not "
                + "forward element to next operator\n"
                + "\tat org.apache.flink.streaming.runtime.tasks.ChainingOutput.pushToOperator(ChainingOutput.java:88)\n"
                + "\tat org.apache.flink.streaming.runtime.tasks.ChainingOutput.collect(ChainingOutput.java:59)\n";
        String specific = "java.lang.IllegalStateException: Producer send queue is full\n"
                + "\tat org.example.Sink.invoke(Sink.java:41)\n";
        index.put(withTrace(1, 1, wrapper));
        index.put(withTrace(2, 1, specific));
        index.commit();
        // any probability would be confident: only what the incident is about may withhold it
        Ranker ranker = new Ranker(index, io.tracekb.search.ranking.RankingModel.shipped(), 0);

        MatchOutcome toWrapper = ranker.rank(PasteAnalysis.of(wrapper + "Caused by: java.lang.RuntimeException: boom\n"
                + "\tat org.example.Map.map(Map.java:7)\n"), 5);
        MatchOutcome toSpecific = ranker.rank(PasteAnalysis.of(specific), 5);

        assertThat(toWrapper.results()).filteredOn(r -> r.slug().equals("incident-1")).singleElement()
                .satisfies(r -> assertThat(r.confident()).isFalse());
        assertThat(toSpecific.results().get(0).slug()).isEqualTo("incident-2");
        assertThat(toSpecific.results().get(0).confident()).isTrue();
        index.close();
    }

    @Test
    void anEditedIncidentShowsItsNewCardNotTheOneShownBefore() {
        LuceneIndex index = LuceneIndex.open(dir).index();
        IndexedIncident first = sample(1, 1);
        index.put(first);
        index.commit();
        String slug = first.slug();
        String titleBefore = IndexedCards.find(index, slug).orElseThrow().translations().get("en").title();
        assertThat(IndexedCards.find(index, slug)).isSameAs(IndexedCards.find(index, slug)); // decoded once

        IncidentData edited = IncidentFolder.read(Path.of("content/flink/memory-state-too-large"));
        Map<String, IncidentData.TranslationData> titles = new java.util.LinkedHashMap<>(edited.translations());
        IncidentData.TranslationData en = titles.get("en");
        titles.put("en", new IncidentData.TranslationData("Edited: " + en.title(), en.summary(), en.body(),
                en.original()));
        index.put(IndexedIncident.of(1, 2, new IncidentData(edited.slug(), edited.product(), edited.tags(),
                edited.affectedVersions(), edited.status(), titles, edited.fixes(), edited.sampleTraces())));
        index.commit();

        assertThat(IndexedCards.find(index, slug).orElseThrow().translations().get("en").title())
                .isEqualTo("Edited: " + titleBefore);
        index.remove(1);
        index.commit();
        assertThat(IndexedCards.find(index, slug)).isEmpty();
        index.close();
    }

    @Test
    void aPastedVersionInsideOrOutsideTheAffectedRangeIsAReasonAndOutsideCostsATenth() {
        LuceneIndex index = LuceneIndex.open(dir).index();
        String trace = "java.lang.OutOfMemoryError: Metaspace\n"
                + "\tat java.lang.ClassLoader.defineClass1(Native Method) ~[?:1.8.0_292]\n"
                + "\tat org.apache.flink.util.ChildFirstClassLoader.loadClassWithoutExceptionHandling"
                + "(ChildFirstClassLoader.java:71) ~[flink-dist_2.12-%s.jar:%s]\n";
        IndexedIncident incident = withTrace(1, 1, trace.formatted("1.12.0", "1.12.0"));
        index.put(new IndexedIncident(1, 1, incident.slug(), "flink", true, incident.textByLanguage(), incident.traces(),
                incident.titles(), "1.10-1.13 (Metaspace limit set by Flink)"));
        index.commit();
        Ranker ranker = new Ranker(index);

        MatchResult inside = ranker.rank(PasteAnalysis.of(trace.formatted("1.13.5", "1.13.5")), 5).results().get(0);
        MatchResult outside = ranker.rank(PasteAnalysis.of(trace.formatted("1.17.1", "1.17.1")), 5).results().get(0);

        assertThat(inside.why()).contains(Reason.of(Reason.Kind.VERSION_INSIDE_AFFECTED, "Flink", "1.13.5",
                "1.10-1.13 (Metaspace limit set by Flink)"));
        assertThat(outside.why()).contains(Reason.of(Reason.Kind.VERSION_OUTSIDE_AFFECTED, "Flink", "1.17.1",
                "1.10-1.13 (Metaspace limit set by Flink)"));
        assertThat(outside.score()).isLessThan(inside.score());
        index.close();
    }

    @Test
    void anIndexWithOneSegmentFileOverwrittenInTheMiddleIsReplaced() throws IOException {
        LuceneIndex.Opened first = LuceneIndex.open(dir);
        first.index().put(sample(1, 1));
        first.index().close();
        Path biggest;
        try (Stream<Path> files = Files.list(dir)) {
            biggest = files.filter(p -> !p.getFileName().toString().startsWith("segments")
                    && !p.getFileName().toString().equals("write.lock"))
                    .max(java.util.Comparator.comparingLong(p -> p.toFile().length())).orElseThrow();
        }
        // a few bytes in the middle: headers, footers and lengths stay intact, only the checksum can tell
        try (java.nio.channels.FileChannel f = java.nio.channels.FileChannel.open(biggest,
                java.nio.file.StandardOpenOption.WRITE)) {
            f.write(java.nio.ByteBuffer.wrap(new byte[] { 0x55, 0x55, 0x55, 0x55 }), f.size() / 2);
        }

        LuceneIndex.Opened reopened = LuceneIndex.open(dir);

        assertThat(reopened.state()).as(biggest.getFileName().toString()).isEqualTo(LuceneIndex.OpenState.REPLACED_DAMAGED);
        assertThat(reopened.index().size()).isZero();
        reopened.index().close();
    }

    @Test
    void anIndexWithATruncatedCommitPointIsReplaced() throws IOException {
        LuceneIndex.Opened first = LuceneIndex.open(dir);
        first.index().put(sample(1, 1));
        first.index().close();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path segments : files.filter(p -> p.getFileName().toString().startsWith("segments_")).toList()) {
                try (java.nio.channels.FileChannel f = java.nio.channels.FileChannel.open(segments,
                        java.nio.file.StandardOpenOption.WRITE)) {
                    f.truncate(f.size() / 2);
                }
            }
        }

        assertThat(LuceneIndex.open(dir).state()).isEqualTo(LuceneIndex.OpenState.REPLACED_DAMAGED);
    }

    @Test
    void aFullDiskFailsWritesClearlyWhileSearchesGoOnAndTheNextWriteAfterwardsWorks() {
        AtomicBoolean full = new AtomicBoolean();
        LuceneIndex index = LuceneIndex.open(dir, p -> new FullDiskDirectory(FSDirectory.open(p), full)).index();
        index.put(sample(1, 1));
        index.commit();

        full.set(true);
        IndexedIncident other = renamed(sample(2, 1), "another-incident");
        assertThatThrownBy(() -> {
            index.put(other);
            index.commit();
        }).isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageContaining(dir.toAbsolutePath().toString()).hasMessageContaining(FullDiskDirectory.NO_SPACE);
        assertThat(index.failure()).hasValueSatisfying(f -> assertThat(f.message()).contains(FullDiskDirectory.NO_SPACE));
        // what was committed before stays searchable
        assertThat(index.indexedVersions()).isEqualTo(Map.of(1L, 1L));
        assertThat(IndexedCards.find(index, "flink-memory-state-too-large")).isPresent();

        full.set(false);
        index.put(other);
        index.commit();

        assertThat(index.failure()).isEmpty();
        assertThat(index.indexedVersions()).isEqualTo(Map.of(1L, 1L, 2L, 1L));
        index.close();
        // and what the reopened writer committed is on disk
        LuceneIndex.Opened again = LuceneIndex.open(dir);
        assertThat(again.state()).isEqualTo(LuceneIndex.OpenState.REUSED);
        assertThat(again.index().indexedVersions()).isEqualTo(Map.of(1L, 1L, 2L, 1L));
        again.index().close();
    }

    private static IndexedIncident renamed(IndexedIncident s, String slug) {
        return new IndexedIncident(s.id(), s.version(), slug, s.product(), true, s.textByLanguage(), s.traces(),
                s.titles(), s.affectedVersions(), s.card());
    }

    private static IndexedIncident withTrace(long id, long version, String trace) {
        return new IndexedIncident(id, version, "incident-" + id, "flink", true, Map.of("en", "An incident"),
                List.of(TraceShape.of(PasteAnalysis.of(trace))), List.of("An incident"), null);
    }

    private static IndexedIncident sample(long id, long version) {
        return IndexedIncident.of(id, version, IncidentFolder.read(Path.of("content/flink/memory-state-too-large")));
    }
}
