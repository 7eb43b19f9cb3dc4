package io.tracekb.signature;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tracekb.trace.Damage;
import io.tracekb.trace.ExceptionChain;
import io.tracekb.trace.Hint;
import io.tracekb.trace.ParseResult;
import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.TestFiles;
import io.tracekb.trace.TraceParser;
import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * One directory of input traces with their expected signature: {@code signature/cases/<behaviour>.txt},
 * {@code <behaviour>.expected.json} (what the case is about: only the fields present are compared) and
 * {@code <behaviour>.snapshot.json} (the whole result: the parse summary and every field of the signature, its
 * fingerprint and its components with whether each contributed and why; compared exactly, so that no drift passes
 * unseen). Run with {@code -Dsnapshots.update=true} to rewrite the snapshots on purpose, then review their diff.
 * Special fields of the expected JSON:
 * {@code "damage"} applies a {@link Damage} to the input before parsing; {@code "sameFingerprintAs"} names another
 * case whose fingerprint must be equal; {@code "differentFingerprintFrom"} one whose fingerprint must differ.
 */
class SignatureCasesTest {
    static final String DIR = "signature/cases";
    static final ObjectMapper JSON = new ObjectMapper();
    static final TraceParser PARSER = new TraceParser();
    static final SignatureBuilder SIGNATURES = new SignatureBuilder();

