package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The glossary's expansions: a term in one language brings the others, and nothing unrelated. */
class CrossLanguageTermsTest {

    @Test
    void aTermBringsItsOtherLanguages() {
        assertThat(CrossLanguageTerms.expand("チェックポイントが失敗する")).containsExactly("checkpoint", "检查点");
        assertThat(CrossLanguageTerms.expand("运行一段时间后会内存溢出"))
                .containsExactly("out of memory", "outofmemory", "メモリ不足", "内存不足");
        assertThat(CrossLanguageTerms.expand("Kafka 消息过大")).containsExactly("message too large",
                "record too large", "message size", "メッセージが大きすぎ", "メッセージサイズ", "消息太大", "消息大小", "消息长度");
        assertThat(CrossLanguageTerms.expand("关于 SlaveId 碰撞问题")).containsExactly("conflict", "collision", "競合",
                "衝突", "冲突");
    }

    @Test
    void aLocalisedSystemMessageBringsItsEnglishOriginal() {
        assertThat(CrossLanguageTerms.expand("java.io.IOException: 打开的文件过多"))
                .contains("too many open files", "ファイルを開きすぎ");
        assertThat(CrossLanguageTerms.expand("接続を拒否されました")).contains("connection refused", "连接被拒绝");
    }

    @Test
    void textWithoutATermBringsNothing() {
        assertThat(CrossLanguageTerms.expand("")).isEmpty();
        assertThat(CrossLanguageTerms.expand("the job writes to Elasticsearch")).isEmpty();
    }

    @Test
    void everyGroupHasATermInEachLanguage() {
        assertThat(CrossLanguageTerms.GROUPS).hasSizeGreaterThan(40).allSatisfy(g -> {
            assertThat(g).hasSizeGreaterThanOrEqualTo(3);
            assertThat(g).allSatisfy(t -> assertThat(t).isNotBlank().isLowerCase());
        });
    }
}
