package io.tracekb.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tracekb.search.Reason;
import io.tracekb.search.Reason.Kind;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every kind of reason, worded in English (exactly as the API always answered), Japanese and Chinese. */
@io.quarkus.test.junit.QuarkusTest
@io.quarkus.test.common.WithTestResource(io.tracekb.testing.EmbeddedPostgresResource.class)
class ReasonMessagesTest {

    private record Wording(Reason reason, String en, String ja, String zh) {
    }

    private static final String RANGE = "1.10-1.13 (Metaspace limit set by Flink)";

    private static final List<Wording> EVERY_KIND = List.of(
            new Wording(Reason.of(Kind.SAME_FINGERPRINT),
                    "same fingerprint as a sample trace",
                    "トレースの例とフィンガープリントが同じ",
                    "与示例堆栈的指纹相同"),
            new Wording(Reason.of(Kind.ROOT_CAUSE_OUTER_IN_SAMPLE, "java.lang.Exception"),
                    "root cause java.lang.Exception is an outer exception of a sample trace (the paste may stop "
                            + "before its root cause)",
                    "根本原因 java.lang.Exception はトレースの例では外側の例外（貼り付けが根本原因の手前で途切れている可能性があります）",
                    "根本原因 java.lang.Exception 是示例堆栈中的外层异常（粘贴内容可能在根本原因之前被截断）"),
            new Wording(Reason.of(Kind.ROOT_CAUSE_DEEPER_IN_PASTE, "com.esotericsoftware.kryo.KryoException"),
                    "root cause com.esotericsoftware.kryo.KryoException is deeper in the paste than in a sample trace "
                            + "(the sample stops before it)",
                    "根本原因 com.esotericsoftware.kryo.KryoException は貼り付けたトレースのほうが深い位置にある"
                            + "（トレースの例はその手前で途切れています）",
                    "根本原因 com.esotericsoftware.kryo.KryoException 在粘贴的堆栈中比在示例堆栈中更深（示例堆栈在它之前就结束了）"),
            new Wording(Reason.of(Kind.ROOT_CAUSE_SAME_TEMPLATE, "java.io.IOException"),
                    "root cause java.io.IOException with the same message template",
                    "根本原因が同じ java.io.IOException、メッセージのテンプレートも一致",
                    "根本原因同为 java.io.IOException，消息模板相同"),
            new Wording(Reason.of(Kind.ROOT_CAUSE_NO_MESSAGE, "java.lang.NullPointerException"),
                    "root cause java.lang.NullPointerException (no message), as in a sample trace",
                    "根本原因が同じ java.lang.NullPointerException（トレースの例と同じくメッセージなし）",
                    "根本原因同为 java.lang.NullPointerException，且与示例堆栈一样没有消息"),
            new Wording(Reason.of(Kind.ROOT_CAUSE_SIMILAR_MESSAGE, "java.lang.OutOfMemoryError"),
                    "root cause java.lang.OutOfMemoryError, similar message",
                    "根本原因が同じ java.lang.OutOfMemoryError、メッセージは類似",
                    "根本原因同为 java.lang.OutOfMemoryError，消息相似"),
            new Wording(Reason.of(Kind.ROOT_CAUSE_DIFFERENT_MESSAGE, "java.lang.OutOfMemoryError"),
                    "root cause java.lang.OutOfMemoryError, different message",
                    "根本原因が同じ java.lang.OutOfMemoryError、メッセージは異なる",
                    "根本原因同为 java.lang.OutOfMemoryError，消息不同"),
            new Wording(Reason.of(Kind.TEMPLATE_IDENTICAL),
                    "message template identical to a sample trace",
                    "メッセージのテンプレートがトレースの例と同一",
                    "消息模板与示例堆栈完全相同"),
            new Wording(Reason.of(Kind.TEMPLATE_SIMILAR),
                    "message template similar to a sample trace",
                    "メッセージのテンプレートがトレースの例と類似",
                    "消息模板与示例堆栈相似"),
            new Wording(Reason.of(Kind.SAME_INTRODUCING_MESSAGE),
                    "introduced by the same log message as a sample's frames",
                    "トレースの例のフレームと同じログメッセージに続いている",
                    "与示例的栈帧由同一条日志消息引出"),
            new Wording(Reason.of(Kind.FRAMES_ALIGN, 11, 14),
                    "11 of 14 frames align",
                    "14 フレーム中 11 フレームが一致",
                    "14 个栈帧中有 11 个对齐"),
            new Wording(Reason.of(Kind.CHAIN_ALSO_HAS, "java.io.IOException", "java.lang.Exception"),
                    "exception chain also has java.io.IOException, java.lang.Exception",
                    "例外の連鎖に java.io.IOException、java.lang.Exception も含まれる",
                    "异常链中还有 java.io.IOException、java.lang.Exception"),
            new Wording(Reason.of(Kind.WORDS_IN_WRITE_UP),
                    "the words of the paste occur in the write-up",
                    "貼り付けた語句がインシデントの本文に含まれる",
                    "粘贴内容中的词出现在故障案例正文中"),
            new Wording(Reason.of(Kind.TITLE_NAMES_MESSAGE, "address already in use"),
                    "its title names the message (\"address already in use\")",
                    "タイトルにメッセージが含まれる（「address already in use」）",
                    "标题中包含该消息（“address already in use”）"),
            new Wording(Reason.of(Kind.TITLE_NAMES_OTHER_MESSAGE, "task not serializable"),
                    "its title names a message of the paste (\"task not serializable\")",
                    "タイトルに貼り付けたトレースのメッセージの一つが含まれる（「task not serializable」）",
                    "标题中包含粘贴内容中的一条消息（“task not serializable”）"),
            new Wording(Reason.of(Kind.WRITE_UP_NAMES_MESSAGE, 73L),
                    "the write-up names the message (73% of its words)",
                    "インシデントの本文にメッセージが書かれている（メッセージの語の 73%）",
                    "故障案例正文提到了该消息（包含其中 73% 的词）"),
            new Wording(Reason.of(Kind.VERSION_INSIDE_AFFECTED, "Flink", "1.13.5", RANGE),
                    "Flink 1.13.5 is inside the affected versions (" + RANGE + ")",
                    "Flink 1.13.5 は影響するバージョンに含まれる（" + RANGE + "）",
                    "Flink 1.13.5 在受影响版本范围内（" + RANGE + "）"),
            new Wording(Reason.of(Kind.VERSION_OUTSIDE_AFFECTED, "Flink", "1.17.1", RANGE),
                    "Flink 1.17.1 is outside the affected versions (" + RANGE + ")",
                    "Flink 1.17.1 は影響するバージョンに含まれない（" + RANGE + "）",
                    "Flink 1.17.1 不在受影响版本范围内（" + RANGE + "）"),
            new Wording(new Reason(Kind.LITERALS_SHARED, List.of("no such file or directory", "0")),
                    "the message names the same: no such file or directory, 0",
                    "メッセージに同じものが出てくる：no such file or directory、0",
                    "消息中提到相同的内容：no such file or directory、0"),
            new Wording(Reason.of(Kind.LITERALS_DIFFER, "abc", "1-amzn-1"),
                    "the message names abc, the sample trace's 1-amzn-1",
                    "メッセージに出てくるのは abc、トレースの例では 1-amzn-1",
                    "消息中提到的是 abc，示例堆栈中是 1-amzn-1"),
            new Wording(Reason.of(Kind.SAMPLES_MATCH, 2L, 3),
                    "2 of 3 sample traces match",
                    "トレースの例 3 件中 2 件が一致",
                    "3 个示例堆栈中有 2 个匹配"));

