package io.tracekb.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Links every class the training run loaded, so that the class-data-sharing archive can hold it. JDK 17 writes
 * only linked classes into a dynamic archive ("Skipping ...: Not linked" in {@code -Xlog:cds}), and links at dump
 * time only the classes of its own loaders: the application's classes come from Quarkus's loader, and the ones
 * that were loaded but never used (a supertype looked at, an annotation read) stayed out of the archive and were
 * read from the jars at every start, 2,800 of them.
 *
 * <p>HotSpot links a class before it lists the class's members by reflection, without initialising it, so
 * {@link Class#getDeclaredMethods()} links and runs no static initialiser. The names come from the JVM's own
 * {@code -Xlog:class+load} output ({@code name source: ...}, no decorations); listing methods can load further
 * classes, which the next pass over the growing log links too.
 */
final class ArchiveClassLinker {

    static final int MAX_PASSES = 4;

    record Result(int linked, int failed, int passes) {
    }

    private ArchiveClassLinker() {
    }

    static Result linkAll(Path classLoadLog, ClassLoader loader) {
        Set<String> seen = new HashSet<>();
        int linked = 0;
        int failed = 0;
        int passes = 0;
        while (passes < MAX_PASSES) {
            List<String> fresh = classNames(classLoadLog).stream().filter(seen::add).toList();
            if (fresh.isEmpty()) {
                break;
            }
            passes++;
            for (String name : fresh) {
                try {
                    Class.forName(name, false, loader).getDeclaredMethods();
                    linked++;
                } catch (ReflectiveOperationException | LinkageError e) {
                    // gone from its loader, failing to verify or lacking an optional dependency: not archivable
                    // either way (hidden classes such as lambdas never get here: their names hold a '/')
                    failed++;
                }
            }
        }
        return new Result(linked, failed, passes);
    }

    /** Class names from {@code -Xlog:class+load=info:file=F:none} lines: {@code java.lang.Object source: jrt:/java.base}. */
    static List<String> classNames(Path classLoadLog) {
        try {
            return Files.readAllLines(classLoadLog).stream()
                    .map(line -> {
                        int space = line.indexOf(" source: ");
                        return space > 0 ? line.substring(0, space) : null;
                    })
                    .filter(name -> name != null && !name.contains(" ") && !name.contains("/"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the class-load log " + classLoadLog, e);
        }
    }
}
