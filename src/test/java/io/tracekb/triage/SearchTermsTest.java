package io.tracekb.triage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SearchTermsTest {

    @Test
    void theFirstRunOfThreeFixedWordsIsThePhrase() {
        SearchTerms t = SearchTerms.ofTrace("org.apache.flink.table.api.ValidationException",
                "Could not find any factory for identifier <quoted> that implements <quoted> in the classpath.");
        assertThat(t).isEqualTo(new SearchTerms("ValidationException",
                "Could not find any factory for identifier", true));
        assertThat(t.query()).isEqualTo("ValidationException \"Could not find any factory for identifier\"");
    }

    @Test
    void withoutARunOfThreeTheLongestOfTwoServes() {
        assertThat(SearchTerms.ofTrace("java.io.IOException", "<path> (No such file)").phrase())
                .isEqualTo("No such file");
        assertThat(SearchTerms.ofTrace("java.io.IOException", "<path>: <num> bytes").phrase()).isNull();
    }

    @Test
    void theTrackersSpecialCharactersBecomeSpacesButWordsKeepTheirJoiners() {
        assertThat(SearchTerms.ofTrace("a.B", "Table (db) doesn't exist: \"x\" in flink-conf.yaml").phrase())
                .isEqualTo("Table db doesn't exist x in flink-conf.yaml");
    }

    @Test
    void aLongRunIsCutAtTenWords() {
        assertThat(SearchTerms.ofTrace("java.io.IOException",
                "Size of the state is larger than the maximum permitted memory-backed state. Size=<num> , maxSize=<num>")
                .phrase()).isEqualTo("Size of the state is larger than the maximum permitted");
    }

    @Test
    void aTypeWithoutMessageIsSearchedByItsSimpleName() {
        assertThat(SearchTerms.ofTrace("java.lang.RuntimeException", null))
                .isEqualTo(new SearchTerms("RuntimeException", null, true));
        assertThat(SearchTerms.ofTrace("org.example.Outer$InnerException", "").typeName()).isEqualTo("InnerException");
        assertThat(SearchTerms.ofTrace(null, null)).isNull();
    }

    @Test
    void freeTextIsItsFirstLineCutAtAWordsEnd() {
        SearchTerms t = SearchTerms.ofText("\n  Flink job keeps restarting after the checkpoint times out on a large "
                + "state backend, what to do?\nsecond line");
        assertThat(t).isEqualTo(new SearchTerms(null, "Flink job keeps restarting after the checkpoint times out on",
                false));
        assertThat(t.query()).isEqualTo("Flink job keeps restarting after the checkpoint times out on");
        assertThat(SearchTerms.ofText("运行一段时间后会内存溢出").phrase()).isEqualTo("运行一段时间后会内存溢出");
        assertThat(SearchTerms.ofText("  \n ")).isNull();
        assertThat(SearchTerms.ofText(null)).isNull();
    }

    @Test
    void hostileTextCannotBreakOutOfTheQuery() {
        SearchTerms t = SearchTerms.ofTrace("a.B", "x\" OR project = SECRET AND text ~ \"y <num> z");
        assertThat(t.phrase()).doesNotContain("\"").isEqualTo("x OR project SECRET AND text y");
    }
}
