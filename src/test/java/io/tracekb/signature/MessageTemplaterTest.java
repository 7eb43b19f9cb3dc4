package io.tracekb.signature;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MessageTemplaterTest {
    @Test
    void flinkStateSizeMessage() {
        MessageTemplate t = MessageTemplater.template("Size of the state is larger than the maximum permitted "
                + "memory-backed state. Size=5244975 , maxSize=5242880 . Consider using a different state backend, "
                + "like the File System State backend.");
        assertThat(t.template()).isEqualTo("Size of the state is larger than the maximum permitted memory-backed "
                + "state. Size=<num> , maxSize=<num> . Consider using a different state backend, like the File "
                + "System State backend.");
        assertThat(t.masked()).extracting(MaskedSpan::pattern, MaskedSpan::original)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("number", "5244975"),
                        org.assertj.core.groups.Tuple.tuple("number", "5242880"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Could not materialize checkpoint 3547 for operator MetricsMap -> Sink: MetricsMapSink (66/80).|Could not materialize checkpoint <num> for operator MetricsMap -> Sink: MetricsMapSink (<subtask>).",
            "Task 'Map (1/24)#6' failed|Task '<str>' failed",
            "attempt #6 of job a5ed6a11efac85d315195eb9e7534316|attempt #<num> of job <hash>",
            "C:\\data\\in.txt (系统找不到指定的文件。)|<path> (<os-message>)",
            "/home/u/in.txt (そのようなファイルやディレクトリはありません)|<path> (<os-message>)",
            "/home/u/in.txt (No such file or directory)|<path> (<os-message>)",
            "Connection refused: localhost/127.0.0.1:6123|Connection refused: localhost/<ip>",
            "Connection to namenode-host:8020 failed|Connection to <host>:<port> failed",
            "could not reach http://example.org:8081/jobs?id=3 now|could not reach <url> now",
            "id 123e4567-e89b-12d3-a456-426614174000 unknown|id <uuid> unknown",
            "at 2021-12-05 07:22:05,369 the job|at <timestamp> the job",
            "address 0x7f8b2c016800 and [::1]:54143|address <hex> and <ip>",
            "10.0.0.12:9092 is down|<ip> is down",
            "heap 2.656gb of 30s|heap <num>gb of <num>s",
            "no variable parts here|no variable parts here",
            "SWITCHYARD014032: Operation|SWITCHYARD014032: Operation",
    })
    void masksVariablePartsAndKeepsWords(String message, String template) {
        assertThat(MessageTemplater.template(message).template()).isEqualTo(template);
    }

    @Test
    void longRunsOfDashesAreCopiedOnceAndNumbersAfterThemStillMasked() {
        // a Camel "Message History" table: rows of dashes that were once rescanned from each of their positions
        String rule = "-".repeat(3000);
        MessageTemplate t = MessageTemplater.template("History\n" + rule + "\nElapsed 99 ms, id -42:");
        assertThat(t.template()).isEqualTo("History\n" + rule + "\nElapsed <num> ms, id <num>:");
    }

    @Test
    void linearOnLongInputsAndCapped() {
        String s = "a.".repeat(200_000) + "'" + "9".repeat(100_000);
        MessageTemplate t = MessageTemplater.template(s);
        assertThat(t.template()).endsWith("<…>");
        assertThat(MessageTemplater.template(null).template()).isNull();
        // hostile shapes: long runs that every position could rescan, quotes and parentheses that never close
        for (String unit : List.of("-", "a.", "9", "'", "(", "x:", "/a", "0x", "#1 ", "1.2.3.4:", "a-")) {
            for (int length = 256; length <= MessageTemplater.MAX_MESSAGE; length *= 4) {
                // a constant number of steps per character at every length; a rescan from every position of a run
                // gave hundreds per character at 4,096 (a run of dashes: 1,843,712 steps before it was fixed)
                assertThat(work(unit, length)).as("steps on %s repeated to %d characters", unit, length)
                        .isLessThanOrEqualTo(4L * length);
            }
        }
    }

    private static long work(String unit, int length) {
        String message = unit.repeat(length / unit.length() + 1).substring(0, length);
        MessageTemplater.Work work = new MessageTemplater.Work();
        MessageTemplater.template(message, work);
        return work.steps;
    }
}
