package io.tracekb.content;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.incident.IncidentStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads and writes one incident in the content format: {@code incident.yaml}, one {@code <lang>.md} per
 * translation and {@code traces/N.txt}. Plain files, so incidents can be reviewed and edited in git.
 */
public final class IncidentFolder {

    static final String INCIDENT_FILE = "incident.yaml";
    /** Translation files are named by a lower-case BCP-47 tag: en.md, ja.md, zh-hans.md. */
    private static final Pattern LANGUAGE_FILE = Pattern.compile("[a-z]{2,3}(-[a-z0-9]{2,8})*\\.md");
    private static final long MAX_FILE_BYTES = 2L << 20;

    private static final ObjectMapper YAML = YAMLMapper.builder(YAMLFactory.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
                    .build())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private IncidentFolder() {
    }

    public static boolean isIncidentFolder(Path dir) {
        return Files.isRegularFile(dir.resolve(INCIDENT_FILE));
    }

    public static IncidentData read(Path dir) {
        Path yamlFile = dir.resolve(INCIDENT_FILE);
        IncidentFile file;
        try {
            file = YAML.readValue(readText(yamlFile), IncidentFile.class);
        } catch (JacksonException e) {
            throw new ContentException(yamlFile, "not valid: " + e.getOriginalMessage(), e);
        }
        if (file == null) {
            throw new ContentException(yamlFile, "is empty");
        }
        IncidentStatus status;
        try {
            status = file.status == null ? IncidentStatus.PUBLISHED : IncidentStatus.fromCode(file.status);
        } catch (IllegalArgumentException e) {
            throw new ContentException(yamlFile, e.getMessage());
        }
        Map<String, TranslationData> translations = readTranslations(dir, file.originalLanguage);
        if (file.originalLanguage != null && !translations.containsKey(file.originalLanguage)) {
            throw new ContentException(yamlFile, "originalLanguage '" + file.originalLanguage + "' has no "
                    + file.originalLanguage + ".md");
        }
        List<FixData> fixes = new ArrayList<>();
        for (IncidentFile.FixEntry f : file.fixes) {
            Map<String, FixTextData> texts = new TreeMap<>();
            f.texts.forEach((lang, t) -> texts.put(lang, new FixTextData(t == null ? null : t.title,
                    t == null ? null : t.description, t == null ? null : t.appliesTo)));
            fixes.add(new FixData(f.snippet, f.snippetLanguage, f.file, f.appliesTo, texts));
        }
        List<SampleTraceData> traces = new ArrayList<>();
        for (IncidentFile.TraceEntry t : file.traces) {
            if (t.file == null) {
                throw new ContentException(yamlFile, "a trace entry has no 'file'");
            }
            Path traceFile = inside(dir, t.file, yamlFile);
            traces.add(new SampleTraceData(null, readText(traceFile), t.source));
        }
        return new IncidentData(file.slug, file.product, file.tags, file.affectedVersions, status, translations,
                fixes, traces).normalized();
    }

    private static Map<String, TranslationData> readTranslations(Path dir, String originalLanguage) {
        Map<String, TranslationData> translations = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path md : files.filter(p -> LANGUAGE_FILE.matcher(p.getFileName().toString()).matches())
                    .sorted().toList()) {
                String name = md.getFileName().toString();
                String lang = name.substring(0, name.length() - 3);
                FrontMatter fm;
                try {
                    fm = FrontMatter.split(readText(md));
                } catch (IllegalArgumentException e) {
                    throw new ContentException(md, e.getMessage());
                }
                Map<?, ?> header;
                try {
                    header = fm.yaml().isBlank() ? Map.of() : YAML.readValue(fm.yaml(), Map.class);
                } catch (JacksonException e) {
                    throw new ContentException(md, "front matter is not valid YAML: " + e.getOriginalMessage(), e);
                }
                Object title = header.get("title");
                Object summary = header.get("summary");
                translations.put(lang, new TranslationData(title == null ? null : title.toString(),
                        summary == null ? null : summary.toString(), fm.body(),
                        lang.equals(originalLanguage) ? Boolean.TRUE : null));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return translations;
    }

