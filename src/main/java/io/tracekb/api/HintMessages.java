package io.tracekb.api;

import io.tracekb.trace.HintCode;
import io.tracekb.article.LanguageTags;
import io.tracekb.trace.Hint;
import java.util.Map;

/** Advice about a paste, in the asker's language (English for languages without a translation). */
public final class HintMessages {

    private static final Map<HintCode, Map<String, String>> MESSAGES = Map.of(
            HintCode.NO_TRACE_FOUND, Map.of(
                    "en", "No stack trace was recognised; the text was searched as free text.",
                    "ja", "スタックトレースが見つからなかったため、テキストとして検索しました。",
                    "zh", "未识别到堆栈跟踪，已按普通文本搜索。"),
            HintCode.SEVERAL_TRACES, Map.of(
                    "en", "The paste holds several traces; the one that looks like the final failure was used.",
                    "ja", "複数のトレースが含まれていたため、最終的な障害と思われるものを使いました。",
                    "zh", "粘贴内容包含多个堆栈，已使用看起来是最终故障的那个。"),
            HintCode.TRUNCATED_BEFORE_ROOT_CAUSE, Map.of(
                    "en", "The trace is cut off before its root cause: paste the whole trace, including every \"Caused by:\".",
                    "ja", "トレースが根本原因の手前で途切れています。「Caused by:」を含むトレース全体を貼り付けてください。",
                    "zh", "堆栈在根本原因之前被截断了：请粘贴完整的堆栈，包括所有 \"Caused by:\"。"),
            HintCode.INPUT_TRUNCATED_AT_LIMIT, Map.of(
                    "en", "The paste is longer than the limit; only its beginning was read.",
                    "ja", "貼り付けが上限を超えたため、先頭部分だけを読み込みました。",
                    "zh", "粘贴内容超过上限，只读取了开头部分。"),
            HintCode.REPAIRED_DAMAGE, Map.of(
                    "en", "The paste was damaged (line breaks, escaping or prefixes) and was repaired before matching.",
                    "ja", "貼り付け時の崩れ（改行・エスケープ・接頭辞）を修復してから照合しました。",
                    "zh", "粘贴内容有损坏（换行、转义或前缀），已在匹配前修复。"),
            HintCode.THREAD_DUMP, Map.of(
                    "en", "This is a thread dump, not an exception; frames of its threads were used.",
                    "ja", "これは例外ではなくスレッドダンプです。各スレッドのフレームを使いました。",
                    "zh", "这是线程转储而不是异常，已使用其中线程的栈帧。"));

    private HintMessages() {
    }

    public static String message(Hint hint, String lang) {
        Map<String, String> byLang = MESSAGES.get(hint.code());
        if (byLang == null) {
            return hint.code().name();
        }
        return byLang.getOrDefault(LanguageTags.primary(lang), byLang.get("en"));
    }
}
