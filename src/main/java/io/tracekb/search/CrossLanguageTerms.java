package io.tracekb.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Core terms in English, Japanese and Chinese, expanded at query time so that a question asked in one
 * language finds an incident written in another.
 */
final class CrossLanguageTerms {

    private static final List<List<String>> GROUPS = List.of(
            List.of("checkpoint", "チェックポイント", "检查点"),
            List.of("savepoint", "セーブポイント", "保存点"),
            List.of("backpressure", "バックプレッシャー", "背压"),
            List.of("taskmanager", "タスクマネージャー", "任务管理器"),
            List.of("jobmanager", "ジョブマネージャー", "作业管理器"),
            List.of("state backend", "ステートバックエンド", "状态后端"),
            List.of("timeout", "タイムアウト", "超时"),
            List.of("out of memory", "メモリ不足", "内存不足"),
            List.of("serialization", "シリアライズ", "序列化"),
            List.of("watermark", "ウォーターマーク", "水印"),
            List.of("restart", "再起動", "重启"),
            List.of("crash", "クラッシュ", "崩溃"));

    private CrossLanguageTerms() {
    }

    /** The other-language forms of every core term that occurs in {@code text}. */
    static List<String> expand(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (List<String> group : GROUPS) {
            boolean present = false;
            for (String term : group) {
                if (lower.contains(term)) {
                    present = true;
                    break;
                }
            }
            if (present) {
                for (String term : group) {
                    if (!lower.contains(term)) {
                        out.add(term);
                    }
                }
            }
        }
        return out;
    }
}
