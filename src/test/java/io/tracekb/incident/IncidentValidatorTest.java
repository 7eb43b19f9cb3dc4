package io.tracekb.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** PostgreSQL cannot store U+0000 in text: the validator names the field instead of letting the save fail. */
class IncidentValidatorTest {

    static IncidentData withParts(int tags, int translations, int fixes, int traces) {
        Map<String, TranslationData> ts = new java.util.TreeMap<>();
        ts.put("en", new TranslationData("T", null, null, true));
        for (int i = 1; i < translations; i++) {
            ts.put("x" + "abcdefghijklmnopqrstuvwxyz".charAt(i % 26) + "-" + (100 + i), new TranslationData("T", null, null, false));
        }
        List<String> tagList = java.util.stream.IntStream.range(0, tags).mapToObj(i -> "t" + i).toList();
        List<FixData> fixList = java.util.stream.IntStream.range(0, fixes)
                .mapToObj(i -> new FixData("s", "text", null, null, Map.of("en", new FixTextData("F", null)))).toList();
        List<SampleTraceData> traceList = java.util.stream.IntStream.range(0, traces)
                .mapToObj(i -> new SampleTraceData(null, "java.io.IOException: " + i, null)).toList();
        return new IncidentData("caps", "flink", tagList, null, IncidentStatus.PUBLISHED, ts, fixList, traceList)
                .normalized();
    }

    @Test
    void anIncidentsPartsAreCapped() {
        assertThat(IncidentValidator.validate(withParts(30, 20, 30, 50))).isEmpty();
        assertThat(IncidentValidator.validate(withParts(1000, 500, 5000, 5000)))
                .extracting(FieldError::field, FieldError::message).containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("tags", "must have at most 30 entries (has 1000)"),
                        org.assertj.core.groups.Tuple.tuple("translations", "must have at most 20 entries (has 500)"),
                        org.assertj.core.groups.Tuple.tuple("fixes", "must have at most 30 entries (has 5000)"),
                        org.assertj.core.groups.Tuple.tuple("sampleTraces", "must have at most 50 entries (has 5000)"));
    }

    @Test
    void languageTagsThatDifferOnlyInCaseAreOneLanguage() {
        Map<String, TranslationData> ts = new java.util.LinkedHashMap<>();
        ts.put("EN", new TranslationData("English", null, null, true));
        ts.put("zh-hans", new TranslationData("中文", null, null, false));
        IncidentData d = new IncidentData("tags", "flink", List.of(), null, IncidentStatus.PUBLISHED, ts,
                List.of(new FixData(null, null, null, null, Map.of("JA", new FixTextData("修正", null)))), List.of())
                .normalized();
        assertThat(d.translations()).containsOnlyKeys("en", "zh-Hans");
        assertThat(d.fixes().get(0).texts()).containsOnlyKeys("ja");
        assertThat(IncidentValidator.validate(d)).isEmpty();

        Map<String, TranslationData> twice = new java.util.LinkedHashMap<>();
        twice.put("en", new TranslationData("English", null, null, true));
        twice.put("EN", new TranslationData("Also English", null, null, false));
        IncidentData dup = new IncidentData("tags", "flink", List.of(), null, IncidentStatus.PUBLISHED, twice,
                List.of(), List.of()).normalized();
        assertThat(IncidentValidator.validate(dup)).extracting(FieldError::field).contains("translations.EN");
    }

    @Test
    void aNulCharacterInAnyTextFieldIsNamed() {
        String nul = "a\0b";
        IncidentData d = new IncidentData("nul-test", "flink", List.of("x"), nul, IncidentStatus.PUBLISHED,
                Map.of("en", new TranslationData(nul, nul, nul, true)),
                List.of(new FixData(nul, "yaml", nul, nul, Map.of("en", new FixTextData(nul, nul, nul)))),
                List.of(new SampleTraceData(null, "java.io.IOException: " + nul, nul)));

        assertThat(IncidentValidator.validate(d)).extracting(FieldError::field).containsExactlyInAnyOrder(
                "affectedVersions", "translations.en.title", "translations.en.summary", "translations.en.body",
                "fixes[0].snippet", "fixes[0].file", "fixes[0].appliesTo", "fixes[0].texts.en.title",
                "fixes[0].texts.en.description", "fixes[0].texts.en.appliesTo", "sampleTraces[0].text",
                "sampleTraces[0].source");
        assertThat(IncidentValidator.validate(d)).extracting(FieldError::message)
                .containsOnly("must not contain the NUL character (U+0000)");
    }

    @Test
    void aVersionNoteInOneLanguageIsAtMost200Characters() {
        IncidentData d = new IncidentData("long-note", "flink", List.of("x"), null, IncidentStatus.PUBLISHED,
                Map.of("en", new TranslationData("Title", null, "Body", true)),
                List.of(new FixData("a: b", "yaml", null, "1.13+", Map.of("en", new FixTextData("Fix", null),
                        "ja", new FixTextData("対処", null, "あ".repeat(201))))),
                List.of(new SampleTraceData(null, "java.io.IOException: x\n\tat a.B.c(B.java:1)", null)));
        assertThat(IncidentValidator.validate(d)).extracting(FieldError::field)
                .containsExactly("fixes[0].texts.ja.appliesTo");
    }

    @Test
    void otherControlCharactersAreKept() {
        IncidentData d = new IncidentData("ctl-test", "flink", List.of("x"), null, IncidentStatus.PUBLISHED,
                Map.of("en", new TranslationData("Title \u0001\u001b[31m", null, null, true)), List.of(),
                List.of(new SampleTraceData(null, "java.io.IOException: \u0007 \uFFFD", null)));

        assertThat(IncidentValidator.validate(d)).isEmpty();
    }
}
