package io.tracekb.web;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.incident.IncidentStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.resteasy.reactive.RestForm;

/**
 * The editor form as posted. Repeated rows (fixes, sample traces) arrive as parallel lists, one entry per row in
 * page order; every row renders every field, so the lists stay aligned. Whatever was typed survives a round
 * trip through this class unchanged, so a failed save never loses input.
 */
public class IncidentForm {

    @RestForm
    public String slug;
    @RestForm
    public String product;
    @RestForm
    public String tags;
    @RestForm
    public String affectedVersions;
    @RestForm
    public String status;
    @RestForm
    public String originalLanguage;
    /** The version this edit started from; -1 for a new incident. */
    @RestForm
    public Long version;
    /** What the button pressed asks for: save, preview, add-fix, remove-fix:2, up-fix:2, add-trace, ... */
    @RestForm
    public String op;

    @RestForm
    public String title_en;
    @RestForm
    public String summary_en;
    @RestForm
    public String body_en;
    @RestForm
    public String title_ja;
    @RestForm
    public String summary_ja;
    @RestForm
    public String body_ja;
    @RestForm
    public String title_zh;
    @RestForm
    public String summary_zh;
    @RestForm
    public String body_zh;

    @RestForm
    public List<String> fixSnippet;
    @RestForm
    public List<String> fixSnippetLanguage;
    @RestForm
    public List<String> fixFile;
    @RestForm
    public List<String> fixAppliesTo;
    @RestForm
    public List<String> fixTitle_en;
    @RestForm
    public List<String> fixDescription_en;
    @RestForm
    public List<String> fixTitle_ja;
    @RestForm
    public List<String> fixDescription_ja;
    @RestForm
    public List<String> fixTitle_zh;
    @RestForm
    public List<String> fixDescription_zh;
    @RestForm
    public List<String> fixAppliesTo_en;
    @RestForm
    public List<String> fixAppliesTo_ja;
    @RestForm
    public List<String> fixAppliesTo_zh;

    @RestForm
    public List<String> traceText;
    @RestForm
    public List<String> traceSource;

    /** One language column of the form. */
    public record TranslationRow(String lang, String title, String summary, String body) {
    }

    /** One fix row; texts keyed by language: title, description, version note. */
    public record FixRow(String snippet, String snippetLanguage, String file, String appliesTo,
            Map<String, String[]> texts) {
        public String title(String lang) {
            return texts.getOrDefault(lang, new String[] { "", "", "" })[0];
        }

        public String description(String lang) {
            return texts.getOrDefault(lang, new String[] { "", "", "" })[1];
        }

        public String appliesTo(String lang) {
            return texts.getOrDefault(lang, new String[] { "", "", "" })[2];
        }
    }

    public record TraceRow(String text, String source) {
    }

    /** The form as rows, for the template and for the row operations. */
    public record Rows(List<TranslationRow> translations, List<FixRow> fixes, List<TraceRow> traces) {
    }

    public Rows rows() {
        List<TranslationRow> translations = List.of(
                new TranslationRow("en", nz(title_en), nz(summary_en), nz(body_en)),
                new TranslationRow("ja", nz(title_ja), nz(summary_ja), nz(body_ja)),
                new TranslationRow("zh", nz(title_zh), nz(summary_zh), nz(body_zh)));
        List<FixRow> fixes = new ArrayList<>();
        int n = max(fixSnippet, fixSnippetLanguage, fixFile, fixAppliesTo, fixTitle_en, fixDescription_en,
                fixTitle_ja, fixDescription_ja, fixTitle_zh, fixDescription_zh, fixAppliesTo_en, fixAppliesTo_ja,
                fixAppliesTo_zh);
        for (int i = 0; i < n; i++) {
            Map<String, String[]> texts = new LinkedHashMap<>();
            texts.put("en", new String[] { at(fixTitle_en, i), at(fixDescription_en, i), at(fixAppliesTo_en, i) });
            texts.put("ja", new String[] { at(fixTitle_ja, i), at(fixDescription_ja, i), at(fixAppliesTo_ja, i) });
            texts.put("zh", new String[] { at(fixTitle_zh, i), at(fixDescription_zh, i), at(fixAppliesTo_zh, i) });
            fixes.add(new FixRow(at(fixSnippet, i), at(fixSnippetLanguage, i), at(fixFile, i), at(fixAppliesTo, i),
                    texts));
        }
        List<TraceRow> traces = new ArrayList<>();
        for (int i = 0; i < max(traceText, traceSource); i++) {
            traces.add(new TraceRow(at(traceText, i), at(traceSource, i)));
        }
        return new Rows(translations, fixes, traces);
    }

    /** Puts rows back (after adding, removing or moving one). */
    public void setRows(List<FixRow> fixes, List<TraceRow> traces) {
        fixSnippet = fixes.stream().map(FixRow::snippet).toList();
        fixSnippetLanguage = fixes.stream().map(FixRow::snippetLanguage).toList();
        fixFile = fixes.stream().map(FixRow::file).toList();
        fixAppliesTo = fixes.stream().map(FixRow::appliesTo).toList();
        fixTitle_en = fixes.stream().map(f -> f.title("en")).toList();
        fixDescription_en = fixes.stream().map(f -> f.description("en")).toList();
        fixTitle_ja = fixes.stream().map(f -> f.title("ja")).toList();
        fixDescription_ja = fixes.stream().map(f -> f.description("ja")).toList();
        fixTitle_zh = fixes.stream().map(f -> f.title("zh")).toList();
        fixDescription_zh = fixes.stream().map(f -> f.description("zh")).toList();
        fixAppliesTo_en = fixes.stream().map(f -> f.appliesTo("en")).toList();
        fixAppliesTo_ja = fixes.stream().map(f -> f.appliesTo("ja")).toList();
        fixAppliesTo_zh = fixes.stream().map(f -> f.appliesTo("zh")).toList();
        traceText = traces.stream().map(TraceRow::text).toList();
        traceSource = traces.stream().map(TraceRow::source).toList();
    }

