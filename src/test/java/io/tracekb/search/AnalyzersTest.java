package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

/** Exact tokens, in the manner of Lucene's own analysis tests. */
class AnalyzersTest {

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
