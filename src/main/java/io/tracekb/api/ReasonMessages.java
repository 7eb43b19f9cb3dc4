package io.tracekb.api;

import io.tracekb.article.LanguageTags;
import io.tracekb.search.Reason;
import io.tracekb.search.Reason.Kind;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Why a result matched, in the asker's language (English for languages without a translation). The values a
 * reason names (exception types, versions, counts, the pasted words) are shown verbatim. The English wording
 * is what the API has always answered: bots may match on it.
 */
public final class ReasonMessages {

    private static final Map<Kind, Map<String, String>> MESSAGES = new EnumMap<>(Kind.class);

    /** Between the exception types of {@link Kind#CHAIN_ALSO_HAS}. */
    private static final Map<String, String> LIST_SEPARATOR = Map.of("en", ", ", "ja", "、", "zh", "、");

    static {
        put(Kind.SAME_FINGERPRINT,
                "same fingerprint as a sample trace",
                "トレースの例とフィンガープリントが同じ",
                "与示例堆栈的指纹相同");
        put(Kind.ROOT_CAUSE_OUTER_IN_SAMPLE,
                "root cause {0} is an outer exception of a sample trace (the paste may stop before its root cause)",
                "根本原因 {0} はトレースの例では外側の例外（貼り付けが根本原因の手前で途切れている可能性があります）",
                "根本原因 {0} 是示例堆栈中的外层异常（粘贴内容可能在根本原因之前被截断）");
        put(Kind.ROOT_CAUSE_DEEPER_IN_PASTE,
                "root cause {0} is deeper in the paste than in a sample trace (the sample stops before it)",
                "根本原因 {0} は貼り付けたトレースのほうが深い位置にある（トレースの例はその手前で途切れています）",
                "根本原因 {0} 在粘贴的堆栈中比在示例堆栈中更深（示例堆栈在它之前就结束了）");
        put(Kind.ROOT_CAUSE_SAME_TEMPLATE,
                "root cause {0} with the same message template",
                "根本原因が同じ {0}、メッセージのテンプレートも一致",
                "根本原因同为 {0}，消息模板相同");
        put(Kind.ROOT_CAUSE_NO_MESSAGE,
                "root cause {0} (no message), as in a sample trace",
                "根本原因が同じ {0}（トレースの例と同じくメッセージなし）",
                "根本原因同为 {0}，且与示例堆栈一样没有消息");
        put(Kind.ROOT_CAUSE_SIMILAR_MESSAGE,
                "root cause {0}, similar message",
                "根本原因が同じ {0}、メッセージは類似",
                "根本原因同为 {0}，消息相似");
        put(Kind.ROOT_CAUSE_DIFFERENT_MESSAGE,
                "root cause {0}, different message",
                "根本原因が同じ {0}、メッセージは異なる",
                "根本原因同为 {0}，消息不同");
        put(Kind.TEMPLATE_IDENTICAL,
                "message template identical to a sample trace",
                "メッセージのテンプレートがトレースの例と同一",
                "消息模板与示例堆栈完全相同");
        put(Kind.TEMPLATE_SIMILAR,
                "message template similar to a sample trace",
                "メッセージのテンプレートがトレースの例と類似",
                "消息模板与示例堆栈相似");
        put(Kind.SAME_INTRODUCING_MESSAGE,
                "introduced by the same log message as a sample's frames",
                "トレースの例のフレームと同じログメッセージに続いている",
                "与示例的栈帧由同一条日志消息引出");
        put(Kind.FRAMES_ALIGN,
                "{0} of {1} frames align",
                "{1} フレーム中 {0} フレームが一致",
                "{1} 个栈帧中有 {0} 个对齐");
        put(Kind.CHAIN_ALSO_HAS,
                "exception chain also has {0}",
                "例外の連鎖に {0} も含まれる",
                "异常链中还有 {0}");
        put(Kind.WORDS_IN_WRITE_UP,
                "the words of the paste occur in the write-up",
                "貼り付けた語句がインシデントの本文に含まれる",
                "粘贴内容中的词出现在故障案例正文中");
        put(Kind.TITLE_NAMES_MESSAGE,
                "its title names the message (\"{0}\")",
                "タイトルにメッセージが含まれる（「{0}」）",
                "标题中包含该消息（“{0}”）");
        put(Kind.TITLE_NAMES_OTHER_MESSAGE,
                "its title names a message of the paste (\"{0}\")",
                "タイトルに貼り付けたトレースのメッセージの一つが含まれる（「{0}」）",
                "标题中包含粘贴内容中的一条消息（“{0}”）");
        put(Kind.WRITE_UP_NAMES_MESSAGE,
                "the write-up names the message ({0}% of its words)",
                "インシデントの本文にメッセージが書かれている（メッセージの語の {0}%）",
                "故障案例正文提到了该消息（包含其中 {0}% 的词）");
        put(Kind.VERSION_INSIDE_AFFECTED,
                "{0} {1} is inside the affected versions ({2})",
                "{0} {1} は影響するバージョンに含まれる（{2}）",
                "{0} {1} 在受影响版本范围内（{2}）");
        put(Kind.VERSION_OUTSIDE_AFFECTED,
                "{0} {1} is outside the affected versions ({2})",
                "{0} {1} は影響するバージョンに含まれない（{2}）",
                "{0} {1} 不在受影响版本范围内（{2}）");
        put(Kind.SAMPLES_MATCH,
                "{0} of {1} sample traces match",
                "トレースの例 {1} 件中 {0} 件が一致",
                "{1} 个示例堆栈中有 {0} 个匹配");
        for (Kind kind : Kind.values()) {
            if (!MESSAGES.containsKey(kind)) {
                throw new IllegalStateException("no wording for reason " + kind);
            }
        }
    }

    private ReasonMessages() {
    }

    private static void put(Kind kind, String en, String ja, String zh) {
        MESSAGES.put(kind, Map.of("en", en, "ja", ja, "zh", zh));
    }

    public static List<String> messages(List<Reason> reasons, String lang) {
        return reasons.stream().map(r -> message(r, lang)).toList();
    }

    public static String message(Reason reason, String lang) {
        String primary = LanguageTags.primary(lang);
        String language = MESSAGES.get(reason.kind()).containsKey(primary) ? primary : "en";
        List<String> args = reason.kind() == Kind.CHAIN_ALSO_HAS
                ? List.of(String.join(LIST_SEPARATOR.get(language), reason.args()))
                : reason.args();
        return fill(MESSAGES.get(reason.kind()).get(language), args);
    }

    /** {0}, {1}, … replaced by the args in one pass, so that an arg that looks like a placeholder stays as it is. */
    private static String fill(String template, List<String> args) {
        StringBuilder out = new StringBuilder(template.length() + 32);
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '{' && i + 2 < template.length() && Character.isDigit(template.charAt(i + 1))
                    && template.charAt(i + 2) == '}') {
                out.append(args.get(template.charAt(i + 1) - '0'));
                i += 3;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
