package io.tracekb.testing;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.incident.IncidentStatus;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Small valid incidents for tests that need one, each with a unique slug. */
public final class SampleIncidents {

    private SampleIncidents() {
    }

    public static String uniqueSlug(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static IncidentData minimal(String slug) {
        return new IncidentData(slug, "flink", List.of("checkpointing"), "1.13", IncidentStatus.PUBLISHED,
                Map.of("en", new TranslationData("Checkpoint fails", "A summary.", "Some **body**.", true),
                        "ja", new TranslationData("チェックポイントが失敗する", "概要。", "本文。", null)),
                List.of(new FixData("state.backend: hashmap", "yaml", "flink-conf.yaml", "1.13+",
                        Map.of("en", new FixTextData("Use the hashmap backend", "Then restart.")))),
                List.of(new SampleTraceData(null, "java.io.IOException: boom\n\tat a.B.c(B.java:1)", "test")));
    }

    public static IncidentData withEnglishTitle(IncidentData d, String title) {
        TranslationData en = d.translations().get("en");
        Map<String, TranslationData> translations = new java.util.TreeMap<>(d.translations());
        translations.put("en", new TranslationData(title, en.summary(), en.body(), en.original()));
        return new IncidentData(d.slug(), d.product(), d.tags(), d.affectedVersions(), d.status(), translations,
                d.fixes(), d.sampleTraces());
    }

    public static IncidentData withStatus(IncidentData d, IncidentStatus status) {
        return new IncidentData(d.slug(), d.product(), d.tags(), d.affectedVersions(), status, d.translations(),
                d.fixes(), d.sampleTraces());
    }
}
