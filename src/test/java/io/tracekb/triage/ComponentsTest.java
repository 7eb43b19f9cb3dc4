package io.tracekb.triage;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.trace.TraceParser;
import org.junit.jupiter.api.Test;

class ComponentsTest {

    static Component of(String trace) {
        return Components.of(new TraceParser().parse(trace).primaryTrace());
    }

    @Test
    void aSpecificComponentWinsOverFlinkWhoseFramesAlwaysShow() {
        assertThat(of("""
                org.apache.iceberg.exceptions.NotFoundException: Failed to open input stream for file: s3://b/m.json
                \tat org.apache.iceberg.hadoop.HadoopInputFile.newStream(HadoopInputFile.java:185)
                \tat org.apache.flink.streaming.runtime.tasks.StreamTask.invoke(StreamTask.java:1)
                \tat org.apache.flink.streaming.runtime.tasks.StreamTask.run(StreamTask.java:2)
                """).name()).isEqualTo("Apache Iceberg");
    }

    @Test
    void theKafkaConnectorsPackagesAreItsOwnNotFlinks() {
        assertThat(of("""
                org.apache.kafka.common.errors.TimeoutException: Timeout expired
                \tat org.apache.flink.streaming.connectors.kafka.internals.KafkaFetcher.run(KafkaFetcher.java:1)
                \tat org.apache.flink.runtime.taskmanager.Task.run(Task.java:2)
                """).name()).isEqualTo("Flink Kafka connector");
    }

    @Test
    void flinkAloneIsFlinkAndOtherCodeIsNoComponent() {
        assertThat(of("java.lang.IllegalStateException: x\n\tat org.apache.flink.runtime.taskmanager.Task.run(Task.java:2)\n"))
                .isEqualTo(Components.FLINK);
        assertThat(of("java.lang.IllegalStateException: x\n\tat com.acme.Billing.run(Billing.java:2)\n")).isNull();
        assertThat(Components.of(null)).isNull();
    }

    @Test
    void theRootCausesFramesCountDouble() {
        // two Hudi frames in the outer exception, two Paimon frames in the root cause: the root cause's component
        assertThat(of("""
                java.lang.RuntimeException: outer
                \tat org.apache.hudi.sink.A.a(A.java:1)
                \tat org.apache.hudi.sink.A.b(A.java:2)
                Caused by: java.io.IOException: inner
                \tat org.apache.paimon.fs.B.a(B.java:1)
                \tat org.apache.paimon.fs.B.b(B.java:2)
                """).name()).isEqualTo("Apache Paimon");
    }

    @Test
    void knownCodeIsNotTheUsersOwn() {
        assertThat(Components.known("com.ververica.cdc.connectors.mysql.Source")).isTrue();
        assertThat(Components.known("org.apache.flink.runtime.Task")).isTrue();
        assertThat(Components.known("com.acme.Job")).isFalse();
        assertThat(Components.known(null)).isFalse();
    }
}
