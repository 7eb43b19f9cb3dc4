package io.tracekb.signature;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

/**
 * One directory of input traces with their expected signature: {@code signature/cases/<behaviour>.txt} and
 * {@code <behaviour>.expected.json}. Only the fields present in the expected JSON are compared. Special fields:
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
        for (Hint h : r.hints()) hints.add(h.code());
        ArrayNode repairs = o.putArray("repairs");
        r.repairs().forEach(x -> repairs.add(x.name()));
        ArrayNode all = o.putArray("all");
        for (ParsedTrace t : r.traces()) {
            ObjectNode x = all.addObject();
            x.put("language", t.language());
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
            p.put("language", s.language());
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
            s.frames().stream().filter(f -> s.topFrameKeys().contains(f.key())).limit(5).forEach(f -> kinds.add(f.kind()));
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
