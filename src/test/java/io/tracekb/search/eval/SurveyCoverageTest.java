package io.tracekb.search.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.incident.IncidentData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What a Flink user pasting a real failure gets from the shipped knowledge base: the frequency survey's reports
 * (content/SURVEY.md), each labelled with its failure family, and each family with the incident whose fix serves
 * it ({@code survey/families.tsv}, "-" when none does). Per part of the survey (dev: incidents were chosen by its
 * frequencies; heldout: sampled the same way, kept aside), it prints
 * <ul>
 * <li>covered: the report's family has an incident;</li>
 * <li>answered: TraceKB's first result is that incident, and confident;</li>
 * <li>confidently wrong: the first result is confident and is not the incident of the report's family (reports
 * of uncovered or unclear families included: any confident answer to them is wrong).</li>
 * </ul>
 * Run: {@code mvn -B test -Dtest=SurveyCoverageTest}. The floors below guard against regressions; the closing
 * note of issue 20 reports the figures.
 */
class SurveyCoverageTest {

    static final Path SURVEY = Path.of("src/test/resources/survey");

    record Report(String id, String source, String family, String text) {
    }

    record Rates(int reports, int covered, int answered, int confidentlyWrong, int firstRight, int topFiveRight,
            int sharedSource) {
        double pct(int n) {
            return reports == 0 ? 0 : 100.0 * n / reports;
        }

        @Override
        public String toString() {
            return String.format("%d reports: covered %d (%.1f %%), answered confidently and correctly %d (%.1f %%), "
                    + "confidently wrong %d (%.1f %%); the right incident first %d, in the top 5 %d (confident or "
                    + "not); %d reports share their source with a sample trace", reports, covered, pct(covered),
                    answered, pct(answered), confidentlyWrong, pct(confidentlyWrong), firstRight, topFiveRight,
                    sharedSource);
        }
    }

    @Test
    void theSurveysReportsAreCoveredAndAnswered() throws IOException {
        Map<String, String> families = families();
        List<IncidentData> incidents = MatchEvaluationTest.incidents();
        Set<String> slugs = incidents.stream().map(IncidentData::slug).collect(Collectors.toSet());
        // a family mapped to an incident that is not shipped is a typo, not a gap
        assertThat(families.values().stream().filter(s -> !s.equals("-"))
                .flatMap(s -> java.util.Arrays.stream(s.split(","))).filter(s -> !slugs.contains(s)).toList())
                .as("families.tsv names incidents that do not exist").isEmpty();
        // sample traces whose source is also a survey report (a helper found the same public issue): not independent
        List<String> sources = incidents.stream().flatMap(d -> d.sampleTraces().stream())
                .map(t -> t.source() == null ? "" : t.source()).toList();
        Map<String, Rates> byPart = new LinkedHashMap<>();
        try (TraceKbSystem system = new TraceKbSystem(incidents, MatchEvaluationTest.THRESHOLD)) {
            for (String part : List.of("dev", "heldout")) {
                List<Report> all = reports(part);
                assertThat(all.stream().map(Report::family).filter(f -> !families.containsKey(f)).toList())
                        .as("families of %s without a line in families.tsv", part).isEmpty();
                Map<String, String> misses = new TreeMap<>();
                Rates rates = rate(system, all, families, sources, misses);
                // reports whose public source a helper also used for a sample trace are not independent of it
                Rates independent = rate(system, all.stream().filter(r -> !sharesSource(r.source(), sources)).toList(),
                        families, sources, new TreeMap<>());
                byPart.put(part, independent);
                System.out.printf("SURVEY %-7s %s%n", part, rates);
                System.out.printf("SURVEY %-7s without them: %s%n", part, independent);
                if (part.equals("heldout")) {
                    // incidents written for families picked after the held-out part's family counts were seen
                    // (SURVEY.md's table shows them): their reports say nothing about coverage of unseen failures
                    Set<String> informed = chosenAfterHeldoutSeen();
                    List<Report> blind = all.stream().filter(r -> !sharesSource(r.source(), sources))
                            .filter(r -> java.util.Arrays.stream(families.get(r.family()).split(","))
                                    .noneMatch(informed::contains))
                            .toList();
                    System.out.printf("SURVEY %-7s without them and without the %d incidents chosen after the "
                            + "held-out family counts were seen: %s%n", part, informed.size(),
                            rate(system, blind, families, sources, new TreeMap<>()));
                }
                if (part.equals("dev")) {
                    misses.forEach((id, why) -> System.out.printf("SURVEY dev %s: %s%n", id, why));
                }
            }
        }
        Rates heldout = byPart.get("heldout");
        // guards a little under the figures of the closing note (heldout, independent reports), against
        // regressions; the targets of issue 20 (40 % covered, 35 % answered, at most 2 % confidently wrong) are not met
        assertThat(heldout.pct(heldout.covered())).isGreaterThanOrEqualTo(COVERED_FLOOR);
        assertThat(heldout.topFiveRight()).isGreaterThanOrEqualTo(TOP_FIVE_FLOOR);
        assertThat(heldout.pct(heldout.confidentlyWrong())).isLessThanOrEqualTo(CONFIDENTLY_WRONG_CEILING);
    }

