package io.tracekb.web;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** An incident as labelled lines, so two versions can be compared with a line diff that names each field. */
public final class IncidentText {

    private IncidentText() {
    }

    public static List<String> lines(IncidentData d) {
        List<String> out = new ArrayList<>();
        if (d == null) {
            return out;
        }
        out.add("slug: " + d.slug());
        out.add("product: " + d.product());
        out.add("status: " + (d.status() == null ? "" : d.status().code()));
        out.add("tags: " + (d.tags() == null ? "" : String.join(", ", d.tags())));
        out.add("affected versions: " + nz(d.affectedVersions()));
        Map<String, TranslationData> ts = new TreeMap<>(d.translations() == null ? Map.of() : d.translations());
        for (Map.Entry<String, TranslationData> e : ts.entrySet()) {
            String p = "[" + e.getKey() + "] ";
            TranslationData t = e.getValue();
            out.add(p + "title: " + nz(t.title()));
            out.add(p + "summary: " + nz(t.summary()));
            for (String line : nz(t.body()).split("\n", -1)) {
                out.add(p + "body | " + line);
            }
        }
        int n = 1;
        for (FixData f : d.fixes() == null ? List.<FixData>of() : d.fixes()) {
            String p = "fix " + n++ + " ";
            out.add(p + "file: " + nz(f.file()) + "  applies to: " + nz(f.appliesTo()));
            for (Map.Entry<String, FixTextData> e : new TreeMap<>(f.texts() == null ? Map.<String, FixTextData>of()
                    : f.texts()).entrySet()) {
                out.add(p + "[" + e.getKey() + "] title: " + nz(e.getValue().title()));
                if (e.getValue().appliesTo() != null) {
                    out.add(p + "[" + e.getKey() + "] applies to: " + e.getValue().appliesTo());
                }
                for (String line : nz(e.getValue().description()).split("\n", -1)) {
                    out.add(p + "[" + e.getKey() + "] description | " + line);
                }
            }
            for (String line : nz(f.snippet()).split("\n", -1)) {
                out.add(p + "snippet (" + nz(f.snippetLanguage()) + ") | " + line);
            }
        }
        n = 1;
        for (SampleTraceData t : d.sampleTraces() == null ? List.<SampleTraceData>of() : d.sampleTraces()) {
            String p = "trace " + n++ + " ";
            out.add(p + "source: " + nz(t.source()));
            for (String line : nz(t.text()).split("\n", -1)) {
                out.add(p + "| " + line);
            }
        }
        return out;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
