package io.tracekb.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Reads test resources from the classpath. */
public final class TestFiles {
    private TestFiles() {
    }

    public static String read(String resource) {
        try (InputStream in = TestFiles.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalArgumentException("missing test resource " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path dir(String resource) {
        try {
            return Path.of(TestFiles.class.getClassLoader().getResource(resource).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The one seed file whose name starts with the prefix ("000_"). */
    public static String seed(String prefix) {
        try (Stream<Path> s = Files.list(dir("trace/seeds"))) {
            Path p = s.filter(x -> x.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow();
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
