package io.tracekb.search;

import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The index follower's LISTEN connection is opened by Vert.x, not by the JDBC driver: its options come from the
 * application's JDBC settings, so that it reaches the server the pool reaches, as the same user.
 */
final class FollowerConnectOptions {

    /** No answer to a ping for this long: the connection is dead, close it (and reconnect). */
    static final int READ_IDLE_SECONDS = 75;

    private FollowerConnectOptions() {
    }

    /**
     * The listening connection's options, from the application's JDBC settings: the same server, database, user,
     * password, {@code sslmode} (and {@code sslrootcert} for the modes that verify the server); named
     * {@value IndexFollower#APPLICATION_NAME} in pg_stat_activity; a connection that stops answering is closed
     * (and so reconnected). JDBC URLs that Vert.x cannot take (several hosts) are refused.
     */
    static PgConnectOptions of(String jdbcUrl, Optional<String> user, Optional<String> password) {
        String prefix = "jdbc:postgresql:";
        if (jdbcUrl == null || !jdbcUrl.startsWith(prefix)) {
            throw new IllegalArgumentException("not a PostgreSQL JDBC URL: " + jdbcUrl);
        }
        String rest = jdbcUrl.substring(prefix.length());
        if (!rest.startsWith("//")) {
            rest = "//localhost/" + rest; // jdbc:postgresql:database
        }
        String authority = rest.substring(2).split("[/?]", 2)[0];
        if (authority.contains(",")) {
            throw new IllegalArgumentException("quarkus.datasource.jdbc.url names several hosts ('" + authority
                    + "'); listening needs a single host");
        }
        PgConnectOptions options = PgConnectOptions.fromUri("postgresql:" + rest);
        switch (options.getSslMode()) {
            // as with libpq and the JDBC driver: encrypted, the certificate is not checked
            case ALLOW, PREFER, REQUIRE -> options.setTrustAll(true);
            case VERIFY_CA, VERIFY_FULL -> {
                String rootCertificate = parameter(rest, "sslrootcert");
                if (rootCertificate == null) {
                    throw new IllegalArgumentException("sslmode=" + options.getSslMode().value + " needs "
                            + "sslrootcert=<PEM file> in quarkus.datasource.jdbc.url for the index follower");
                }
                options.setTrustOptions(new PemTrustOptions().addCertPath(rootCertificate));
                if (options.getSslMode() == SslMode.VERIFY_FULL) {
                    options.setHostnameVerificationAlgorithm("HTTPS");
                }
            }
            default -> { }
        }
        user.ifPresent(options::setUser);
        password.ifPresent(options::setPassword);
        options.addProperty("application_name", IndexFollower.APPLICATION_NAME);
        options.setMetricsName("sql|" + IndexFollower.APPLICATION_NAME); // names its meters (IndexFollower drops them)
        options.setConnectTimeout((int) Duration.ofSeconds(10).toMillis());
        options.setTcpKeepAlive(true);
        options.setReadIdleTimeout(READ_IDLE_SECONDS);
        options.setIdleTimeoutUnit(TimeUnit.SECONDS);
        return options;
    }

    /** The decoded value of one query parameter of a URL, or null. */
    private static String parameter(String url, String name) {
        int query = url.indexOf('?');
        if (query < 0) {
            return null;
        }
        for (String pair : url.substring(query + 1).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equalsIgnoreCase(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
