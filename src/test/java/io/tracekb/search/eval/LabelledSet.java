package io.tracekb.search.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.content.IncidentFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The labelled set of the matching benchmark (issue 24), every item real and verbatim with its source:
 *
 * <ul>
 *   <li><b>groups</b>: the shipped, published incidents; each labelled query belongs to the group of the incident
 *       that answers it;</li>
 *   <li><b>distractors</b>: the real failures of the frequency survey's development part that no incident covers, each made a
 *       one-trace incident with its report's title as the write-up: they share frameworks and exception types with
 *       the groups but not the cause;</li>
 *   <li><b>queries</b>: other real occurrences of a group's failure ({@code eval/queries/<slug>/}), the survey's
 *       reports of covered families (development part), every sample trace of an incident with two or more matched while it is held
 *       out, and free-text questions ({@code eval/freetext/queries.tsv});</li>
 *   <li><b>negatives</b>: real failures no incident describes ({@code eval/negatives/} and the parser corpus).</li>
 * </ul>
 *
 * <p>Every group and negative is in the development or the test part, by {@link #SPLIT}: a fixed-seed hash of its
 * name, recorded once in that file and never changed; a new group gets its part the same way and is appended.
 */
final class LabelledSet {

    static final Path SPLIT = Path.of("src/test/resources/eval/split.tsv");
    static final long SEED = 20261201L;
    static final double DEV_SHARE = 0.6;

    enum Part { DEV, TEST }

    /**
     * PASTED_AGAIN: a sample trace pasted again (clean, and with one pasting damage), its incident in the index:
     * the commonest real case of a knowledge base of solved failures, so that the model learns what a fingerprint
     * hit is worth. Trained on, counted when the threshold is chosen, and reported apart.
     */
    enum Kind { INDEPENDENT, SURVEY, HELD_OUT, FREE_TEXT, NEGATIVE, PASTED_AGAIN }

    /** One labelled query; {@code query.expectedSlug()} null for a negative. */
    record Item(EvalQuery query, Kind kind, String group, Part part, String lang) {
    }

    final List<IncidentData> incidents;
    final List<IncidentData> distractors;
    final List<Item> items;
    final Map<String, Part> split;

    private LabelledSet(List<IncidentData> incidents, List<IncidentData> distractors, List<Item> items,
            Map<String, Part> split) {
        this.incidents = incidents;
        this.distractors = distractors;
        this.items = items;
        this.split = split;
    }

    /** Everything in the index: the groups' incidents and the distractors. */
    List<IncidentData> index() {
        List<IncidentData> all = new ArrayList<>(incidents);
        all.addAll(distractors);
        return all;
    }

    List<Item> items(Part part, Kind... kinds) {
        Set<Kind> wanted = Set.of(kinds);
        return items.stream().filter(i -> i.part() == part && wanted.contains(i.kind())).toList();
    }

    static LabelledSet load() {
        try {
            List<IncidentData> incidents = published();
            Map<String, IncidentData> bySlug = new LinkedHashMap<>();
            incidents.forEach(d -> bySlug.put(d.slug(), d));
            Set<String> sampleSources = new HashSet<>();
            incidents.forEach(d -> d.sampleTraces().forEach(t -> sampleSources.addAll(sourceKeys(t.source()))));

            List<Item> raw = new ArrayList<>();
            List<IncidentData> distractors = new ArrayList<>();
            independent(bySlug, raw);
            survey(bySlug, sampleSources, raw, distractors);
            heldOut(incidents, raw);
            pastedAgain(incidents, raw);
            freeText(bySlug, raw);
            negatives(raw);

            Map<String, Part> split = split(raw);
            List<Item> items = raw.stream()
                    .map(i -> new Item(i.query(), i.kind(), i.group(), split.get(i.group()), i.lang())).toList();
            return new LabelledSet(incidents, distractors, items, split);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<IncidentData> published() throws IOException {
        try (Stream<Path> walk = Files.walk(Path.of("content"))) {
            return walk.filter(IncidentFolder::isIncidentFolder).sorted().map(IncidentFolder::read)
                    .filter(d -> d.status() == IncidentStatus.PUBLISHED).toList();
        }
    }

    private static void independent(Map<String, IncidentData> bySlug, List<Item> out) throws IOException {
        for (String root : List.of("src/test/resources/eval/queries", "src/test/resources/eval/generated")) {
            Path dir = Path.of(root);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> dirs = Files.list(dir)) {
                for (Path group : dirs.filter(Files::isDirectory).sorted().toList()) {
                    String slug = group.getFileName().toString();
                    if (!bySlug.containsKey(slug)) {
                        continue; // a draft's queries wait for it to be published
                    }
                    try (Stream<Path> files = Files.list(group)) {
                        for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                            out.add(new Item(new EvalQuery(dir.getFileName() + "/" + slug + "/" + f.getFileName(),
                                    Files.readString(f), slug, null, -1), Kind.INDEPENDENT, slug, null, null));
                        }
                    }
                }
            }
        }
    }

    /**
     * The survey's reports: those of a family a shipped incident serves are queries of that incident (unless the
     * incident's own samples came from the same report); those of a family none serves are distractors; reports
     * too unclear to classify are left out.
     */
    private static void survey(Map<String, IncidentData> bySlug, Set<String> sampleSources, List<Item> out,
            List<IncidentData> distractors) throws IOException {
        Map<String, List<String>> family = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("src/test/resources/survey/families.tsv"))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            family.put(f[0], java.util.Arrays.stream(f[1].split(",")).map(String::trim).toList());
        }
        ObjectMapper json = new ObjectMapper();
        // the survey's development part only: its held-out third measures coverage at the end (issue 20) and must
        // stay untouched, neither a labelled query the model is trained on nor a distractor it competes with
        List<String> lines = Files.readAllLines(Path.of("src/test/resources/survey/dev.jsonl")).stream()
                .filter(l -> !l.isBlank()).toList();
        Map<String, Integer> reportsOf = new HashMap<>();
        for (String line : lines) {
            reportsOf.merge(json.readTree(line).path("family").asText(), 1, Integer::sum);
        }
        {
            for (String line : lines) {
                JsonNode r = json.readTree(line);
                String fam = r.path("family").asText();
                List<String> slugs = family.getOrDefault(fam, List.of("-"));
                String slug = slugs.get(0);
                String text = r.path("text").asText();
                String id = r.path("id").asText();
                if (fam.equals("unclear") || text.isBlank()) {
                    continue;
                }
                if (slug.equals("-")) {
                    IncidentData d = distractor(id, r.path("title").asText(), text, r.path("source").asText());
                    distractors.add(d);
                    if (reportsOf.get(fam) > 1) {
                        continue; // another report's distractor would be the right answer to it
                    }
                    // and a negative: a real paste whose failure no incident covers, answered with its own
                    // distractor held out (the commonest case for a user, and the one a confident answer must not reach)
                    out.add(new Item(new EvalQuery("survey/" + id, text, null, d.slug(), 0), Kind.NEGATIVE,
                            "survey-negative/" + id, null, null));
                } else if (bySlug.containsKey(slug)
                        && sourceKeys(r.path("source").asText()).stream().noneMatch(sampleSources::contains)) {
                    // a family that two incidents serve: either answer is right
                    Set<String> alsoRight = new HashSet<>(slugs.subList(1, slugs.size()));
                    out.add(new Item(new EvalQuery("survey/" + id, text, slug, null, -1, alsoRight), Kind.SURVEY, slug,
                            null, null));
                }
            }
        }
    }

    private static IncidentData distractor(String id, String title, String trace, String source) {
        return new IncidentData("distractor-" + id.toLowerCase(Locale.ROOT), "flink", List.of(), null,
                IncidentStatus.PUBLISHED,
                Map.of("en", new IncidentData.TranslationData(title.isBlank() ? id : title, title, title, true)),
                List.of(), List.of(new IncidentData.SampleTraceData(null, trace, source)));
    }

    /** Each sample trace of an incident with two or more, to be matched while it is held out of the index. */
    private static void heldOut(List<IncidentData> incidents, List<Item> out) {
        for (IncidentData d : incidents) {
            if (d.sampleTraces().size() < 2) {
                continue;
            }
            for (int i = 0; i < d.sampleTraces().size(); i++) {
                out.add(new Item(new EvalQuery("held-out/" + d.slug() + "#" + (i + 1), d.sampleTraces().get(i).text(),
                        d.slug(), d.slug(), i), Kind.HELD_OUT, d.slug(), null, null));
            }
        }
    }

    /** queries.tsv (also FreeTextEvaluationTest's) and benchmark.tsv: lang, slug, query, source_url. */
    private static void pastedAgain(List<IncidentData> incidents, List<Item> out) {
        int n = 0;
        for (IncidentData d : incidents) {
            for (int i = 0; i < d.sampleTraces().size(); i++) {
                String text = d.sampleTraces().get(i).text();
                List<String[]> damaged = io.tracekb.trace.Damage.all(text);
                String[] one = damaged.get(1 + n++ % (damaged.size() - 1)); // each damage in turn
                for (String[] variant : List.of(damaged.get(0), one)) {
                    out.add(new Item(new EvalQuery("pasted-again/" + d.slug() + "#" + (i + 1) + "/" + variant[0],
                            variant[1], d.slug(), null, -1), Kind.PASTED_AGAIN, d.slug(), null, null));
                }
            }
        }
    }

    private static void freeText(Map<String, IncidentData> bySlug, List<Item> out) throws IOException {
        for (String file : List.of("queries.tsv", "benchmark.tsv")) {
            List<String> lines = Files.readAllLines(Path.of("src/test/resources/eval/freetext", file),
                    StandardCharsets.UTF_8);
            for (int i = 1; i < lines.size(); i++) {
                String[] f = lines.get(i).split("\t", -1);
                if (f.length >= 4 && f[1].equals("-")) {
                    // FreeTextEvaluationTest's free-text negatives: questions about failures no incident covers
                    out.add(new Item(new EvalQuery("free-text/" + file + "/" + f[0] + "/line " + (i + 1), f[2], null,
                            null, -1), Kind.NEGATIVE, "free-text-negative/" + file + "/line " + (i + 1), null, f[0]));
                    continue;
                }
                if (f.length < 4 || !bySlug.containsKey(f[1])) {
                    continue; // a draft's questions wait for it to be published
                }
                out.add(new Item(new EvalQuery("free-text/" + file + "/" + f[0] + "/line " + (i + 1), f[2], f[1], null,
                        -1), Kind.FREE_TEXT, f[1], null, f[0]));
            }
        }
    }

    private static void negatives(List<Item> out) throws IOException {
        for (EvalQuery q : MatchEvaluationTest.ecosystemNegatives()) {
            out.add(new Item(q, Kind.NEGATIVE, q.name(), null, null));
        }
        for (EvalQuery q : MatchEvaluationTest.negatives()) {
            out.add(new Item(q, Kind.NEGATIVE, "corpus/" + Path.of(q.name()).getFileName(), null, null));
        }
    }

    /** The recorded split, extended (and rewritten) for groups it does not hold yet. */
    private static Map<String, Part> split(List<Item> items) throws IOException {
        Map<String, Part> split = new TreeMap<>();
        if (Files.exists(SPLIT)) {
            for (String line : Files.readAllLines(SPLIT)) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t");
                split.put(f[0], Part.valueOf(f[1].toUpperCase(Locale.ROOT)));
            }
        }
        boolean grown = false;
        for (Item i : items) {
            if (!split.containsKey(i.group())) {
                split.put(i.group(), partOf(i.group()));
                grown = true;
            }
        }
        if (grown) {
            StringBuilder sb = new StringBuilder("# group<TAB>part: the frozen split of the matching benchmark "
                    + "(LabelledSet): a group's part is fixed once, by a hash of its name with seed " + SEED
                    + "; never edit a line\n");
            split.forEach((g, p) -> sb.append(g).append('\t').append(p.name().toLowerCase(Locale.ROOT)).append('\n'));
            Files.writeString(SPLIT, sb.toString());
        }
        return split;
    }

    /** A fixed-seed hash of the group's name (FNV-1a, stable across JVMs), below {@link #DEV_SHARE}: development. */
    static Part partOf(String group) {
        long h = 0xcbf29ce484222325L ^ SEED;
        for (byte b : group.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        // FNV-1a leaves its top bits to the first characters, so names that differ only at the end
        // ("survey-negative/S008" ... "/S282") all fell in one part; mixed (MurmurHash3's finalizer) for the groups
        // recorded from 2026-12-02 on: those recorded before keep the part the file gives them
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        double u = (h >>> 11) / (double) (1L << 53);
        return u < DEV_SHARE ? Part.DEV : Part.TEST;
    }

    private static final Pattern GITHUB = Pattern.compile(
            "(?:github\\.com/)?([A-Za-z0-9][\\w.-]*)/([\\w.-]+?)(?:/(?:issues|pull|discussions)/|#)(\\d+)");

    /** The forms a source is named by: owner/repo#N for GitHub threads, else the first URL without its scheme. */
    static Set<String> sourceKeys(String source) {
        Set<String> keys = new HashSet<>();
        if (source == null) {
            return keys;
        }
        Matcher m = GITHUB.matcher(source);
        while (m.find()) {
            keys.add((m.group(1) + "/" + m.group(2) + "#" + m.group(3)).toLowerCase(Locale.ROOT));
        }
        Matcher url = Pattern.compile("https?://([^\\s\"'<>)]+)").matcher(source);
        while (url.find()) {
            keys.add(url.group(1).replaceAll("[/.,;]+$", "").toLowerCase(Locale.ROOT));
        }
        return keys;
    }
}
