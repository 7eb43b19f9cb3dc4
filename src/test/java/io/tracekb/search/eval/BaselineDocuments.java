package io.tracekb.search.eval;

import io.tracekb.incident.IncidentData;
import java.util.ArrayList;
import java.util.List;

/**
 * What the text baselines index of an incident: each sample trace's raw text as one document (keyed so that a
 * held-out sample can be left out), and its write-up in every language (titles, summaries, bodies) as another.
 */
final class BaselineDocuments {

    record Doc(String slug, String key, String text) {
    }

    private BaselineDocuments() {
    }

    static List<Doc> of(List<IncidentData> incidents) {
        List<Doc> docs = new ArrayList<>();
        for (IncidentData d : incidents) {
            for (int i = 0; i < d.sampleTraces().size(); i++) {
                docs.add(new Doc(d.slug(), d.slug() + "#" + i, d.sampleTraces().get(i).text()));
            }
            StringBuilder text = new StringBuilder();
            d.translations().values().forEach(t -> text.append(t.title()).append('\n').append(t.summary()).append('\n')
                    .append(t.body() == null ? "" : t.body()).append('\n'));
            docs.add(new Doc(d.slug(), d.slug() + "#text", text.toString()));
        }
        return docs;
    }
}
