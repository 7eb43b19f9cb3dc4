package io.tracekb.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.testing.EmbeddedPostgresResource;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The test database starts empty; Flyway must have created the whole schema from db-migrations/. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class MigrationTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void migrationsApplyToAnEmptyDatabase() throws SQLException {
        assertThat(query("select version || ':' || success from flyway_schema_history where version is not null order by installed_rank"))
                .containsExactly("1:true", "2:true", "3:true", "4:true", "5:true", "6:true", "7:true");
        assertThat(query("select table_name from information_schema.tables where table_schema = 'public' order by 1"))
                .contains("incident", "incident_tag", "translation", "fix", "fix_text", "sample_trace", "revision",
                        "app_user", "api_token", "unmatched_signature", "incident_feedback");
        // V6 and V7: a fix's version note per language, and translations that say since when they are stale
        assertThat(query("select table_name || '.' || column_name from information_schema.columns where column_name "
                + "in ('applies_to', 'stale_since_revision', 'stale_since_at') order by 1"))
                .containsExactly("fix.applies_to", "fix_text.applies_to", "translation.stale_since_at",
                        "translation.stale_since_revision");
        // every instance's index follows the incident table through this trigger (see IndexFollower)
        assertThat(query("select tgname from pg_trigger where tgrelid = 'incident'::regclass and not tgisinternal"))
                .containsExactly("incident_changed_notify");
    }

    @Test
    void theServerIsARealPostgreSql17() throws SQLException {
        assertThat(query("show server_version")).singleElement().asString().startsWith("17.");
    }

    private List<String> query(String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }
}
