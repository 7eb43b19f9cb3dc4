package io.tracekb.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tracekb.incident.FieldError;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentValidator;
import io.tracekb.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The content format on its own, without a database. */
class IncidentFolderTest {

    static final Path SHIPPED = Path.of("content");
    Path tmp;

    @BeforeEach
    void setUp() throws IOException {
        tmp = Files.createTempDirectory("folder-");
    }

    @AfterEach
    void tearDown() {
        TestFiles.deleteRecursively(tmp);
    }

    @Test
    void everyShippedIncidentIsValidWithThreeLanguages() {
        List<Path> folders = ContentImporter.incidentFolders(SHIPPED);
        assertThat(folders).hasSizeGreaterThanOrEqualTo(3);
        for (Path folder : folders) {
            IncidentData d = IncidentFolder.read(folder);
            List<FieldError> errors = IncidentValidator.validate(d);
            assertThat(errors).as(folder.toString()).isEmpty();
            assertThat(d.translations()).as(folder.toString()).containsKeys("en", "ja", "zh");
            assertThat(d.translations().values().stream().filter(IncidentData.TranslationData::isOriginal))
                    .as("exactly one original in " + folder).hasSize(1);
            assertThat(d.fixes()).as(folder.toString()).isNotEmpty()
                    .allSatisfy(f -> assertThat(f.texts()).containsKeys("en", "ja", "zh"));
            assertThat(d.sampleTraces()).as(folder.toString()).isNotEmpty();
        }
    }

    @Test
    void theSeedTracesAreKeptExactlyAsTheyAppearInTheSeeds() throws IOException {
        Path seeds = Path.of("../shared/seeds");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(seeds), "shared/seeds not beside the clone");
        String seed000 = Files.readString(seeds.resolve("000_84dbdbaa68ce8184.txt"));
        String trace = IncidentFolder.read(SHIPPED.resolve("flink/memory-state-too-large")).sampleTraces().get(0).text();
        assertThat(seed000).contains(trace);
        assertThat(trace).startsWith("AsynchronousException{java.lang.Exception: Could not materialize checkpoint 1143")
                .endsWith("Consider using a different state backend, like the File System State backend.]");
    }

    @Test
    void writingThenReadingGivesTheSameIncident() {
        for (Path folder : ContentImporter.incidentFolders(SHIPPED)) {
            IncidentData original = IncidentFolder.read(folder);
            Path copy = tmp.resolve(folder.getFileName());

            IncidentFolder.write(copy, original);

            assertThat(IncidentFolder.read(copy)).isEqualTo(original);
            assertThat(ContentHash.of(IncidentFolder.read(copy))).isEqualTo(ContentHash.of(original));
        }
    }

    @Test
    void writingRemovesTranslationsAndTracesTheIncidentNoLongerHas() throws IOException {
        Path folder = tmp.resolve("x");
        TestFiles.copyTree(SHIPPED.resolve("flink/memory-state-too-large"), folder);
        Files.writeString(folder.resolve("traces/9.txt"), "stale");
        Files.writeString(folder.resolve("fr.md"), "---\ntitle: Vieux\n---\nx\n");

        IncidentFolder.write(folder, IncidentFolder.read(SHIPPED.resolve("flink/memory-state-too-large")));

        assertThat(folder.resolve("traces/9.txt")).doesNotExist();
        assertThat(folder.resolve("fr.md")).doesNotExist();
        assertThat(folder.resolve("ja.md")).exists();
    }

    @Test
    void aTracePathOutsideTheFolderIsRefused() throws IOException {
        Path folder = copyOfShipped();
        TestFiles.replaceIn(folder.resolve("incident.yaml"), "file: traces/1.txt", "file: ../../../etc/passwd");

        assertThatThrownBy(() -> IncidentFolder.read(folder)).isInstanceOf(ContentException.class)
                .hasMessageContaining("outside the incident folder");
    }

    @Test
    void anUnknownFieldIsNamed() throws IOException {
        Path folder = copyOfShipped();
        TestFiles.replaceIn(folder.resolve("incident.yaml"), "product: flink", "product: flink\nprodcut: typo");

        assertThatThrownBy(() -> IncidentFolder.read(folder)).isInstanceOf(ContentException.class)
                .hasMessageContaining("incident.yaml").hasMessageContaining("prodcut");
    }

    @Test
    void emptyYamlIsRejected() throws IOException {
        Path folder = copyOfShipped();
        Files.writeString(folder.resolve("incident.yaml"), "");

        assertThatThrownBy(() -> IncidentFolder.read(folder)).isInstanceOf(ContentException.class);
    }

    @Test
    void invalidUtf8IsRejected() throws IOException {
        Path folder = copyOfShipped();
        Files.write(folder.resolve("en.md"), new byte[] { '-', '-', '-', '\n', (byte) 0xC3, (byte) 0x28 });

        assertThatThrownBy(() -> IncidentFolder.read(folder)).isInstanceOf(ContentException.class)
                .hasMessageContaining("UTF-8");
    }

    @Test
    void unclosedFrontMatterIsRejected() throws IOException {
        Path folder = copyOfShipped();
        Files.writeString(folder.resolve("en.md"), "---\ntitle: x\nno closing line\n");

        assertThatThrownBy(() -> IncidentFolder.read(folder)).isInstanceOf(ContentException.class)
                .hasMessageContaining("en.md").hasMessageContaining("closing");
    }

    @Test
    void aHugeTraceFileIsRejected() throws IOException {
        Path folder = copyOfShipped();
        Files.writeString(folder.resolve("traces/1.txt"), "x".repeat(3 << 20));

        assertThatThrownBy(() -> IncidentFolder.read(folder)).isInstanceOf(ContentException.class)
                .hasMessageContaining("larger than");
    }

    @Test
    void windowsLineEndingsReadTheSameAsUnix() throws IOException {
        Path folder = copyOfShipped();
        Path trace = folder.resolve("traces/1.txt");
        Files.writeString(trace, Files.readString(trace).replace("\n", "\r\n"));

        assertThat(IncidentFolder.read(folder).sampleTraces().get(0).text())
                .isEqualTo(IncidentFolder.read(SHIPPED.resolve("flink/memory-state-too-large")).sampleTraces().get(0).text());
    }

    private Path copyOfShipped() {
        Path folder = tmp.resolve("copy");
        TestFiles.copyTree(SHIPPED.resolve("flink/memory-state-too-large"), folder);
        return folder;
    }
}
