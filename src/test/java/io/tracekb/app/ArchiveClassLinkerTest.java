package io.tracekb.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveClassLinkerTest {

    static final AtomicBoolean INITIALISED = new AtomicBoolean();

    /** Linking must not run this: a static initialiser of the application could start threads or open files. */
    static class HasStaticInitialiser {
        static {
            INITIALISED.set(true);
        }
    }

    @Test
    void readsClassNamesFromTheJvmsClassLoadLog(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("classes.txt");
        Files.writeString(log, """
                opened: /work/main/target/quarkus-app/quarkus-run.jar
                java.lang.Object source: shared objects file
                org.hibernate.mapping.UniqueKey source: file:/app/lib/main/org.hibernate.orm.hibernate-core.jar
                io.tracekb.search.Ranker$$Lambda$1276/0x00007f6068355c78 source: io.tracekb.search.Ranker
                """);
        assertThat(ArchiveClassLinker.classNames(log))
                .containsExactly("java.lang.Object", "org.hibernate.mapping.UniqueKey");
    }

    @Test
    void linksLoadedClassesWithoutInitialisingThem(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("classes.txt");
        Files.writeString(log, HasStaticInitialiser.class.getName() + " source: file:/test-classes/\n"
                + "java.util.ArrayList source: shared objects file\n"
                + "no.such.Clazz source: file:/gone.jar\n");
        ArchiveClassLinker.Result result = ArchiveClassLinker.linkAll(log, getClass().getClassLoader());
        assertThat(result).isEqualTo(new ArchiveClassLinker.Result(2, 1, 1));
        assertThat(INITIALISED).isFalse();
    }

    @Test
    void anEmptyLogLinksNothing(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("classes.txt"), "");
        assertThat(ArchiveClassLinker.linkAll(log, getClass().getClassLoader()))
                .isEqualTo(new ArchiveClassLinker.Result(0, 0, 0));
    }
}
