package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tracekb.content.IncidentFolder;
import io.tracekb.testing.TestFiles;
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
class TraceIndexTest {

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
        TraceIndex.Opened first = TraceIndex.open(dir);
        assertThat(first.state()).isEqualTo(TraceIndex.OpenState.CREATED);
        first.index().put(sample(1, 3));
        first.index().close();

        TraceIndex.Opened second = TraceIndex.open(dir);
        assertThat(second.state()).isEqualTo(TraceIndex.OpenState.REUSED);
        assertThat(second.index().indexedVersions()).isEqualTo(Map.of(1L, 3L));
        second.index().close();
    }

    @Test
    void aDamagedIndexIsReplaced() throws IOException {
        TraceIndex.Opened first = TraceIndex.open(dir);
        first.index().put(sample(1, 1));
        first.index().close();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> !p.getFileName().toString().equals("write.lock")).toList()) {
                Files.write(f, new byte[] { 1, 2, 3 }); // every file garbled
            }
        }

        TraceIndex.Opened reopened = TraceIndex.open(dir);

        assertThat(reopened.state()).isEqualTo(TraceIndex.OpenState.REPLACED_DAMAGED);
        assertThat(reopened.index().size()).isZero();
        reopened.index().close();
    }

    @Test
    void anIndexOfAnotherSchemaVersionIsReplaced() throws IOException {
        try (FSDirectory d = FSDirectory.open(dir);
                IndexWriter w = new IndexWriter(d, new IndexWriterConfig())) {
            w.setLiveCommitData(List.of(Map.entry(IndexFields.SCHEMA_KEY, "0")));
            w.commit();
        }

        TraceIndex.Opened opened = TraceIndex.open(dir);

        assertThat(opened.state()).isEqualTo(TraceIndex.OpenState.REPLACED_OTHER_SCHEMA);
        opened.index().close();
    }

    @Test
    void unpublishedIncidentsAreRemovedFromTheIndex() {
        TraceIndex index = TraceIndex.open(dir).index();
        index.put(sample(1, 1));
        index.commit();
        IndexedIncident s = sample(1, 2);
        index.put(new IndexedIncident(s.id(), s.version(), s.slug(), s.product(), false, s.textByLanguage(),
                s.traces(), s.titles()));
        index.commit();

        assertThat(index.size()).isZero();
        index.close();
    }

    @Test
    void anIndexWithOneSegmentFileOverwrittenInTheMiddleIsReplaced() throws IOException {
        TraceIndex.Opened first = TraceIndex.open(dir);
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

        TraceIndex.Opened reopened = TraceIndex.open(dir);

        assertThat(reopened.state()).as(biggest.getFileName().toString()).isEqualTo(TraceIndex.OpenState.REPLACED_DAMAGED);
        assertThat(reopened.index().size()).isZero();
        reopened.index().close();
    }

    @Test
    void anIndexWithATruncatedCommitPointIsReplaced() throws IOException {
        TraceIndex.Opened first = TraceIndex.open(dir);
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

        assertThat(TraceIndex.open(dir).state()).isEqualTo(TraceIndex.OpenState.REPLACED_DAMAGED);
    }

    @Test
    void aFullDiskFailsWritesClearlyWhileSearchesGoOnAndTheNextWriteAfterwardsWorks() {
        AtomicBoolean full = new AtomicBoolean();
        TraceIndex index = TraceIndex.open(dir, p -> new FullDiskDirectory(FSDirectory.open(p), full)).index();
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
        assertThat(IncidentCards.find(index, "flink-memory-state-too-large")).isPresent();

        full.set(false);
        index.put(other);
        index.commit();

        assertThat(index.failure()).isEmpty();
        assertThat(index.indexedVersions()).isEqualTo(Map.of(1L, 1L, 2L, 1L));
        index.close();
        // and what the reopened writer committed is on disk
        TraceIndex.Opened again = TraceIndex.open(dir);
        assertThat(again.state()).isEqualTo(TraceIndex.OpenState.REUSED);
        assertThat(again.index().indexedVersions()).isEqualTo(Map.of(1L, 1L, 2L, 1L));
        again.index().close();
    }

    private static IndexedIncident renamed(IndexedIncident s, String slug) {
        return new IndexedIncident(s.id(), s.version(), slug, s.product(), true, s.textByLanguage(), s.traces(),
                s.titles(), s.card());
    }

    private static IndexedIncident sample(long id, long version) {
        return IndexedIncident.of(id, version, IncidentFolder.read(Path.of("content/flink/memory-state-too-large")));
    }
}
