package io.tracekb.article;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.article.IncidentData.FixData;
import io.tracekb.article.IncidentData.FixTextData;
import io.tracekb.article.IncidentData.SampleTraceData;
import io.tracekb.article.IncidentData.TranslationData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** PostgreSQL cannot store U+0000 in text: the validator names the field instead of letting the save fail. */
class IncidentValidatorTest {

    @Test
    void aNulCharacterInAnyTextFieldIsNamed() {
        String nul = "a\0b";
        IncidentData d = new IncidentData("nul-test", "flink", List.of("x"), nul, IncidentStatus.PUBLISHED,
                Map.of("en", new TranslationData(nul, nul, nul, true)),
                List.of(new FixData(nul, "yaml", nul, nul, Map.of("en", new FixTextData(nul, nul)))),
                List.of(new SampleTraceData(null, "java.io.IOException: " + nul, nul)));

        assertThat(IncidentValidator.validate(d)).extracting(FieldError::field).containsExactlyInAnyOrder(
                "affectedVersions", "translations.en.title", "translations.en.summary", "translations.en.body",
                "fixes[0].snippet", "fixes[0].file", "fixes[0].appliesTo", "fixes[0].texts.en.title",
                "fixes[0].texts.en.description", "sampleTraces[0].text", "sampleTraces[0].source");
        assertThat(IncidentValidator.validate(d)).extracting(FieldError::message)
                .containsOnly("must not contain the NUL character (U+0000)");
    }

    @Test
    void otherControlCharactersAreKept() {
        IncidentData d = new IncidentData("ctl-test", "flink", List.of("x"), null, IncidentStatus.PUBLISHED,
                Map.of("en", new TranslationData("Title \u0001\u001b[31m", null, null, true)), List.of(),
                List.of(new SampleTraceData(null, "java.io.IOException: \u0007 \uFFFD", null)));

        assertThat(IncidentValidator.validate(d)).isEmpty();
    }
}
