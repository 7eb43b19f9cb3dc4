package io.tracekb.triage;

import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.StackFrame;
import java.util.List;

/**
 * The table of known components, most specific first, and which of them a trace comes from. The GitHub
 * repositories are those whose issues take the component's bug reports: Paimon, Iceberg, Hudi and the Doris and
 * StarRocks connectors; and apache/flink-cdc for Flink CDC's reports from before it moved to JIRA in 2024. The
 * Flink community's connectors, the Kubernetes operator and PyFlink report to Flink's JIRA only (their GitHub
 * repositories take no issues).
 */
public final class Components {

    /** Flink itself: what a trace is attributed to when only Flink's own packages show. */
    public static final Component FLINK = new Component("Apache Flink", List.of("org.apache.flink."), null);

    /** Specific components before Flink, whose package prefix is shared by several of them. */
    static final List<Component> KNOWN = List.of(
            new Component("Flink CDC", List.of("org.apache.flink.cdc.", "com.ververica.cdc.", "io.debezium."),
                    "apache/flink-cdc"),
            new Component("Flink Kafka connector", List.of("org.apache.flink.connector.kafka.",
                    "org.apache.flink.streaming.connectors.kafka."), null),
            new Component("Flink JDBC connector", List.of("org.apache.flink.connector.jdbc."), null),
            new Component("Flink Elasticsearch connector", List.of("org.apache.flink.connector.elasticsearch.",
                    "org.apache.flink.streaming.connectors.elasticsearch."), null),
            new Component("Flink Pulsar connector", List.of("org.apache.flink.connector.pulsar."), null),
            new Component("Flink Kubernetes operator", List.of("org.apache.flink.kubernetes.operator."), null),
            new Component("PyFlink", List.of("org.apache.flink.python.", "org.apache.flink.client.python.", "pyflink."),
                    null),
            new Component("Apache Paimon", List.of("org.apache.paimon."), "apache/paimon"),
            new Component("Apache Iceberg", List.of("org.apache.iceberg."), "apache/iceberg"),
            new Component("Apache Hudi", List.of("org.apache.hudi."), "apache/hudi"),
            new Component("Doris Flink connector", List.of("org.apache.doris.flink."), "apache/doris-flink-connector"),
            new Component("StarRocks Flink connector", List.of("com.starrocks.connector.flink."),
                    "StarRocks/starrocks-connector-for-apache-flink"));

    private Components() {
    }

    /**
     * The component most of the trace's frames and exception types belong to: a specific one when any of its
     * frames show (the root cause's count double, since that is where the failure is), else Flink when its
     * packages show, else null.
     */
    public static Component of(ParsedTrace trace) {
        if (trace == null) {
            return null;
        }
        int[] counts = new int[KNOWN.size()];
        boolean flink = false;
        List<ParsedException> chain = trace.exceptions();
        for (int e = 0; e < chain.size(); e++) {
            int weight = e == chain.size() - 1 ? 2 : 1;
            ParsedException ex = chain.get(e);
            flink |= count(ex.type(), counts, weight);
            for (StackFrame f : ex.frames()) {
                flink |= count(f.className(), counts, weight);
            }
        }
        int best = -1;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0 && (best < 0 || counts[i] > counts[best])) {
                best = i; // ties: the table's order, most specific first
            }
        }
        return best >= 0 ? KNOWN.get(best) : flink ? FLINK : null;
    }

    /** Whether a frame or type belongs to any known component (Flink included): not the user's own code. */
    public static boolean known(String qualifiedName) {
        return FLINK.owns(qualifiedName) || KNOWN.stream().anyMatch(c -> c.owns(qualifiedName));
    }

    /** Counts one name for the specific component it belongs to; whether it is Flink's at all. */
    private static boolean count(String name, int[] counts, int weight) {
        for (int i = 0; i < KNOWN.size(); i++) {
            if (KNOWN.get(i).owns(name)) {
                counts[i] += weight;
                return true;
            }
        }
        return FLINK.owns(name);
    }
}
