package io.tracekb.bench;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/**
 * The user program of the {@code table-planner-missing} scenario. {@link SqlScenarios#tablePlannerMissing} loads
 * this class in a class loader over the project's class path without the flink-table-planner-loader jar, so
 * Flink finds no {@code ExecutorFactory} when the table environment is created. Not used otherwise.
 */
public final class NoPlannerProgram {

    private NoPlannerProgram() {}

    /** Creates a StreamTableEnvironment on a local environment, as a DataStream program with SQL would. */
    public static void run() {
        StreamExecutionEnvironment env = FlinkTraces.env(FlinkTraces.conf());
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.executeSql("CREATE TABLE orders (order_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen')");
    }
}