    /** The incident this form describes; blank rows and blank languages are left out. */
    public IncidentData toData() {
        Rows rows = rows();
        Map<String, TranslationData> translations = new TreeMap<>();
        for (TranslationRow t : rows.translations()) {
            if (!t.title().isBlank() || !t.summary().isBlank() || !t.body().isBlank()) {
                translations.put(t.lang(), new TranslationData(t.title().strip(), blankToNull(t.summary()),
                        t.body(), t.lang().equals(originalLanguage) ? Boolean.TRUE : null));
            }
        }
        List<FixData> fixes = new ArrayList<>();
        for (FixRow f : rows.fixes()) {
            Map<String, FixTextData> texts = new TreeMap<>();
            for (Map.Entry<String, String[]> e : f.texts().entrySet()) {
                if (!e.getValue()[0].isBlank() || !e.getValue()[1].isBlank() || !e.getValue()[2].isBlank()) {
                    texts.put(e.getKey(), new FixTextData(e.getValue()[0].strip(), blankToNull(e.getValue()[1]),
                            blankToNull(e.getValue()[2].strip())));
                }
            }
            boolean empty = texts.isEmpty() && f.snippet().isBlank() && f.file().isBlank() && f.appliesTo().isBlank();
            if (!empty) {
                fixes.add(new FixData(blankToNull(f.snippet()), blankToNull(f.snippetLanguage()),
                        blankToNull(f.file()), blankToNull(f.appliesTo()), texts));
            }
        }
        List<SampleTraceData> traces = new ArrayList<>();
        for (TraceRow t : rows.traces()) {
            if (!t.text().isBlank()) {
                traces.add(new SampleTraceData(null, t.text(), blankToNull(t.source())));
            }
        }
        List<String> tagList = tags == null ? List.of()
                : Arrays.stream(tags.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        IncidentStatus st;
        try {
            st = IncidentStatus.fromCode(status == null || status.isBlank() ? "draft" : status);
        } catch (IllegalArgumentException e) {
            st = IncidentStatus.DRAFT;
        }
        return new IncidentData(nz(slug).strip(), nz(product).strip(), tagList, blankToNull(affectedVersions), st,
                translations, fixes, traces);
    }

    /** The form of a stored incident, for editing. */
    public static IncidentForm of(IncidentData d, long version) {
        IncidentForm f = new IncidentForm();
        f.slug = d.slug();
        f.product = d.product();
        f.tags = d.tags() == null ? "" : String.join(", ", d.tags());
        f.affectedVersions = d.affectedVersions();
        f.status = d.status() == null ? "draft" : d.status().code();
        f.originalLanguage = d.originalLanguage();
        f.version = version;
        Map<String, TranslationData> ts = d.translations() == null ? Map.of() : d.translations();
        TranslationData en = ts.get("en"), ja = ts.get("ja"), zh = ts.get("zh");
        f.title_en = en == null ? "" : en.title();
        f.summary_en = en == null ? "" : en.summary();
        f.body_en = en == null ? "" : en.body();
        f.title_ja = ja == null ? "" : ja.title();
        f.summary_ja = ja == null ? "" : ja.summary();
        f.body_ja = ja == null ? "" : ja.body();
        f.title_zh = zh == null ? "" : zh.title();
        f.summary_zh = zh == null ? "" : zh.summary();
        f.body_zh = zh == null ? "" : zh.body();
        List<FixRow> fixes = new ArrayList<>();
        for (FixData x : d.fixes() == null ? List.<FixData>of() : d.fixes()) {
            Map<String, String[]> texts = new LinkedHashMap<>();
            for (String l : UiLanguage.SUPPORTED) {
                FixTextData t = x.texts() == null ? null : x.texts().get(l);
                texts.put(l, new String[] { t == null ? "" : nz(t.title()), t == null ? "" : nz(t.description()),
                        t == null ? "" : nz(t.appliesTo()) });
            }
            fixes.add(new FixRow(nz(x.snippet()), nz(x.snippetLanguage()), nz(x.file()), nz(x.appliesTo()), texts));
        }
        List<TraceRow> traces = new ArrayList<>();
        for (SampleTraceData t : d.sampleTraces() == null ? List.<SampleTraceData>of() : d.sampleTraces()) {
            traces.add(new TraceRow(nz(t.text()), nz(t.source())));
        }
        f.setRows(fixes, traces);
        return f;
    }

    /** An empty form: one empty fix and one empty sample trace to fill in. */
    public static IncidentForm blank() {
        IncidentForm f = new IncidentForm();
        f.status = "draft";
        f.originalLanguage = "en";
        f.version = -1L;
        f.setRows(List.of(emptyFix()), List.of(new TraceRow("", "")));
        return f;
    }

    static FixRow emptyFix() {
        Map<String, String[]> texts = new LinkedHashMap<>();
        for (String l : UiLanguage.SUPPORTED) {
            texts.put(l, new String[] { "", "", "" });
        }
        return new FixRow("", "", "", "", texts);
    }

    public long versionOrNew() {
        return version == null ? -1 : version;
    }

    static String nz(String s) {
        return s == null ? "" : s;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static String at(List<String> list, int i) {
        return list == null || i >= list.size() || list.get(i) == null ? "" : list.get(i);
    }

    @SafeVarargs
    private static int max(List<String>... lists) {
        int n = 0;
        for (List<String> l : lists) {
            n = Math.max(n, l == null ? 0 : l.size());
        }
        return n;
    }
}
