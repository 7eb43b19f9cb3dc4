package io.tracekb.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.tracekb.db.EmbeddedDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Starts a real PostgreSQL for the Quarkus tests, in a fresh directory, so {@code mvn verify} needs no service. */
public class EmbeddedPostgresResource implements QuarkusTestResourceLifecycleManager {

    private EmbeddedDatabase database;
    private Path dataDir;

    @Override
    public Map<String, String> start() {
        try {
            dataDir = Files.createTempDirectory("tracekb-test-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        database = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0);
        return Map.of(
                "quarkus.datasource.jdbc.url", database.jdbcUrl(),
                "quarkus.datasource.username", EmbeddedDatabase.USER,
                "kb.data-dir", dataDir.toString());
    }

    @Override
    public void stop() {
        if (database != null) {
            database.close();
        }
        TestFiles.deleteRecursively(dataDir);
    }
}
