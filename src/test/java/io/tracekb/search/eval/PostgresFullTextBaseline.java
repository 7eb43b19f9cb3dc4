package io.tracekb.search.eval;

import io.tracekb.incident.IncidentData;
import io.tracekb.db.EmbeddedDatabase;
import io.tracekb.testing.TestFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Baseline (a): PostgreSQL full-text search over the raw text of every sample trace, in a real PostgreSQL.
 * The paste's words are OR-ed (an AND of a whole trace's words would never match anything) and hits are
 * ranked by ts_rank. Every hit counts as an answer.
 */
final class PostgresFullTextBaseline implements MatchingSystem {

    private static final String QUERY = """
            with q as (
              select to_tsquery('simple', coalesce(nullif(array_to_string(array(
                select quote_literal(l) from unnest(tsvector_to_array(to_tsvector('simple', ?))) l limit 400),
                ' | '), ''), 'nothing_at_all')) as tsq)
            select slug, max(ts_rank(doc, q.tsq)) as rank
            from sample, q
            where doc @@ q.tsq and key <> ?
            group by slug order by rank desc, slug limit 5""";

    private final Path dir;
    private final EmbeddedDatabase database;
    private final Connection connection;
    private String excluded = "";

    PostgresFullTextBaseline(List<IncidentData> incidents) {
        try {
            dir = Files.createTempDirectory("eval-pg-");
            database = EmbeddedDatabase.start(dir.resolve("postgres"), 0);
            connection = DriverManager.getConnection(database.jdbcUrl(), EmbeddedDatabase.USER, "");
            try (Statement s = connection.createStatement()) {
                s.execute("create table sample (slug text, key text, doc tsvector)");
            }
            try (PreparedStatement insert = connection.prepareStatement(
                    "insert into sample values (?, ?, to_tsvector('simple', ?))")) {
                for (IncidentData d : incidents) {
                    for (int i = 0; i < d.sampleTraces().size(); i++) {
                        insert.setString(1, d.slug());
                        insert.setString(2, d.slug() + "#" + i);
                        insert.setString(3, d.sampleTraces().get(i).text());
                        insert.executeUpdate();
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String name() {
        return "baseline: PostgreSQL full-text search";
    }

    @Override
    public void holdOut(String slug, int trace) {
        excluded = slug + "#" + trace;
    }

    @Override
    public void restore() {
        excluded = "";
    }

    @Override
    public Answer answer(EvalQuery query) {
        try (PreparedStatement ps = connection.prepareStatement(QUERY)) {
            ps.setString(1, query.text().replace("\u0000", ""));
            ps.setString(2, excluded);
            List<String> slugs = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    slugs.add(rs.getString(1));
                }
            }
            return new Answer(slugs, !slugs.isEmpty());
        } catch (SQLException e) {
            throw new IllegalStateException("full-text query failed for " + query.name(), e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing anyway
        }
        database.close();
        TestFiles.deleteRecursively(dir);
    }
}
