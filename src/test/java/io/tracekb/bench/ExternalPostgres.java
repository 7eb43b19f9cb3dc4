package io.tracekb.bench;

import io.tracekb.db.EmbeddedDatabase;
import java.nio.file.Path;

/**
 * A PostgreSQL that is not the server's own, for bench/report.sh (no Docker here): the embedded binaries started
 * in a separate process, which the server then reaches through QUARKUS_DATASOURCE_JDBC_URL like any external
 * database. Args: data directory, port. Prints {@code EXTERNAL_POSTGRES_READY jdbc-url} and runs until SIGTERM.
 */
public final class ExternalPostgres {

    private ExternalPostgres() {
    }

    public static void main(String[] args) throws InterruptedException {
        EmbeddedDatabase database = EmbeddedDatabase.start(Path.of(args[0]), Integer.parseInt(args[1]));
        Runtime.getRuntime().addShutdownHook(new Thread(database::close, "stop-postgres"));
        System.out.println("EXTERNAL_POSTGRES_READY " + database.jdbcUrl());
        Thread.currentThread().join();
    }
}
