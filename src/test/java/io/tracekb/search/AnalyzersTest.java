package io.tracekb.search;

import static org.apache.lucene.tests.analysis.BaseTokenStreamTestCase.assertTokenStreamContents;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

/** Exact tokens, in the manner of Lucene's own analysis tests. */
class AnalyzersTest {

    /**
     * Terms, offsets, position increments and the final offset, through Lucene's own checker (it also checks the
     * token stream contract: reset, end, clearAttributes, offsets never going back).
     */
    static void assertAnalyzes(Analyzer a, String text, String[] terms, int[] starts, int[] ends, int[] increments,
            int finalOffset) throws IOException {
        assertTokenStreamContents(a.tokenStream("f", text), terms, starts, ends, increments, finalOffset);
    }

    @Test
    void offsetsAndPositions() throws IOException {
        // the parts of an identifier are stacked after it and carry its offsets: a highlight marks the identifier
        assertAnalyzes(Analyzers.code(), "org.apache.flink.runtime.state.HeapKeyedStateBackend$1.performOperation",
                new String[] {"org.apache.flink.runtime.state.heapkeyedstatebackend$1.performoperation", "org", "apache",
                        "flink", "runtime", "state", "heap", "keyed", "state", "backend", "1", "perform", "operation"},
                new int[13], new int[] {71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71},
                new int[] {1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 71);
        // particles and auxiliaries leave gaps in the positions, so a phrase does not jump over them
        assertAnalyzes(Analyzers.japanese(), "チェックポイントがタイムアウトしてタスクマネージャーが落ちた",
                new String[] {"チェックポイント", "タイムアウト", "タスクマネージャ", "落ちる"}, new int[] {0, 9, 17, 27},
                new int[] {8, 15, 26, 29}, new int[] {1, 2, 3, 2}, 30);
        assertAnalyzes(Analyzers.chinese(), "检查点超时", new String[] {"检查", "点", "超时"}, new int[] {0, 2, 3},
                new int[] {2, 3, 5}, new int[] {1, 1, 1}, 5);
        assertAnalyzes(Analyzers.cjkBigrams(), "检查点", new String[] {"检查", "查点"}, new int[] {0, 1}, new int[] {2, 3},
                new int[] {1, 1}, 3);
        // the camelCase parts stack on the type without its suffix; the stop word "not" leaves a gap
        assertAnalyzes(Analyzers.latinWords(), "java.lang.ClassNotFoundException",
                new String[] {"java", "lang", "classnotfoundexcept", "classnotfound", "class", "found", "except"},
                new int[] {0, 5, 10, 10, 10, 10, 10}, new int[] {4, 9, 32, 32, 32, 32, 32},
                new int[] {1, 1, 1, 0, 0, 2, 1}, 32);
        assertAnalyzes(Analyzers.english(), "Checkpoints expired", new String[] {"checkpoint", "expir"},
                new int[] {0, 12}, new int[] {11, 19}, new int[] {1, 1}, 19);
    }

    @Test
    void codeSplitsIdentifiersAndKeepsTheWhole() {
        assertThat(tokens(Analyzers.code(), "org.apache.flink.runtime.state.HeapKeyedStateBackend$1.performOperation"))
                .contains("org.apache.flink.runtime.state.heapkeyedstatebackend$1.performoperation", "org", "apache",
                        "flink", "heap", "keyed", "state", "backend", "perform", "operation");
    }

    @Test
    void japaneseKeepsFlinkTermsWholeAndStemsTheLongVowel() {
        assertThat(tokens(Analyzers.japanese(), "チェックポイントがタイムアウトしてタスクマネージャーが落ちた"))
                .containsExactly("チェックポイント", "タイムアウト", "タスクマネージャ", "落ちる");
        // both spellings users write meet in one term
        assertThat(tokens(Analyzers.japanese(), "タスクマネージャ")).containsExactly("タスクマネージャ");
    }

    @Test
    void japaneseFoldsFullWidthLatin() {
        assertThat(tokens(Analyzers.japanese(), "ＦＬＩＮＫ")).containsExactly("flink");
    }

    @Test
    void chineseSegmentsWords() {
        // SmartCN's dictionary splits 检查点; the CJK bigram field below still matches it whole
        assertThat(tokens(Analyzers.chinese(), "检查点超时")).containsExactly("检查", "点", "超时");
    }

    @Test
    void cjkBigramsNeedNoDictionary() {
        assertThat(tokens(Analyzers.cjkBigrams(), "背压")).containsExactly("背压");
        assertThat(tokens(Analyzers.cjkBigrams(), "检查点")).containsExactly("检查", "查点");
    }

    @Test
    void englishStems() {
        assertThat(tokens(Analyzers.english(), "Checkpoints expired")).containsExactly("checkpoint", "expir");
    }

    @Test
    void latinWordsSplitIdentifiersWrittenInsideChineseProse() {
        // the whole identifier, then its parts ("not" is an English stop word); no CJK token, no SmartCN word
        assertThat(tokens(Analyzers.latinWords(), "提交任务至flink1.4.0的standalone模式时报classNotFound错误"))
                .containsExactly("flink1", "flink", "standalon", "classnotfound", "class", "found");
    }

    @Test
    void latinWordsMeetAnExceptionTypeWithoutItsSuffix() {
        assertThat(tokens(Analyzers.latinWords(), "java.lang.ClassNotFoundException"))
                .containsExactly("java", "lang", "classnotfoundexcept", "classnotfound", "class", "found", "except");
        assertThat(tokens(Analyzers.latinWords(), "NoSuchMethodErrors"))
                .containsExactly("nosuchmethoderror", "nosuchmethod", "method", "error");
        // a suffix counts only where a camelCase part starts
        assertThat(tokens(Analyzers.latinWords(), "Terror Error")).containsExactly("terror", "error");
    }

    @Test
    void latinWordsMeetPlainEnglishWords() {
        assertThat(tokens(Analyzers.latinWords(), "TooManyOpenFiles エラー"))
                .containsExactly("toomanyopenfil", "too", "mani", "open", "file");
        assertThat(tokens(Analyzers.english(), "Too many open files")).containsExactly("too", "mani", "open", "file");
    }

    @Test
    void latinWordsFoldFullWidthAndSkipCjkAndNumbers() {
        assertThat(tokens(Analyzers.latinWords(), "ＦＬＩＮＫ")).containsExactly("flink");
        assertThat(tokens(Analyzers.latinWords(), "检查点超时 1.17.1 チェックポイント")).isEmpty();
    }

    @Test
    void identifiersNeverReachSmartCnAsTheirParts() {
        // the Chinese field is unchanged: SmartCN keeps (and lower-cases) a Latin run whole
        assertThat(tokens(Analyzers.chinese(), "报classNotFound错误")).containsExactly("报", "classnotfound", "错误");
    }

    @Test
    void templateMasksAreNotTerms() {
        assertThat(tokens(Analyzers.template(), "Size=<num> , maxSize=<num> ."))
                .containsExactly("size", "maxsize");
    }

    static List<String> tokens(Analyzer analyzer, String text) {
        return new ArrayList<>(CandidateQuery.analyze(analyzer, "f", text, 1000));
    }
}
