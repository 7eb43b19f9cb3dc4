package io.tracekb.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * A real PostgreSQL server started from the binaries shipped in a Maven artifact, with its files under a
 * directory that survives restarts. Used when no external database is configured, and by the tests.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class);
    public static final String USER = "postgres";
    public static final String DATABASE = "postgres";

    private final EmbeddedPostgres postgres;
    private final Path directory;

    private EmbeddedDatabase(EmbeddedPostgres postgres, Path directory) {
        this.postgres = postgres;
        this.directory = directory;
    }

    /**
     * Starts PostgreSQL with its cluster in {@code directory}: initialised on first use, reused afterwards.
     *
     * @param port 0 picks a free port
     */
    public static EmbeddedDatabase start(Path directory, int port) {
        try {
            Files.createDirectories(directory);
            OrphanedServer.stopIfLeftRunning(directory);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(directory)
                    .setCleanDataDirectory(false)
                    // initdb plus a first start can take a while on a cold, busy machine
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("max_connections", "100")
                    // the library's default is off, which acknowledges a commit before its WAL is written: a kill of
                    // the whole machine or container could then lose saves that were already answered 201
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("listen_addresses", "localhost");
            if (port > 0) {
                builder.setPort(port);
            }
            long started = System.nanoTime();
            EmbeddedPostgres postgres = builder.start();
            LOG.infof("Embedded PostgreSQL ready on port %d in %d ms, data in %s", postgres.getPort(),
                    (System.nanoTime() - started) / 1_000_000, directory.toAbsolutePath());
            return new EmbeddedDatabase(postgres, directory);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL in " + directory.toAbsolutePath()
                    + " (is another TraceKB using this data directory?)", e);
        }
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE;
    }

    public int port() {
        return postgres.getPort();
    }

    public Path directory() {
        return directory;
    }

    /** Stops the server with a fast, clean shutdown (checkpoint written, no recovery needed next time). */
    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            LOG.warn("Could not stop the embedded PostgreSQL cleanly", e);
        }
    }
}
