package io.tracekb.trace;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LogPrefixesTest {
    @Test
    void messagesOfLogLinesLeaveOutEachLinesPrefixAndKeepOtherLinesWhole() {
        assertThat(LogPrefixes.messagesOf("""
                2022-08-09 09:53:02,809 INFO  org.apache.flink.runtime.resourcemanager.ResourceManager [] - Lost TM
                [ERROR] Failed to execute goal
                a question without a prefix""")).isEqualTo("Lost TM\nFailed to execute goal\na question without a prefix\n");
        assertThat(LogPrefixes.messagesOf("")).isEqualTo("\n");
    }

    @Test
    void logPrefixes() {
        for (String prefix : List.of("2021-12-05 07:22:05,369 WARN  org.apache.flink.runtime.taskmanager.Task [] - ",
                "2024-05-14T10:22:05.123Z ERROR [main] o.a.f.Foo - ", "14:09:18,117 ERROR [org.x] (thread-1) ",
                "[ERROR] ", "     [java] ", "[2021-12-05 07:22:05,369] ERROR ",
                // sbt, docker compose, journald (syslog with the program's own log line inside)
                "[error] ", "spark-worker                 | ", "Dec  7 12:03:35 dapnet java[16463]: ",
                "Dec  7 12:03:35 dapnet java[16463]: 12:03:35.493 [nioEventLoopGroup-2-1] WARN  io.netty.X - ")) {
            assertThat(LogPrefixes.contentStart(prefix + "java.lang.X: y")).as(prefix).isEqualTo(prefix.length());
        }
        assertThat(LogPrefixes.contentStart("SEVERE: Job failed")).isEqualTo(8);
        assertThat(LogPrefixes.contentStart("\tat a.B.c(B.java:1)")).isZero();
        assertThat(LogPrefixes.contentStart("java.lang.X: 2021-12-05 07:22:05")).isZero();
        assertThat(LogPrefixes.contentStart("| a | b |")).as("a table row is not a compose prefix").isZero();
        assertThat(LogPrefixes.contentStart("Caused by: java.lang.X: y")).isZero();
    }

    /** Azure Pipelines stamps each line of Flink's CI log, whose lines carry their own syslog-style time. */
    @Test
    void aTimestampAfterATimestampIsAPrefixToo() {
        String prefix = "2022-04-21T14:01:10.5126772Z Apr 21 14:01:09 ";
        assertThat(LogPrefixes.contentStart(prefix + "Caused by: java.lang.X: y")).isEqualTo(prefix.length());
        String frame = prefix + "\tat a.B.c(B.java:1)";
        assertThat(frame.substring(LogPrefixes.contentStart(frame))).isEqualTo("at a.B.c(B.java:1)");
        // a time inside the content is not skipped
        assertThat(LogPrefixes.contentStart("2022-04-21T14:01:10Z job took 12:00:00 to fail"))
                .isEqualTo("2022-04-21T14:01:10Z ".length());
    }
}
