package io.tracekb.signature;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.trace.Damage;
import io.tracekb.trace.ParseResult;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.TestFiles;
import io.tracekb.trace.TraceParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One failure pasted in many damaged ways gives one fingerprint; different failures give different ones. The damage
 * is applied mechanically ({@link Damage}) to real traces: the seeds and the Defects4J / kotlinx corpus.
 */
class SignatureStabilityTest {
    private static final TraceParser PARSER = new TraceParser();
    private static final SignatureBuilder SIGNATURES = new SignatureBuilder();

    /** Traces whose damaged forms are genuinely ambiguous, with the reason. */
    private static final Map<String, String> KNOWN_UNSTABLE = Map.of(
            "Mockito-dc205824dbc289acbcde919e430176ad72da847f-L508.txt",
            "prose message containing '-> at x.Y.m(Y.java:34)' lines: flattened onto one line, those become frames");

    static String fingerprint(String text) {
        ParseResult r = PARSER.parse(text);
        return r.primary() < 0 ? "none" : SIGNATURES.build(r.primaryTrace()).fingerprint();
    }

    /** The lines of the text that the primary trace covers (cut out of a write-up by the parser itself). */
    static String primaryTraceText(String text) {
        ParsedTrace t = PARSER.parse(text).primaryTrace();
        String[] lines = text.split("\n", -1);
        return String.join("\n", java.util.Arrays.copyOfRange(lines, t.firstLine(), t.lastLine() + 1)) + "\n";
    }

    static Stream<Arguments> realTraces() throws IOException {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of("seed 000", primaryTraceText(TestFiles.seed("000_"))));
        out.add(Arguments.of("seed 004", primaryTraceText(TestFiles.seed("004_"))));
        for (String dir : List.of("parser-corpus/defects4j/traces", "parser-corpus/kotlinx-coroutines/traces")) {
            try (Stream<Path> files = Files.list(TestFiles.dir(dir))) {
                for (Path p : files.sorted().toList()) {
                    String name = p.getFileName().toString();
                    if (!KNOWN_UNSTABLE.containsKey(name)) out.add(Arguments.of(name, Files.readString(p)));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("realTraces")
    void oneFailureDamagedManyWaysHasOneFingerprint(String name, String text) {
        Map<String, String> byDamage = new LinkedHashMap<>();
        for (String[] d : Damage.all(text)) byDamage.put(d[0], fingerprint(d[1]));
        String clean = byDamage.get("clean");
        assertThat(clean).isNotEqualTo("none");
        assertThat(byDamage).as(name).allSatisfy((damage, fp) -> assertThat(fp).as(damage).isEqualTo(clean));
    }

    @Test
    void stableAcrossLineNumbersAndJarVersions() {
        String t = primaryTraceText(TestFiles.seed("004_"));
        String other = t.replace("1.13.1", "1.14.6").replace("1.8.0_232", "1.8.0_312")
                .replace("TaskManagerRunner.java:382", "TaskManagerRunner.java:401")
                .replace("FutureUtils.java:1255", "FutureUtils.java:1301");
        assertThat(other).isNotEqualTo(t);
        assertThat(fingerprint(other)).isEqualTo(fingerprint(t));
    }

    @Test
    void differentFailuresHaveDifferentFingerprints() throws IOException {
        // Defects4J: traces whose headers differ (after masking generated ids and numbers) never share a fingerprint
        ObjectMapper json = new ObjectMapper();
        Map<String, String> headerByFingerprint = new HashMap<>();
        int compared = 0;
        for (String line : TestFiles.read("parser-corpus/defects4j/expected.jsonl").split("\n")) {
            if (line.isBlank()) continue;
            JsonNode e = json.readTree(line);
            String text = TestFiles.read("parser-corpus/defects4j/" + e.get("file").asText());
            String header = MessageTemplater.template(e.get("header_line").asText()).template();
            String fp = fingerprint(text);
            String seen = headerByFingerprint.putIfAbsent(fp, header);
            if (seen != null) assertThat(header).as("same fingerprint " + fp).isEqualTo(seen);
            compared++;
        }
        assertThat(compared).isEqualTo(71);
        assertThat(headerByFingerprint.size()).isGreaterThan(40);
        // the three seed failures
        assertThat(List.of(fingerprint(TestFiles.seed("000_")), fingerprint(TestFiles.seed("002_")),
                fingerprint(TestFiles.seed("004_")))).doesNotHaveDuplicates();
    }
}
