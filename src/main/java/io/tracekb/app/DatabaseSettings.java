package io.tracekb.app;

import java.nio.file.Path;

/**
 * The few settings read before Quarkus starts, because they decide whether an embedded PostgreSQL must be
 * started first. Both environment variables and system properties count, as they do for Quarkus itself.
 */
final class DatabaseSettings {

    private DatabaseSettings() {
    }

    static boolean externalDatabaseConfigured() {
        return setting("quarkus.datasource.jdbc.url", "QUARKUS_DATASOURCE_JDBC_URL") != null;
    }

    static Path dataDirectory() {
        String dir = setting("kb.data-dir", "KB_DATA_DIR");
        return Path.of(dir == null ? "data" : dir);
    }

    /** 0 = any free port; set KB_EMBEDDED_DB_PORT to reach the embedded server with psql. */
    static int embeddedPort() {
        String port = setting("kb.embedded-db.port", "KB_EMBEDDED_DB_PORT");
        if (port == null) {
            return 0;
        }
        try {
            return Integer.parseInt(port.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("KB_EMBEDDED_DB_PORT must be a port number, got: " + port);
        }
    }

    private static String setting(String property, String env) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(env);
        }
        return value == null || value.isBlank() ? null : value;
    }
}
