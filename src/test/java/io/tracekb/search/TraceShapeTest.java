package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import org.junit.jupiter.api.Test;

/**
 * What a trace's shape keeps of its root message's masked parts (the names it quotes and its small numbers), and
 * the shape of a sample that is only a logged message.
 */
class TraceShapeTest {

    private static TraceShape shape(String trace) {
        return TraceShape.of(PasteAnalysis.of(trace));
    }

    @Test
    void keepsQuotedNamesOsMessagesAndSmallNumbersLowercased() {
        TraceShape s = shape("java.io.FileNotFoundException: /opt/flink/data/Input.csv (No such file or directory)\n"
                + "\tat java.io.FileInputStream.open0(Native Method)\n");
        assertThat(s.literals()).containsExactly("no such file or directory");
        assertThat(shape("java.io.FileNotFoundException: /opt/flink/data/Input.csv (没有那个文件或目录)\n"
                + "\tat java.io.FileInputStream.open0(Native Method)\n").literals())
                .containsExactly("no such file or directory");

        TraceShape quoted = shape("org.apache.flink.table.api.ValidationException: Could not find any factory for "
                + "identifier 'Kafka' that implements `DynamicTableFactory` in \"the classpath\".\n"
                + "\tat org.apache.flink.table.factories.FactoryUtil.discoverFactory(FactoryUtil.java:545)\n");
        assertThat(quoted.literals()).containsExactly("kafka", "dynamictablefactory", "the classpath");

        TraceShape numbers = shape("org.apache.hadoop.ipc.RemoteException: File /tmp/x could only be written to 0 of "
                + "the 1 minReplication nodes. There are 2 datanode(s) running and 2 node(s) are excluded in this "
                + "operation. Size 134217728.\n\tat org.apache.hadoop.ipc.Client.call(Client.java:1476)\n");
        assertThat(numbers.literals()).containsExactly("0", "1", "2", "2");
    }

    @Test
    void keepsNothingOfTimesPathsIdsOrLongNumbers() {
        TraceShape s = shape("java.util.concurrent.TimeoutException: Heartbeat of TaskManager with id "
                + "container_e10_1634010428940_125776_01_000003 timed out after 50000 ms at 2021-12-06 00:16:36,280 "
                + "from /10.0.0.12:6123\n\tat org.apache.flink.runtime.Foo.bar(Foo.java:1)\n");
        assertThat(s.literals()).isEmpty();
    }

    @Test
    void aHostileMessageKeepsAtMostEightShortNames() {
        String many = String.join(" ", Collections.nCopies(50, "'" + "x".repeat(240) + "'"));
        TraceShape s = shape("java.lang.IllegalStateException: " + many + "\n\tat a.B.c(B.java:1)\n");
        assertThat(s.literals()).hasSize(TraceShape.MAX_LITERALS)
                .allSatisfy(l -> assertThat(l).hasSize(TraceShape.MAX_LITERAL));
    }
    @Test
    void aLoggedMessageIsShapedAsItsTemplateWithoutItsLogPrefix() {
        TraceShape s = TraceShape.ofMessage("2025-02-20 12:43:37,823 WARN  io.debezium.connector.sqlserver."
                + "SqlServerStreamingChangeEventSource [] - No maximum LSN recorded in the database; please ensure "
                + "that the SQL Server Agent is running\n");

        assertThat(s.loggedMessage()).isTrue();
        assertThat(s.template()).isEqualTo("No maximum LSN recorded in the database; please ensure that the SQL Server "
                + "Agent is running");
        assertThat(s.root()).isNull();
        assertThat(s.exceptions()).isEmpty();
        assertThat(s.frames()).isEmpty();
        assertThat(s.fingerprint()).isNull();
        assertThat(s.templates()).isEmpty(); // introduces no frame list
        assertThat(shape("java.lang.IllegalStateException: boom\n\tat a.B.c(B.java:1)\n").loggedMessage()).isFalse();
    }

    @Test
    void aLoggedMessageThatNamesItsExceptionBySimpleNameKeepsItAsItsRoot() {
        TraceShape s = TraceShape.ofMessage("RemoteTransportException: Connection unexpectedly closed by remote task "
                + "manager '142.151.160.20/142.151.160.20:6121'. This might indicate that the remote task manager was lost.\n");

        assertThat(s.loggedMessage()).isTrue();
        assertThat(s.root()).isEqualTo("RemoteTransportException");
        assertThat(s.exceptions()).containsExactly("RemoteTransportException");
        assertThat(s.template()).isEqualTo("Connection unexpectedly closed by remote task manager '<str>'. This might "
                + "indicate that the remote task manager was lost.");
        assertThat(TraceShape.ofMessage("Caused by: SQLException: boom\n").root()).isEqualTo("SQLException");
        // a sentence that only starts with a capitalised word is no exception
        assertThat(TraceShape.ofMessage("Error: the job failed\n").root()).isNull();
    }

    @Test
    void aLoggedMessageKeepsItsQuotedNamesAndIsCappedAndBlankTextHasNoShape() {
        assertThat(TraceShape.ofMessage("Table 'orders' is not in the catalog\n").literals()).containsExactly("orders");
        assertThat(TraceShape.ofMessage("word ".repeat(10_000)).template()).hasSizeLessThanOrEqualTo(TraceShape.MAX_MESSAGE);
        assertThat(TraceShape.ofMessage("")).isNull();
        assertThat(TraceShape.ofMessage(" \n\t\n")).isNull();
    }
}
