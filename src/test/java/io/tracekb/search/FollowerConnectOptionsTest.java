package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tracekb.db.EmbeddedDatabase;
import io.tracekb.testing.TestFiles;
import io.vertx.core.Vertx;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.SslMode;
import io.vertx.sqlclient.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The follower's LISTEN connection is opened by Vert.x, not by the JDBC driver: its options are derived from the
 * application's JDBC settings, and it must log in where the pool logs in, including with scram-sha-256 (the
 * default of PostgreSQL 14 and later, and of the docker-compose set-up).
 */
class FollowerConnectOptionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            # JDBC URL                                               | host        | port | database | sslmode
            jdbc:postgresql://db.example:5432/tracekb                | db.example  | 5432 | tracekb  | DISABLE
            jdbc:postgresql://db.example/tracekb                     | db.example  | 5432 | tracekb  | DISABLE
            jdbc:postgresql://10.0.0.7:6543/kb?sslmode=require       | 10.0.0.7    | 6543 | kb       | REQUIRE
            jdbc:postgresql://db.example:5432/kb?ApplicationName=x&connectTimeout=1 | db.example | 5432 | kb | DISABLE
            jdbc:postgresql:tracekb                                  | localhost   | 5432 | tracekb  | DISABLE
            """)
    void optionsComeFromTheJdbcUrl(String url, String host, int port, String database, SslMode sslMode) {
        PgConnectOptions o = FollowerConnectOptions.of(url, Optional.of("kb"), Optional.of("pw"));
        assertThat(o.getHost()).isEqualTo(host);
        assertThat(o.getPort()).isEqualTo(port);
        assertThat(o.getDatabase()).isEqualTo(database);
        assertThat(o.getSslMode()).isEqualTo(sslMode);
        assertThat(o.getUser()).isEqualTo("kb");
        assertThat(o.getPassword()).isEqualTo("pw");
        assertThat(o.getProperties()).containsEntry("application_name", IndexFollower.APPLICATION_NAME);
        assertThat(o.isTrustAll()).as("encrypted without checking the certificate, as libpq's require")
                .isEqualTo(sslMode == SslMode.REQUIRE);
    }

    @Test
    void modesThatVerifyTheServerTakeTheRootCertificateOfTheUrl() {
        PgConnectOptions full = FollowerConnectOptions.of(
                "jdbc:postgresql://db.example/kb?sslmode=verify-full&sslrootcert=%2Fetc%2Fkb%2Froot.pem",
                Optional.empty(), Optional.empty());
        assertThat(full.getSslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(full.isTrustAll()).isFalse();
        assertThat(((PemTrustOptions) full.getTrustOptions()).getCertPaths()).containsExactly("/etc/kb/root.pem");
        assertThat(full.getHostnameVerificationAlgorithm()).isEqualTo("HTTPS");
        assertThatThrownBy(() -> FollowerConnectOptions.of("jdbc:postgresql://db.example/kb?sslmode=verify-ca",
                Optional.empty(), Optional.empty())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sslmode=verify-ca needs sslrootcert");
    }

    @Test
    void urlsItCannotFollowAreRefusedWithTheReason() {
        assertThatThrownBy(() -> FollowerConnectOptions.of("jdbc:postgresql://a:5432,b:5432/kb", Optional.empty(),
                Optional.empty())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("single host").hasMessageContaining("a:5432,b:5432");
        assertThatThrownBy(() -> FollowerConnectOptions.of("jdbc:mysql://a/kb", Optional.empty(), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a PostgreSQL JDBC URL");
    }

    @Test
    void logsInWithScramAndIsNamedInPgStatActivity() throws Exception {
        Path dir = Files.createTempDirectory("tracekb-scram-");
        Vertx vertx = Vertx.vertx();
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dir.resolve("postgres"), 0)) {
            try (Connection c = DriverManager.getConnection(db.jdbcUrl(), EmbeddedDatabase.USER, "");
                    Statement s = c.createStatement()) {
                s.execute("set password_encryption = 'scram-sha-256'");
                s.execute("create role follower_scram login password 'scram-secret-1'");
                try (ResultSet rs = s.executeQuery("show hba_file")) {
                    rs.next();
                    Path hba = Path.of(rs.getString(1));
                    // the role may log in over TCP only with SCRAM; the rest keeps the embedded server's rules
                    Files.writeString(hba, "host all follower_scram 127.0.0.1/32 scram-sha-256\n"
                            + "host all follower_scram ::1/128 scram-sha-256\n" + Files.readString(hba));
                }
                s.execute("select pg_reload_conf()");
            }

            PgConnectOptions right = FollowerConnectOptions.of(db.jdbcUrl(), Optional.of("follower_scram"),
                    Optional.of("scram-secret-1"));
            PgConnection c = PgConnection.connect(vertx, right).toCompletionStage().toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            Row row = c.query("select application_name, usename from pg_stat_activity where pid = pg_backend_pid()")
                    .execute().toCompletionStage().toCompletableFuture()
                    .get(30, TimeUnit.SECONDS).iterator().next();
            assertThat(row.getString(0)).isEqualTo(IndexFollower.APPLICATION_NAME);
            assertThat(row.getString(1)).isEqualTo("follower_scram");
            c.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);

            PgConnectOptions wrong = FollowerConnectOptions.of(db.jdbcUrl(), Optional.of("follower_scram"),
                    Optional.of("not-the-secret"));
            assertThatThrownBy(() -> PgConnection.connect(vertx, wrong).toCompletionStage().toCompletableFuture()
                    .get(30, TimeUnit.SECONDS)).hasMessageContaining("password authentication failed");
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
            TestFiles.deleteRecursively(dir);
        }
    }
}
