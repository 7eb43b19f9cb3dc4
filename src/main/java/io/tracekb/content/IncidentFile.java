package io.tracekb.content;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The shape of {@code incident.yaml}; see content/README.md. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({ "slug", "product", "status", "originalLanguage", "tags", "affectedVersions", "fixes", "traces" })
public class IncidentFile {
    public String slug;
    public String product;
    public String status;
    public String originalLanguage;
    public List<String> tags = new ArrayList<>();
    public String affectedVersions;
    public List<FixEntry> fixes = new ArrayList<>();
    public List<TraceEntry> traces = new ArrayList<>();

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonPropertyOrder({ "file", "snippetLanguage", "snippet", "appliesTo", "texts" })
    public static class FixEntry {
        public String file;
        public String snippetLanguage;
        public String snippet;
        public String appliesTo;
        public Map<String, FixText> texts = new LinkedHashMap<>();
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonPropertyOrder({ "title", "description", "appliesTo" })
    public static class FixText {
        public String title;
        public String description;
        public String appliesTo;
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonPropertyOrder({ "file", "source" })
    public static class TraceEntry {
        public String file;
        public String source;
    }
}