    static Stream<String> cases() throws IOException {
        try (Stream<Path> s = Files.list(TestFiles.dir(DIR))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".expected.json"))
                    .map(n -> n.substring(0, n.length() - ".expected.json".length())).sorted().toList().stream();
        }
    }

    static JsonNode expected(String name) throws IOException {
        return JSON.readTree(TestFiles.read(DIR + "/" + name + ".expected.json"));
    }

    static ParseResult parse(String name) throws IOException {
        String text = TestFiles.read(DIR + "/" + name + ".txt");
        JsonNode e = expected(name);
        if (e.has("damage")) text = Damage.apply(e.get("damage").asText(), text);
        return PARSER.parse(text);
    }

    /** Everything a case can assert on, as JSON. */
    static ObjectNode describe(String name) throws IOException {
        ParseResult r = parse(name);
        ObjectNode o = JSON.createObjectNode();
        o.put("traces", r.traces().size());
        o.put("primary", r.primary());
        ArrayNode hints = o.putArray("hints");
        for (Hint h : r.hints()) hints.add(h.code().name());
        ArrayNode repairs = o.putArray("repairs");
        r.repairs().forEach(x -> repairs.add(x.name()));
        ArrayNode all = o.putArray("all");
        for (ParsedTrace t : r.traces()) {
            ObjectNode x = all.addObject();
            x.put("language", t.language().code());
            x.put("kind", t.kind().name());
            ArrayNode types = x.putArray("exceptionTypes");
            t.exceptions().forEach(e -> types.add(e.type()));
            x.put("firstLine", t.firstLine());
            x.put("lastLine", t.lastLine());
            x.put("linkedTo", t.linkedTo());
            x.put("threads", t.threads().size());
        }
        if (r.primary() >= 0) {
            ParsedTrace t = r.primaryTrace();
            Signature s = SIGNATURES.build(t);
            ObjectNode p = o.putObject("signature");
            p.put("language", s.language().code());
            p.put("kind", s.kind().name());
            ArrayNode types = p.putArray("exceptionTypes");
            s.exceptionTypes().forEach(types::add);
            ArrayNode wrappers = p.putArray("wrappers");
            s.wrappers().forEach(w -> wrappers.add(w != null));
            p.put("rootCauseType", s.rootCauseType());
            p.put("rootCauseTemplate", s.rootCauseTemplate());
            ArrayNode omitted = p.putArray("omittedFrames");
            t.exceptions().forEach(e -> omitted.add(e.omittedFrames()));
            ObjectNode sup = p.putObject("suppressed");
            for (int i = 0; i < t.exceptions().size(); i++) {
                ParsedException e = t.exceptions().get(i);
                if (e.suppressed().isEmpty()) continue;
                ArrayNode chains = sup.putArray(Integer.toString(i));
                for (ExceptionChain c : e.suppressed()) {
                    ArrayNode ch = chains.addArray();
                    c.exceptions().forEach(x -> ch.add(x.type()));
                }
            }
            p.put("frameCount", s.frames().size());
            ArrayNode top = p.putArray("topFrameKeys");
            s.topFrameKeys().forEach(top::add);
            ArrayNode kinds = p.putArray("topFrameKinds");
            s.frames().stream().filter(f -> s.topFrameKeys().contains(f.key())).limit(5).forEach(f -> kinds.add(f.kind().code()));
            ObjectNode v = p.putObject("versions");
            s.versions().forEach(v::put);
            p.put("jdk", s.jdk());
            p.put("fingerprint", s.fingerprint());
        }
        return o;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void caseMatchesItsExpectedSignature(String name) throws IOException {
        JsonNode want = expected(name);
        ObjectNode got = describe(name);
        compare(name, want, got);
        if (want.has("sameFingerprintAs")) {
            String other = want.get("sameFingerprintAs").asText();
            assertThat(got.at("/signature/fingerprint").asText()).as("fingerprint same as " + other)
                    .isEqualTo(describe(other).at("/signature/fingerprint").asText());
        }
        if (want.has("differentFingerprintFrom")) {
            for (JsonNode other : want.get("differentFingerprintFrom")) {
                assertThat(got.at("/signature/fingerprint").asText()).as("fingerprint differs from " + other.asText())
                        .isNotEqualTo(describe(other.asText()).at("/signature/fingerprint").asText());
            }
        }
    }

    /** Rewrites the snapshots in src/test/resources instead of comparing them. */
    static final boolean UPDATE_SNAPSHOTS = Boolean.getBoolean("snapshots.update");
    static final ObjectMapper SNAPSHOT_JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();
    static final Path SNAPSHOTS = Path.of("src/test/resources", DIR);

    /** The whole result of a case: the parse summary with every hint's parameters, and the whole signature. */
    static String snapshot(String name) throws IOException {
        ParseResult r = parse(name);
        ObjectNode o = SNAPSHOT_JSON.createObjectNode();
        ObjectNode d = describe(name);
        o.set("traces", d.get("traces"));
        o.set("primary", d.get("primary"));
        o.set("hints", SNAPSHOT_JSON.valueToTree(r.hints()));
        o.set("repairs", d.get("repairs"));
        o.set("all", d.get("all"));
        o.set("signature", r.primary() < 0 ? null : SNAPSHOT_JSON.valueToTree(SIGNATURES.build(r.primaryTrace())));
        // through a map-sorting writer: Map.copyOf's order is not stable between runs
        Object sorted = SNAPSHOT_JSON.treeToValue(o, Object.class);
        return SNAPSHOT_JSON.writeValueAsString(sorted) + "\n";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void caseMatchesItsSnapshot(String name) throws IOException {
        String now = snapshot(name);
        Path file = SNAPSHOTS.resolve(name + ".snapshot.json");
        if (UPDATE_SNAPSHOTS) {
            Files.writeString(file, now);
        }
        assertThat(file).as("no snapshot for %s: run with -Dsnapshots.update=true and review it", name).exists();
        String before = Files.readString(file);
        if (!before.equals(now)) {
            List<String> a = before.lines().toList();
            List<String> b = now.lines().toList();
            List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(file.getFileName().toString(), "now", a,
                    DiffUtils.diff(a, b), 3);
            fail("the result of " + name + " changed; if that is intended, rerun with -Dsnapshots.update=true and "
                    + "commit the snapshot:\n" + String.join("\n", diff));
        }
    }

    @Test
    void everySnapshotHasItsCase() throws IOException {
        List<String> cases = cases().toList();
        try (Stream<Path> s = Files.list(SNAPSHOTS)) {
            assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".snapshot.json"))
                    .map(n -> n.substring(0, n.length() - ".snapshot.json".length())))
                    .as("snapshots of cases that are gone").allMatch(cases::contains);
        }
    }

    private static final List<String> SPECIAL = List.of("damage", "sameFingerprintAs", "differentFingerprintFrom",
            "source", "note");

    private static void compare(String path, JsonNode want, JsonNode got) {
        Iterator<Map.Entry<String, JsonNode>> it = want.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (SPECIAL.contains(e.getKey())) continue;
            JsonNode g = got.get(e.getKey());
            String p = path + "/" + e.getKey();
            assertThat(g).as(p + " present").isNotNull();
            if (e.getKey().equals("hints") || e.getKey().equals("repairs")) {
                // listed codes must be present; others may be too
                for (JsonNode code : e.getValue()) assertThat(g.toString()).as(p).contains(code.toString());
            } else if (e.getValue().isObject() && !e.getKey().equals("versions") && !e.getKey().equals("suppressed")) {
                compare(p, e.getValue(), g);
            } else if (e.getValue().isArray() && e.getKey().equals("all")) {
                assertThat(g.size()).as(p + " size").isEqualTo(e.getValue().size());
                for (int i = 0; i < e.getValue().size(); i++) compare(p + "[" + i + "]", e.getValue().get(i), g.get(i));
            } else {
                assertThat(g).as(p).isEqualTo(e.getValue());
            }
        }
    }
}
