package io.tracekb.content;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What a machine can check of the review every shipped incident gets (content/README.md, "Review before
 * publishing"): Japanese and Chinese text puts one space between CJK and Latin runs; the fixes' three languages
 * name the same configuration keys; snippets parse in their declared language; a fix for {@code flink-conf.yaml}
 * does not claim Flink 2.x, which reads only {@code config.yaml}. Each check lists every offending place.
 */
class ContentReviewTest {

    static final Path SHIPPED = Path.of("content");

    /** Han and kana, without the katakana middle dot (・), which is punctuation. */
    static final String CJK = "[\\u3040-\\u30fa\\u30fc-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff]";
    static final Pattern NO_SPACE = Pattern.compile(CJK + "[A-Za-z0-9`]|[A-Za-z0-9`]" + CJK);
    static final Pattern CODE_BLOCK = Pattern.compile("```.*?```", Pattern.DOTALL);
    static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]+`");
    static final Pattern URL = Pattern.compile("https?://\\S+");
    /** A configuration key as content names it: dotted lower-case words, e.g. taskmanager.memory.network.max. */
    static final Pattern KEY = Pattern.compile("(?<![\\w.-])[a-z][a-z0-9_-]*(?:\\.[a-z0-9_-]+)+(?![\\w-])");
    static final Pattern FLINK_2 = Pattern.compile("\\b2\\.\\d|and later|\\+|all ", Pattern.CASE_INSENSITIVE);

    @Test
    void japaneseAndChineseTextSpacesCjkFromLatinRuns() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path folder : ContentImporter.incidentFolders(SHIPPED)) {
            IncidentData d = IncidentFolder.read(folder);
            for (String lang : List.of("ja", "zh")) {
                Path md = folder.resolve(lang + ".md");
                if (Files.exists(md)) {
                    spacing(folder + "/" + lang + ".md", Files.readString(md, StandardCharsets.UTF_8), problems);
                }
                for (int i = 0; i < d.fixes().size(); i++) {
                    FixTextData t = d.fixes().get(i).texts().get(lang);
                    if (t != null) {
                        spacing(folder + " fix " + (i + 1) + " " + lang + " title", t.title(), problems);
                        spacing(folder + " fix " + (i + 1) + " " + lang + " description", t.description(), problems);
                        spacing(folder + " fix " + (i + 1) + " " + lang + " appliesTo", t.appliesTo(), problems);
                    }
                }
            }
        }
        assertThat(problems).as("CJK next to Latin letters, digits or code without a space").isEmpty();
    }

    /**
     * Issue 21, item 10: a Japanese or Chinese page showed the English version note. Every fix with a shared note
     * has its own in each of ja and zh it is written in, naming the same versions and keys as the English.
     */
    @Test
    void everyVersionNoteIsWrittenInEachLanguageOfItsFixWithTheSameVersionsAndKeys() {
        Pattern versionOrKey = Pattern.compile("\\d+\\.(?:\\d+|x)(?:\\.\\d+)?|" + KEY.pattern());
        List<String> problems = new ArrayList<>();
        for (Path folder : ContentImporter.incidentFolders(SHIPPED)) {
            IncidentData d = IncidentFolder.read(folder);
            for (int i = 0; i < d.fixes().size(); i++) {
                FixData f = d.fixes().get(i);
                if (f.appliesTo() == null) {
                    continue;
                }
                Set<String> english = new java.util.TreeSet<>();
                versionOrKey.matcher(f.appliesTo()).results().map(m -> m.group())
                        .filter(w -> !w.equals("e.g") && !w.equals("i.e")).forEach(english::add); // English, not keys
                for (String lang : List.of("ja", "zh")) {
                    FixTextData t = f.texts().get(lang);
                    if (t == null) {
                        continue;
                    }
                    if (t.appliesTo() == null) {
                        problems.add(folder + " fix " + (i + 1) + ": no " + lang + " version note");
                        continue;
                    }
                    Set<String> translated = new java.util.TreeSet<>();
                    versionOrKey.matcher(t.appliesTo()).results().forEach(m -> translated.add(m.group()));
                    if (!translated.equals(english)) {
                        problems.add(folder + " fix " + (i + 1) + " " + lang + ": names " + translated + ", en " + english);
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void everyLanguageOfAFixNamesTheSameConfigurationKeys() {
        List<String> problems = new ArrayList<>();
        for (Path folder : ContentImporter.incidentFolders(SHIPPED)) {
            IncidentData d = IncidentFolder.read(folder);
            for (int i = 0; i < d.fixes().size(); i++) {
                Map<String, FixTextData> texts = d.fixes().get(i).texts();
                Set<String> en = keys(texts.get("en"));
                for (String lang : List.of("ja", "zh")) {
                    if (texts.containsKey(lang) && !keys(texts.get(lang)).equals(en)) {
                        problems.add(folder + " fix " + (i + 1) + ": en names " + en + ", " + lang + " names "
                                + keys(texts.get(lang)));
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void snippetsParseInTheirLanguage() {
        YAMLMapper yaml = new YAMLMapper();
        boolean bash = Files.isExecutable(Path.of("/bin/bash"));
        List<String> problems = new ArrayList<>();
        for (Path folder : ContentImporter.incidentFolders(SHIPPED)) {
            IncidentData d = IncidentFolder.read(folder);
            for (int i = 0; i < d.fixes().size(); i++) {
                FixData f = d.fixes().get(i);
                if (f.snippet() == null || f.snippetLanguage() == null) {
                    continue;
                }
                String where = folder + " fix " + (i + 1) + " (" + f.snippetLanguage() + ")";
                try {
                    switch (f.snippetLanguage()) {
                        case "yaml" -> yaml.readTree(f.snippet());
                        case "properties" -> new Properties().load(new java.io.StringReader(f.snippet()));
                        case "shell" -> {
                            if (bash) {
                                String error = bashSyntaxError(f.snippet());
                                if (error != null) {
                                    problems.add(where + ": " + error);
                                }
                            }
                        }
                        default -> {
                            // java, sql, text: no parser here that knows every dialect
                        }
                    }
                } catch (IOException | IllegalArgumentException e) {
                    problems.add(where + ": " + e.getMessage().lines().findFirst().orElse(""));
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void aFixForFlinkConfYamlDoesNotClaimFlink2() {
        List<String> problems = new ArrayList<>();
        for (Path folder : ContentImporter.incidentFolders(SHIPPED)) {
            IncidentData d = IncidentFolder.read(folder);
            for (int i = 0; i < d.fixes().size(); i++) {
                FixData f = d.fixes().get(i);
                String file = f.file() == null ? "" : f.file();
                boolean onlyOldFile = file.contains("flink-conf.yaml")
                        && !file.replace("flink-conf.yaml", "").contains("config.yaml");
                if (onlyOldFile && f.appliesTo() != null && FLINK_2.matcher(f.appliesTo()).find()) {
                    problems.add(folder + " fix " + (i + 1) + ": file '" + file + "' but applies to '" + f.appliesTo()
                            + "' (Flink 2.x reads only config.yaml)");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void theChecksFindWhatTheyLookFor() {
        List<String> problems = new ArrayList<>();
        spacing("t", "TaskManagerのメモリ、`state.backend`を設定、5 MB的上限", problems);
        assertThat(problems).hasSize(3);
        problems.clear();
        spacing("t", "TaskManager のメモリ、`state.backend` を設定（Flink 1.17）、5 MB 的上限、`<名前>`", problems);
        assertThat(problems).isEmpty();
        assertThat(keys(new FixTextData("Raise `taskmanager.memory.network.fraction`", "to `0.2`; see conf.yaml")))
                .containsExactly("taskmanager.memory.network.fraction");
        assertThat(bashSyntaxError("if then fi")).isNotNull();
        assertThat(bashSyntaxError("echo ok")).isNull();
    }

    static void spacing(String where, String text, List<String> problems) {
        if (text == null) {
            return;
        }
        String t = CODE_BLOCK.matcher(text).replaceAll("");
        t = URL.matcher(t).replaceAll("");
        // a code span's inside may be anything (a translated placeholder): only its edges count, as a backtick
        t = CODE_SPAN.matcher(t).replaceAll(m -> "`" + "x".repeat(Math.max(0, m.group().length() - 2)) + "`");
        Matcher m = NO_SPACE.matcher(t);
        while (m.find()) {
            problems.add(where + ": …" + t.substring(Math.max(0, m.start() - 8), Math.min(t.length(), m.end() + 8))
                    .replace('\n', ' ') + "…");
        }
    }

    static Set<String> keys(FixTextData t) {
        Set<String> out = new TreeSet<>();
        if (t == null) {
            return out;
        }
        for (String s : new String[] {t.title(), t.description()}) {
            if (s == null) {
                continue;
            }
            Matcher spans = CODE_SPAN.matcher(s);
            while (spans.find()) {
                Matcher k = KEY.matcher(spans.group());
                while (k.find()) {
                    out.add(k.group());
                }
            }
        }
        return out;
    }

    static String bashSyntaxError(String script) {
        try {
            Process p = new ProcessBuilder("/bin/bash", "-n").redirectErrorStream(true).start();
            p.getOutputStream().write(script.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "bash -n did not finish";
            }
            return p.exitValue() == 0 ? null : out.strip();
        } catch (IOException e) {
            return null; // no bash to ask
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