    @Test
    void everyKindIsWordedInEnglishJapaneseAndChinese() {
        Map<Kind, Wording> byKind = new EnumMap<>(Kind.class);
        EVERY_KIND.forEach(w -> byKind.put(w.reason().kind(), w));
        assertThat(byKind.keySet()).as("kinds this test covers").containsExactlyInAnyOrder(Kind.values());

        for (Wording w : EVERY_KIND) {
            assertThat(ReasonMessages.message(w.reason(), "en")).as(w.reason() + " en").isEqualTo(w.en());
            assertThat(ReasonMessages.message(w.reason(), "ja")).as(w.reason() + " ja").isEqualTo(w.ja());
            assertThat(ReasonMessages.message(w.reason(), "zh")).as(w.reason() + " zh").isEqualTo(w.zh());
        }
    }

    @Test
    void regionalTagsUseTheirLanguageAndOtherLanguagesGetEnglish() {
        Reason frames = Reason.of(Kind.FRAMES_ALIGN, 3, 5);
        assertThat(ReasonMessages.message(frames, "ja-JP")).isEqualTo("5 フレーム中 3 フレームが一致");
        assertThat(ReasonMessages.message(frames, "zh-Hans-CN")).isEqualTo("5 个栈帧中有 3 个对齐");
        for (String other : Arrays.asList("fr", "de-DE", "en-GB", "", null)) {
            assertThat(ReasonMessages.message(frames, other)).as(String.valueOf(other)).isEqualTo("3 of 5 frames align");
        }
    }

    @Test
    void listsKeepTheirOrderAndValuesAreShownVerbatim() {
        List<Reason> why = List.of(Reason.of(Kind.SAME_FINGERPRINT),
                Reason.of(Kind.TITLE_NAMES_MESSAGE, "value {1} of {0}"));
        assertThat(ReasonMessages.messages(why, "zh"))
                .containsExactly("与示例堆栈的指纹相同", "标题中包含该消息（“value {1} of {0}”）");
    }

    @Test
    void aReasonWithTheWrongValuesIsRefused() {
        assertThatThrownBy(() -> Reason.of(Kind.FRAMES_ALIGN, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("FRAMES_ALIGN takes 2 args");
        assertThatThrownBy(() -> new Reason(Kind.CHAIN_ALSO_HAS, List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
