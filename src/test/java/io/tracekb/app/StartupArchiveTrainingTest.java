package io.tracekb.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The training run itself runs in every build (pom.xml, execution cds-archive); here, what it sends. */
class StartupArchiveTrainingTest {

    @Test
    void theShippedContentGivesAFullSetOfTraces() {
        List<String> traces = StartupArchiveTraining.sampleTraces(Path.of("content"));
        assertThat(traces).hasSize(StartupArchiveTraining.TRACES).allSatisfy(t -> assertThat(t).isNotBlank());
        // the first file in path order
        assertThat(traces.get(0)).isEqualTo(read(Path.of("content/clickhouse/flush-exception-found/traces/1.txt")));
    }

    @Test
    void onlyFilesInTracesFoldersAreSentInPathOrder(@TempDir Path content) throws IOException {
        write(content.resolve("b/incident/traces/1.txt"), "second");
        write(content.resolve("a/incident/traces/2.txt"), "first");
        write(content.resolve("a/incident/en.md"), "not a trace");
        write(content.resolve("a/incident/traces/notes.md"), "not a trace either");
        assertThat(StartupArchiveTraining.sampleTraces(content)).containsExactly("first", "second");
    }

    @Test
    void aMissingOrEmptyContentDirectoryGivesNothing(@TempDir Path dir) {
        assertThat(StartupArchiveTraining.sampleTraces(dir.resolve("missing"))).isEmpty();
        assertThat(StartupArchiveTraining.sampleTraces(dir)).isEmpty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
