package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Messages that are only a class name are compared by where the class comes from. */
class ClassNameMessagesTest {

    @ParameterizedTest(name = "{0} ~ {1} = {2}")
    @CsvSource({
            // the same class, dotted or as the JVM writes it for NoClassDefFoundError
            "org.apache.flink.api.java.utils.MultipleParameterTool, org/apache/flink/api/java/utils/MultipleParameterTool, 1.0",
            "com.example.orders.serde.OrderEventDeserializer, com.example.orders.serde.OrderEventSerializer, 0.9",
            "org.apache.flink.streaming.api.functions.source.SourceFunction, org.apache.flink.api.java.utils.MultipleParameterTool, 0.7",
            "com.example.orders.serde.OrderEventDeserializer, com.example.billing.Invoice, 0.6",
            "com.example.orders.serde.OrderEventDeserializer, com.dtstack.flink.sql.source.kafka.KafkaConsumer010, 0.5",
            "io/debezium/connector/sqlserver/SqlServerConnector, com.example.orders.Order, 0.5",
            "org.apache.flink.streaming.api.functions.source.SourceFunction, com.example.orders.Order, 0.1",
    })
    void classNamesAreAlikeByWhereTheyComeFrom(String a, String b, double expected) {
        assertThat(ClassNameMessages.similarity(a, b)).isEqualTo(expected);
        assertThat(ClassNameMessages.similarity(b, a)).isEqualTo(expected);
    }

    @Test
    void otherMessagesAreNotClassNames() {
        assertThat(ClassNameMessages.similarity("Metaspace", "Java heap space")).isEqualTo(-1);
        assertThat(ClassNameMessages.similarity("a.b", "c.d")).isEqualTo(-1); // two segments: not taken for a class
        assertThat(ClassNameMessages.similarity("Could not initialize class org.apache.Foo.Bar",
                "com.example.orders.Order")).isEqualTo(-1);
        assertThat(ClassNameMessages.similarity("", "com.example.orders.Order")).isEqualTo(-1);
        assertThat(ClassNameMessages.similarity(null, "com.example.orders.Order")).isEqualTo(-1);
        assertThat(ClassNameMessages.className("x.y." + "z".repeat(400))).isNull(); // hostile length
        assertThat(ClassNameMessages.className("  com.example.orders.Order \n")).isEqualTo("com.example.orders.Order");
    }

    @Test
    void theComparisonOfTwoClassNameMessagesIsTheirs() {
        assertThat(TraceComparison.templateSimilarity("com.example.orders.serde.OrderEventDeserializer",
                "com.dtstack.flink.sql.source.kafka.KafkaConsumer010")).isEqualTo(ClassNameMessages.BOTH_OUTSIDE_FLINK);
    }
}
