package io.tracekb.signature;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Operating-system messages of a Chinese or Japanese locale, back in English. The localised forms are those real
 * output shows, e.g. {@code java.net.ConnectException: 拒绝连接 (Connection refused)} (a JDK 8 on zh_CN),
 * {@code java.io.FileNotFoundException: … (权限不够)}, {@code java.io.IOException: 设备上没有空间} (a ZooKeeper log),
 * {@code java.net.BindException: アドレスは既に使用中です}, curl's {@code Recv failure: 接続が相手からリセットされました},
 * Python's {@code BrokenPipeError: [Errno 32] 断开的管道}, and glibc's Japanese errno texts.
 */
class SystemMessagesTest {

    @Test
    void chineseAndJapaneseSystemMessagesReadInEnglish() {
        assertThat(SystemMessages.inEnglish("打开的文件过多")).isEqualTo("Too many open files");
        assertThat(SystemMessages.inEnglish("/tmp/flink/blob (没有那个文件或目录)"))
                .isEqualTo("/tmp/flink/blob (No such file or directory)");
        assertThat(SystemMessages.inEnglish("/home/testin/logs/debug.log (权限不够)"))
                .isEqualTo("/home/testin/logs/debug.log (Permission denied)");
        assertThat(SystemMessages.inEnglish("アドレスは既に使用中です")).isEqualTo("Address already in use");
        assertThat(SystemMessages.inEnglish("ファイルを開きすぎです")).isEqualTo("Too many open files");
        assertThat(SystemMessages.inEnglish("Connection to node 1 failed: 接続を拒否されました"))
                .isEqualTo("Connection to node 1 failed: Connection refused");
    }

    @Test
    void theOriginalAJdkAlreadyAppendsIsKeptOnce() {
        assertThat(SystemMessages.inEnglish("拒绝连接 (Connection refused)")).isEqualTo("Connection refused");
        assertThat(SystemMessages.inEnglish("localhost/127.0.0.1:8081 拒绝连接 (Connection refused) retry"))
                .isEqualTo("localhost/127.0.0.1:8081 Connection refused retry");
    }

    @Test
    void otherTextIsLeftAlone() {
        assertThat(SystemMessages.inEnglish(null)).isNull();
        assertThat(SystemMessages.inEnglish("")).isEmpty();
        assertThat(SystemMessages.inEnglish("Too many open files")).isEqualTo("Too many open files");
        assertThat(SystemMessages.inEnglish("表 orders 不存在")).isEqualTo("表 orders 不存在");
    }

    @Test
    void everyRowHasItsEnglishAndTheLongerFormsComeFirst() {
        assertThat(SystemMessages.table()).isNotEmpty().allSatisfy(t -> {
            assertThat(t.english()).isNotBlank().matches("[A-Za-z ]+");
            assertThat(t.localised()).isNotBlank().doesNotContain("\t");
        });
        for (int i = 1; i < SystemMessages.table().size(); i++) {
            assertThat(SystemMessages.table().get(i).localised().length())
                    .isLessThanOrEqualTo(SystemMessages.table().get(i - 1).localised().length());
        }
    }

    @Test
    void aTemplateOfALocalisedMessageIsTheEnglishOnes() {
        assertThat(MessageTemplater.template("/data/in.csv (没有那个文件或目录)").template())
                .isEqualTo(MessageTemplater.template("/data/in.csv (No such file or directory)").template());
        assertThat(MessageTemplater.template("打开的文件过多").template()).isEqualTo("Too many open files");
    }
}
