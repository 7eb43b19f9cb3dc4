package io.tracekb.app;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import io.tracekb.content.ContentExporter;
import io.tracekb.db.EmbeddedDatabase;
import io.tracekb.search.SearchIndex;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Entry point. Without a configured datasource URL it first starts an embedded PostgreSQL under the data
 * directory, so that one command runs TraceKB on a machine with nothing but a JDK.
 *
 * <pre>
 *   java -jar quarkus-run.jar               serve on http://localhost:8080
 *   java -jar quarkus-run.jar export [dir]  write every incident into the content format (default ./content)
 *   java -jar quarkus-run.jar reindex       rebuild the search index from the database, logging progress
 * </pre>
 */
@QuarkusMain
public class TraceKbMain {

    public static void main(String... args) {
        boolean command = args.length > 0 && ("export".equals(args[0]) || "reindex".equals(args[0]));
        if (command) {
            // A one-shot command: no HTTP listener, no import that could overwrite what is being exported.
            System.setProperty("quarkus.http.host-enabled", "false");
            System.setProperty("kb.content.import-on-start", "false");
            System.setProperty("kb.search.follow.enabled", "false"); // reindex must be the only index writer
        }
        EmbeddedDatabase embedded = null;
        if (!DatabaseSettings.externalDatabaseConfigured()) {
            Path pgDir = DatabaseSettings.dataDirectory().resolve("postgres");
            embedded = EmbeddedDatabase.start(pgDir, DatabaseSettings.embeddedPort());
            System.setProperty("quarkus.datasource.jdbc.url", embedded.jdbcUrl());
            System.setProperty("quarkus.datasource.username", EmbeddedDatabase.USER);
        }
        EmbeddedDatabase toStop = embedded;
        Quarkus.run(TraceKbApplication.class, (exitCode, failure) -> {
            // Stop PostgreSQL only after Quarkus has closed its connection pool.
            if (toStop != null) {
                toStop.close();
            }
            System.exit(exitCode);
        }, args);
    }

    public static class TraceKbApplication implements QuarkusApplication {

        @Inject
        ContentExporter exporter;

        @Inject
        SearchIndex searchIndex;

        @Override
        public int run(String... args) throws Exception {
            if (args.length == 0) {
                Quarkus.waitForExit();
                return 0;
            }
            if ("export".equals(args[0]) && args.length <= 2) {
                Path target = Path.of(args.length == 2 ? args[1] : "content");
                int count = exporter.exportAll(target);
                System.out.printf("Exported %d incidents to %s%n", count, target.toAbsolutePath());
                return 0;
            }
            if ("reindex".equals(args[0]) && args.length == 1) {
                int count = searchIndex.rebuild();
                System.out.printf("Rebuilt the search index: %d incidents%n", count);
                return 0;
            }
            System.err.println("Unknown arguments " + Arrays.toString(args)
                    + ". Usage: (no arguments) to serve, export [directory], or reindex");
            return 2;
        }
    }
}