    /** Writes {@code data} into {@code dir}, removing translation and trace files it no longer has. */
    public static void write(Path dir, IncidentData incident) {
        IncidentData data = incident.normalized();
        try {
            Files.createDirectories(dir.resolve("traces"));
            IncidentFile file = new IncidentFile();
            file.slug = data.slug();
            file.product = data.product();
            file.status = data.status() == null ? null : data.status().code();
            file.tags = data.tags() == null ? List.of() : data.tags();
            file.affectedVersions = data.affectedVersions();
            Map<String, TranslationData> translations = data.translations() == null ? Map.of() : data.translations();
            translations.forEach((lang, t) -> {
                if (t.isOriginal()) {
                    file.originalLanguage = lang;
                }
            });
            for (FixData f : data.fixes() == null ? List.<FixData>of() : data.fixes()) {
                IncidentFile.FixEntry e = new IncidentFile.FixEntry();
                e.file = f.file();
                e.snippetLanguage = f.snippetLanguage();
                e.snippet = f.snippet();
                e.appliesTo = f.appliesTo();
                if (f.texts() != null) {
                    f.texts().forEach((lang, t) -> {
                        IncidentFile.FixText ft = new IncidentFile.FixText();
                        ft.title = t.title();
                        ft.description = t.description();
                        ft.appliesTo = t.appliesTo();
                        e.texts.put(lang, ft);
                    });
                }
                file.fixes.add(e);
            }
            List<SampleTraceData> traces = data.sampleTraces() == null ? List.of() : data.sampleTraces();
            Set<String> traceFiles = new java.util.HashSet<>();
            for (int i = 0; i < traces.size(); i++) {
                IncidentFile.TraceEntry e = new IncidentFile.TraceEntry();
                e.file = "traces/" + (i + 1) + ".txt";
                e.source = traces.get(i).source();
                file.traces.add(e);
                traceFiles.add((i + 1) + ".txt");
                Files.writeString(dir.resolve(e.file), withFinalNewline(traces.get(i).text()), StandardCharsets.UTF_8);
            }
            Files.writeString(dir.resolve(INCIDENT_FILE), YAML.writeValueAsString(file), StandardCharsets.UTF_8);
            for (Map.Entry<String, TranslationData> e : translations.entrySet()) {
                Map<String, String> header = new LinkedHashMap<>();
                header.put("title", e.getValue().title());
                if (e.getValue().summary() != null) {
                    header.put("summary", e.getValue().summary());
                }
                String md = "---\n" + YAML.writeValueAsString(header) + "---\n\n"
                        + withFinalNewline(e.getValue().body() == null ? "" : e.getValue().body());
                Files.writeString(dir.resolve(e.getKey().toLowerCase(java.util.Locale.ROOT) + ".md"), md,
                        StandardCharsets.UTF_8);
            }
            removeStale(dir, p -> LANGUAGE_FILE.matcher(p).matches()
                    && !translations.containsKey(p.substring(0, p.length() - 3)));
            removeStale(dir.resolve("traces"), p -> p.endsWith(".txt") && !traceFiles.contains(p));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write incident " + data.slug() + " to " + dir, e);
        }
    }

    private static void removeStale(Path dir, java.util.function.Predicate<String> stale) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> stale.test(p.getFileName().toString())).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Resolves a path named in incident.yaml, refusing anything that points outside the incident folder. */
    private static Path inside(Path dir, String relative, Path namedIn) {
        Path resolved = dir.resolve(relative).normalize();
        if (!resolved.startsWith(dir.normalize())) {
            throw new ContentException(namedIn, "'" + relative + "' points outside the incident folder");
        }
        return resolved;
    }

    private static String readText(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw new ContentException(file, "is missing");
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new ContentException(file, "is larger than " + MAX_FILE_BYTES + " bytes");
            }
            byte[] bytes = Files.readAllBytes(file);
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ContentException(file, "is not valid UTF-8", e);
        } catch (IOException e) {
            throw new ContentException(file, "cannot be read: " + e.getMessage(), e);
        }
    }

    private static String withFinalNewline(String s) {
        return s + "\n";
    }
}
