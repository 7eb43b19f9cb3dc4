package io.tracekb.app;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import io.tracekb.content.ContentExporter;
import io.tracekb.db.EmbeddedDatabase;
import io.tracekb.search.IndexSynchronizer;
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
 *   java -XX:ArchiveClassesAtExit=F -jar quarkus-run.jar cds-training
 *                                           the build's training run for the start-up archive F: starts on an
 *                                           embedded database under kb.data-dir, sends itself sample requests, exits
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
        boolean training = args.length == 1 && "cds-training".equals(args[0]);
        if (training) {
            // Never the database the environment names: the training imports content/ into the one it uses.
            System.setProperty("quarkus.http.port", String.valueOf(freePort()));
            System.setProperty("kb.search.follow.enabled", "false");
        }
        EmbeddedDatabase embedded = null;
        if (training || !DatabaseSettings.externalDatabaseConfigured()) {
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

    private static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("No free port for the training run", e);
        }
    }

    public static class TraceKbApplication implements QuarkusApplication {

        @Inject
        ContentExporter exporter;

        @Inject
        IndexSynchronizer searchIndex;

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
            if ("cds-training".equals(args[0]) && args.length == 1) {
                return new StartupArchiveTraining(Integer.getInteger("quarkus.http.port"))
                        .run(Path.of(org.eclipse.microprofile.config.ConfigProvider.getConfig()
                                .getValue("kb.content.dir", String.class)));
            }
            System.err.println("Unknown arguments " + Arrays.toString(args)
                    + ". Usage: (no arguments) to serve, export [directory], reindex, or cds-training");
            return 2;
        }
    }
}
