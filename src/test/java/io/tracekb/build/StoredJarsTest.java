package io.tracekb.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoredJarsTest {

    private static final byte[] CLASS_BYTES = "not really a class, but compressible ".repeat(200)
            .getBytes(StandardCharsets.UTF_8);

    @Test
    void rewritesEveryEntryStoredWithTheSameNamesOrderBytesAndTimes(@TempDir Path dir) throws IOException {
        Path jar = deflatedJar(dir.resolve("lib.jar"));
        List<String> namesBefore = names(jar);
        long timeBefore;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            timeBefore = zip.getEntry("org/example/A.class").getTime();
        }

        assertThat(StoredJars.store(jar)).isTrue();

        try (JarFile stored = new JarFile(jar.toFile())) {
            assertThat(Collections.list(stored.entries())).allMatch(e -> e.getMethod() == ZipEntry.STORED);
            assertThat(stored.getManifest().getMainAttributes().getValue("Implementation-Title")).isEqualTo("lib");
            ZipEntry a = stored.getEntry("org/example/A.class");
            assertThat(stored.getInputStream(a).readAllBytes()).isEqualTo(CLASS_BYTES);
            assertThat(a.getTime()).isEqualTo(timeBefore);
            assertThat(stored.getEntry("org/example/").isDirectory()).isTrue();
        }
        assertThat(names(jar)).isEqualTo(namesBefore);
        assertThat(Files.size(jar)).isGreaterThan(CLASS_BYTES.length);
        assertThat(dir.resolve("lib.jar.storing")).doesNotExist();
    }

    @Test
    void aJarAlreadyStoredIsNotWrittenAgain(@TempDir Path dir) throws IOException {
        Path jar = deflatedJar(dir.resolve("lib.jar"));
        StoredJars.store(jar);
        long modified = Files.getLastModifiedTime(jar).toMillis();

        assertThat(StoredJars.store(jar)).isFalse();
        assertThat(Files.getLastModifiedTime(jar).toMillis()).isEqualTo(modified);
    }

    @Test
    void aBrokenJarIsLeftAsItWasAndNoTemporaryFileRemains(@TempDir Path dir) throws IOException {
        Path broken = dir.resolve("broken.jar");
        byte[] garbage = "PK\u0003\u0004 this is no zip file".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(broken, garbage);

        assertThatThrownBy(() -> StoredJars.store(broken)).isInstanceOf(ZipException.class);
        assertThat(Files.readAllBytes(broken)).isEqualTo(garbage);
        assertThat(dir.resolve("broken.jar.storing")).doesNotExist();
    }

    @Test
    void theCommandStoresEveryJarUnderADirectoryAndSkipsBrokenOnes(@TempDir Path dir) throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib/main"));
        Path a = deflatedJar(lib.resolve("a.jar"));
        Path b = deflatedJar(dir.resolve("b.jar"));
        Files.writeString(lib.resolve("broken.jar"), "garbage");
        Files.writeString(dir.resolve("notes.txt"), "not a jar");

        StoredJars.main(new String[] { dir.toString() });

        for (Path jar : List.of(a, b)) {
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                assertThat(Collections.list(zip.entries())).allMatch(e -> e.getMethod() == ZipEntry.STORED);
            }
        }
        assertThat(lib.resolve("broken.jar")).hasContent("garbage");
    }

    private static Path deflatedJar(Path path) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Implementation-Title", "lib");
        try (OutputStream file = Files.newOutputStream(path); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new ZipEntry("org/example/"));
            out.closeEntry();
            ZipEntry a = new ZipEntry("org/example/A.class");
            a.setTime(1_600_000_000_000L);
            out.putNextEntry(a);
            out.write(CLASS_BYTES);
            out.closeEntry();
        }
        try (ZipFile zip = new ZipFile(path.toFile())) {
            assertThat(zip.getEntry("org/example/A.class").getMethod()).isEqualTo(ZipEntry.DEFLATED);
        }
        return path;
    }

    private static List<String> names(Path jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().forEach(e -> names.add(e.getName()));
        }
        return names;
    }
}