    /** -Dsurvey.verbose=true also lists the dev part's covered reports that were not answered (never heldout's). */
    static final boolean VERBOSE = Boolean.getBoolean("survey.verbose");

    static Rates rate(TraceKbSystem system, List<Report> reports, Map<String, String> families, List<String> sources,
            Map<String, String> misses) {
        int covered = 0;
        int answered = 0;
        int wrong = 0;
        int firstRight = 0;
        int topFive = 0;
        int shared = 0;
        for (Report r : reports) {
            String expected = families.get(r.family());
            boolean isCovered = !expected.equals("-");
            Answer a = system.answer(new EvalQuery(r.id(), r.text(), null, null, -1));
            String first = a.slugs().isEmpty() ? null : a.slugs().get(0);
            List<String> right = isCovered ? List.of(expected.split(",")) : List.of();
            if (isCovered) {
                covered++;
                firstRight += right.contains(first) ? 1 : 0;
                topFive += a.slugs().stream().anyMatch(right::contains) ? 1 : 0;
            }
            if (sharesSource(r.source(), sources)) {
                shared++;
            }
            if (isCovered && a.confident() && right.contains(first)) {
                answered++;
            } else if (a.confident()) {
                wrong++;
                misses.put(r.id(), "confident " + first + " for family " + r.family());
            } else if (isCovered && VERBOSE) {
                int rank = a.slugs().indexOf(right.get(0));
                misses.put(r.id(), "not confident: first " + first + " " + (a.scores().isEmpty() ? ""
                        : String.format("%.2f", a.scores().get(0))) + ", expected " + expected + " at rank "
                        + (rank < 0 ? "-" : rank + 1));
            }
        }
        return new Rates(reports.size(), covered, answered, wrong, firstRight, topFive, shared);
    }

    static final double COVERED_FLOOR = 28;
    static final int TOP_FIVE_FLOOR = 17;
    static final double CONFIDENTLY_WRONG_CEILING = 3;

    /** Whether a sample trace cites the report's source, as owner/repo#N or as its GitHub issue URL. */
    static boolean sharesSource(String source, List<String> sampleSources) {
        List<String> forms = new ArrayList<>(List.of(source));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([\\w.-]+/[\\w.-]+)#(\\d+)").matcher(source);
        if (m.matches()) {
            forms.add("github.com/" + m.group(1) + "/issues/" + m.group(2));
            forms.add("github.com/" + m.group(1) + "/pull/" + m.group(2));
        }
        for (String form : forms) {
            java.util.regex.Pattern cited = java.util.regex.Pattern.compile(
                    "(?<![\\w.-])" + java.util.regex.Pattern.quote(form) + "(?!\\d)");
            if (sampleSources.stream().anyMatch(s -> cited.matcher(s).find())) {
                return true;
            }
        }
        return false;
    }

    /** Slugs of incidents whose family was picked knowing its held-out count ({@code chosen-after-heldout-seen.txt}). */
    static Set<String> chosenAfterHeldoutSeen() throws IOException {
        return Files.readAllLines(SURVEY.resolve("chosen-after-heldout-seen.txt")).stream().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).collect(Collectors.toSet());
    }

    static Map<String, String> families() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(SURVEY.resolve("families.tsv"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cols = line.split("\t");
            out.put(cols[0].strip(), cols.length > 1 ? cols[1].strip() : "-");
        }
        return out;
    }

    static List<Report> reports(String part) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Report> out = new ArrayList<>();
        for (String line : Files.readAllLines(SURVEY.resolve(part + ".jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = json.readTree(line);
            out.add(new Report(n.get("id").asText(), n.get("source").asText(), n.get("family").asText(),
                    n.get("text").asText()));
        }
        return out;
    }
}
