package io.tracekb.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.incident.IncidentValidator;
import io.tracekb.content.IncidentFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Loads synthetic incidents ({@link SyntheticIncidents}) straight into a TraceKB database whose schema Flyway has
 * created: the rows ArticleService would write for a created incident (incident, tags, translations, fixes, sample
 * traces, first revision with its snapshot), in batched JDBC transactions, validated like a save. The server's
 * start-up synchronisation then indexes them. Much faster than importing 10k content/ folders, which saves and
 * commits the index once per incident. Args: JDBC URL, user, count, seed. Prints {@code REPORT load ...}.
 */
public final class SyntheticLoader {

    private static final int COMMIT_EVERY = 500;

    private SyntheticLoader() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String user = args[1];
        int count = Integer.parseInt(args[2]);
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 42;
        List<IncidentData> real;
        try (Stream<Path> walk = Files.walk(Path.of("content"))) {
            real = walk.filter(IncidentFolder::isIncidentFolder).sorted().map(IncidentFolder::read).toList();
        }
        List<IncidentData> synthetic = SyntheticIncidents.generate(real, count, seed).stream()
                .map(IncidentData::normalized).toList();
        long started = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url, user, "")) {
            load(c, synthetic);
        }
        System.out.printf(Locale.ROOT, "REPORT load method=jdbc-batch incidents=%d seconds=%.2f%n", count,
                (System.nanoTime() - started) / 1e9);
    }

    static void load(Connection c, List<IncidentData> incidents) throws Exception {
        ObjectMapper json = new ObjectMapper();
        c.setAutoCommit(false);
        try (PreparedStatement incident = c.prepareStatement("insert into incident (slug, product, affected_versions, "
                + "status, version, created_at, updated_at) values (?, ?, ?, ?, 0, now(), now()) returning id");
                PreparedStatement tag = c.prepareStatement("insert into incident_tag (incident_id, tag) values (?, ?)");
                PreparedStatement translation = c.prepareStatement("insert into translation (incident_id, lang, "
                        + "original, title, summary, body) values (?, ?, ?, ?, ?, ?)");
                PreparedStatement fix = c.prepareStatement("insert into fix (incident_id, position, snippet, "
                        + "snippet_language, target_file, applies_to) values (?, ?, ?, ?, ?, ?) returning id");
                PreparedStatement fixText = c.prepareStatement("insert into fix_text (fix_id, lang, title, description) "
                        + "values (?, ?, ?, ?)");
                PreparedStatement trace = c.prepareStatement("insert into sample_trace (incident_id, position, text, "
                        + "source) values (?, ?, ?, ?)");
                PreparedStatement revision = c.prepareStatement("insert into revision (incident_id, number, version, "
                        + "author, message, created_at, snapshot) values (?, 1, 0, 'bench-load', 'created', now(), ?)")) {
            int n = 0;
            for (IncidentData d : incidents) {
                IncidentValidator.check(d);
                incident.setString(1, d.slug());
                incident.setString(2, d.product());
                incident.setString(3, blankToNull(d.affectedVersions()));
                incident.setString(4, d.status().code());
                long id = returnedId(incident);
                for (String t : d.tags() == null ? List.<String>of() : d.tags()) {
                    tag.setLong(1, id);
                    tag.setString(2, t);
                    tag.addBatch();
                }
                for (Map.Entry<String, TranslationData> e : d.translations().entrySet()) {
                    TranslationData t = e.getValue();
                    translation.setLong(1, id);
                    translation.setString(2, e.getKey());
                    translation.setBoolean(3, t.isOriginal());
                    translation.setString(4, t.title());
                    translation.setString(5, blankToNull(t.summary()));
                    translation.setString(6, t.body() == null ? "" : t.body());
                    translation.addBatch();
                }
                List<FixData> fixes = d.fixes() == null ? List.of() : d.fixes();
                for (int i = 0; i < fixes.size(); i++) {
                    FixData f = fixes.get(i);
                    fix.setLong(1, id);
                    fix.setInt(2, i);
                    fix.setString(3, blankToNull(f.snippet()));
                    fix.setString(4, blankToNull(f.snippetLanguage()));
                    fix.setString(5, blankToNull(f.file()));
                    fix.setString(6, blankToNull(f.appliesTo()));
                    long fixId = returnedId(fix);
                    if (f.texts() != null) {
                        for (var t : f.texts().entrySet()) {
                            fixText.setLong(1, fixId);
                            fixText.setString(2, t.getKey());
                            fixText.setString(3, t.getValue().title());
                            fixText.setString(4, t.getValue().description());
                            fixText.addBatch();
                        }
                    }
                }
                for (int i = 0; i < d.sampleTraces().size(); i++) {
                    SampleTraceData t = d.sampleTraces().get(i);
                    trace.setLong(1, id);
                    trace.setInt(2, i);
                    trace.setString(3, t.text());
                    trace.setString(4, blankToNull(t.source()));
                    trace.addBatch();
                }
                revision.setLong(1, id);
                revision.setString(2, json.writeValueAsString(d));
                revision.addBatch();
                if (++n % COMMIT_EVERY == 0 || n == incidents.size()) {
                    for (PreparedStatement batch : List.of(tag, translation, fixText, trace, revision)) {
                        batch.executeBatch();
                    }
                    c.commit();
                }
            }
        }
    }

    private static long returnedId(PreparedStatement insert) throws Exception {
        try (ResultSet rs = insert.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
