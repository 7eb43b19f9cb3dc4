package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UiLanguageTest {

    @ParameterizedTest(name = "lang={0}, Accept-Language={1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "null", value = {
            "ja    | null                          | ja",
            "zh-CN | en                            | zh",
            "null  | zh-TW,zh;q=0.9                | zh",
            "null  | fr-FR,ja;q=0.8,en;q=0.5       | ja",
            "null  | null                          | en",
            "fr    | de                            | en",
            "null  | ;;;garbage;;;                 | en",
            "''    | ja;q=0                        | en",
    })
    void choosesTheVisitorsLanguage(String requested, String acceptLanguage, String expected) {
        assertThat(UiLanguage.choose(requested, acceptLanguage)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "lang={0}, cookie={1}, Accept-Language={2} -> {3}")
    @CsvSource(delimiter = '|', nullValues = "null", value = {
            "null | ja   | en-US,en;q=0.9 | ja",
            "zh   | ja   | en             | zh",
            "null | xx   | zh-CN          | zh",
            "null | null | ja-JP          | ja",
    })
    void theSwitchersCookieComesAfterAnExplicitChoiceAndBeforeAcceptLanguage(String requested, String cookie,
            String acceptLanguage, String expected) {
        assertThat(UiLanguage.choose(requested, cookie, acceptLanguage)).isEqualTo(expected);
    }
}
