package io.tracekb.content;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderHashCacheTest {

    @TempDir
    Path dir;

    @Test
    void theHashFollowsEveryByteAndEveryNameButNotTheFoldersPlace() throws IOException {
        Path a = folder("a", "title: x", "trace");
        String hash = FolderHashCache.filesHash(a);

        assertThat(FolderHashCache.filesHash(folder("elsewhere/b", "title: x", "trace"))).isEqualTo(hash);
        assertThat(FolderHashCache.filesHash(folder("c", "title: y", "trace"))).isNotEqualTo(hash);
        assertThat(FolderHashCache.filesHash(folder("d", "title: x", "trace\n"))).isNotEqualTo(hash);
        Path renamed = folder("e", "title: x", "trace");
        Files.move(renamed.resolve("traces/1.txt"), renamed.resolve("traces/2.txt"));
        assertThat(FolderHashCache.filesHash(renamed)).isNotEqualTo(hash);
        Path extra = folder("f", "title: x", "trace");
        Files.writeString(extra.resolve("ja.md"), "");
        assertThat(FolderHashCache.filesHash(extra)).isNotEqualTo(hash);
    }

    @Test
    void entriesSavedAreLoadedForTheSameVersionOnly() {
        Path file = dir.resolve("data/hashes.tsv");
        FolderHashCache.load(file, "1.0").save(Map.of("h1", new FolderHashCache.Entry("slug-a", "c1")));

        assertThat(FolderHashCache.load(file, "1.0").get("h1")).isEqualTo(new FolderHashCache.Entry("slug-a", "c1"));
        assertThat(FolderHashCache.load(file, "1.1").get("h1")).isNull();
        assertThat(FolderHashCache.load(file, "1.0").get("h2")).isNull();
    }

    @Test
    void aMissingEmptyOrDamagedFileMeansNothingIsKnown() throws IOException {
        Path file = dir.resolve("hashes.tsv");
        assertThat(FolderHashCache.load(file, "1.0").get("h1")).isNull();
        Files.writeString(file, "");
        assertThat(FolderHashCache.load(file, "1.0").get("h1")).isNull();
        Files.write(file, new byte[] { (byte) 0xff, (byte) 0xfe, 0, 1, 2 });
        assertThat(FolderHashCache.load(file, "1.0").get("h1")).isNull();
        Files.writeString(file, FolderHashCache.FORMAT + " 1.0\nh1\tonly-two-columns\nh2\tslug\tc2\n");
        assertThat(FolderHashCache.load(file, "1.0").get("h1")).isNull();
        assertThat(FolderHashCache.load(file, "1.0").get("h2")).isEqualTo(new FolderHashCache.Entry("slug", "c2"));
    }

    @Test
    void anUnwritablePlaceCostsTheCacheNotTheImport() throws IOException {
        Path blocker = dir.resolve("not-a-directory");
        Files.writeString(blocker, "x");
        FolderHashCache.load(blocker.resolve("hashes.tsv"), "1.0").save(Map.of("h", new FolderHashCache.Entry("s", "c")));
        assertThat(FolderHashCache.load(blocker.resolve("hashes.tsv"), "1.0").get("h")).isNull();
    }

    private Path folder(String name, String yaml, String trace) throws IOException {
        Path f = dir.resolve(name);
        Files.createDirectories(f.resolve("traces"));
        Files.writeString(f.resolve("incident.yaml"), yaml);
        Files.writeString(f.resolve("traces/1.txt"), trace);
        return f;
    }
}
