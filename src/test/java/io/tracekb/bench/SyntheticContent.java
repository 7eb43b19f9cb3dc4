package io.tracekb.bench;

import io.tracekb.incident.IncidentData;
import io.tracekb.content.IncidentFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Writes synthetic incidents ({@link SyntheticIncidents}, same seed as {@link SyntheticLoader}) as content/ folders,
 * for the other way of loading them: the server's own import at start (KB_CONTENT_DIR), one save and one index
 * commit per incident. bench/report.sh uses it with LOAD=content to compare with the JDBC load. Args: target
 * directory, count, seed.
 */
public final class SyntheticContent {

    private SyntheticContent() {
    }

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]);
        int count = Integer.parseInt(args[1]);
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        List<IncidentData> real;
        try (Stream<Path> walk = Files.walk(Path.of("content"))) {
            real = walk.filter(IncidentFolder::isIncidentFolder).sorted().map(IncidentFolder::read).toList();
        }
        long started = System.nanoTime();
        for (IncidentData d : SyntheticIncidents.generate(real, count, seed)) {
            IncidentFolder.write(target.resolve(d.slug()), d.normalized());
        }
        System.out.printf(Locale.ROOT, "REPORT load_files incidents=%d seconds=%.2f%n", count,
                (System.nanoTime() - started) / 1e9);
    }
}
