package io.tracekb.search;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An incident as the index sees it: its text per stored language and the shapes of its sample traces.
 * Only published incidents are searchable. {@code card} is what a match answer shows of it (titles, fixes),
 * kept in the index so that matching answers without PostgreSQL; null when not known.
 */
public record IndexedIncident(long id, long version, String slug, String product, boolean searchable,
        Map<String, String> textByLanguage, List<TraceShape> traces, List<String> titles, String affectedVersions,
        IncidentData card) {

    public IndexedIncident {
        titles = titles == null ? List.of() : List.copyOf(titles);
    }

    public IndexedIncident(long id, long version, String slug, String product, boolean searchable,
            Map<String, String> textByLanguage, List<TraceShape> traces, List<String> titles) {
        this(id, version, slug, product, searchable, textByLanguage, traces, titles, null, null);
    }

    public IndexedIncident(long id, long version, String slug, String product, boolean searchable,
            Map<String, String> textByLanguage, List<TraceShape> traces, List<String> titles, String affectedVersions) {
        this(id, version, slug, product, searchable, textByLanguage, traces, titles, affectedVersions, null);
    }

    public static IndexedIncident of(long id, long version, IncidentData data) {
        Map<String, StringBuilder> text = new LinkedHashMap<>();
        data.translations().forEach((lang, t) -> append(text, lang, t.title(), t.summary(), t.body()));
        for (FixData f : data.fixes()) {
            if (f.texts() != null) {
                f.texts().forEach((lang, t) -> append(text, lang, t.title(), t.description()));
            }
        }
        Map<String, String> byLanguage = new LinkedHashMap<>();
        text.forEach((lang, sb) -> byLanguage.put(lang, sb.toString()));
        List<TraceShape> shapes = new ArrayList<>();
        for (SampleTraceData s : data.sampleTraces()) {
            PasteAnalysis analysis = PasteAnalysis.of(s.text());
            TraceShape shape = analysis.primary() != null ? TraceShape.of(analysis) : TraceShape.ofMessage(s.text());
            if (shape != null) {
                shapes.add(shape);
            }
        }
        List<String> titles = new ArrayList<>();
        data.translations().values().forEach(t -> {
            if (t.title() != null && !t.title().isBlank()) {
                titles.add(t.title());
            }
        });
        return new IndexedIncident(id, version, data.slug(), data.product(), data.status() == IncidentStatus.PUBLISHED,
                byLanguage, shapes, titles, data.affectedVersions(), IndexedCards.cardOf(data));
    }

    private static void append(Map<String, StringBuilder> text, String lang, String... parts) {
        StringBuilder sb = text.computeIfAbsent(lang, l -> new StringBuilder());
        for (String p : parts) {
            if (p != null && !p.isBlank()) {
                sb.append(p).append('\n');
            }
        }
    }

}
