package io.tracekb.bench;

import io.tracekb.bench.FlinkTraces.Captured;
import io.tracekb.bench.FlinkTraces.Scenario;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import static io.tracekb.bench.FlinkTraces.conf;
import static io.tracekb.bench.FlinkTraces.env;
import static io.tracekb.bench.FlinkTraces.list;

/** SQL scenarios: statements that the planner rejects, run through a StreamTableEnvironment on the local env. */
final class SqlScenarios {

    static final String ORDERS = "CREATE TABLE orders (\n"
            + "  order_id BIGINT,\n"
            + "  customer STRING,\n"
            + "  amount DOUBLE,\n"
            + "  ts TIMESTAMP(3)\n"
            + ") WITH (\n"
            + "  'connector' = 'datagen',\n"
            + "  'rows-per-second' = '5'\n"
            + ")";

    static void add(List<Scenario> s) {
        s.add(new Scenario("sql-reserved-keyword", "flink-sql-sql-parse-failed-encountered",
                "CREATE TABLE with a column named `value` (reserved keyword) without backticks",
                list("SQL parse failed", "Encountered"), () -> run(
                        "CREATE TABLE readings (\n  id BIGINT,\n  value DOUBLE\n) WITH (\n"
                                + "  'connector' = 'datagen'\n)")));
        s.add(new Scenario("sql-connector-not-found", "flink-sql-connector-factory-not-found",
                "CREATE TABLE with 'connector' = 'kafka' without the Kafka connector jar, then SELECT from it",
                list("Could not find any factory for identifier 'kafka'"), () -> run(
                        "CREATE TABLE clicks (\n  user_id STRING,\n  url STRING\n) WITH (\n"
                                + "  'connector' = 'kafka',\n  'topic' = 'clicks',\n"
                                + "  'properties.bootstrap.servers' = 'localhost:9092',\n"
                                + "  'format' = 'json'\n)",
                        "SELECT user_id, url FROM clicks")));
        s.add(new Scenario("sql-unsupported-option", "flink-sql-unsupported-connector-options",
                "a datagen table with a Kafka option ('scan.startup.mode') in its WITH clause, then SELECT",
                list("Unsupported options found for 'datagen'"), () -> run(
                        "CREATE TABLE events (\n  id BIGINT,\n  name STRING\n) WITH (\n"
                                + "  'connector' = 'datagen',\n  'rows-per-second' = '5',\n"
                                + "  'scan.startup.mode' = 'earliest-offset'\n)",
                        "SELECT id, name FROM events")));
        s.add(new Scenario("sql-window-no-time-attribute", "flink-sql-window-requires-time-attribute",
                "TUMBLE group window over a TIMESTAMP(3) column that has no WATERMARK",
                list("time attribute"), () -> run(ORDERS,
                        "SELECT TUMBLE_START(ts, INTERVAL '1' MINUTE) AS w, COUNT(*) AS cnt\n"
                                + "FROM orders\nGROUP BY TUMBLE(ts, INTERVAL '1' MINUTE)")));
        s.add(new Scenario("sql-update-changes-to-datastream", "flink-sql-sink-does-not-support-update-changes",
                "toDataStream() (append-only) of a non-windowed GROUP BY aggregation",
                list("doesn't support consuming update changes"), SqlScenarios::updateChangesToDataStream));
        s.add(new Scenario("table-planner-missing", "flink-sql-table-planner-not-on-classpath",
                "StreamTableEnvironment.create(env) in a program whose class path lacks the table planner (the"
                        + " project's class path without the flink-table-planner-loader jar, in its own class loader)",
                list("Could not instantiate the executor. Make sure a planner module is on the classpath",
                        "Could not find any factories that implement"
                                + " 'org.apache.flink.table.delegation.ExecutorFactory' in the classpath"),
                SqlScenarios::tablePlannerMissing));
    }

    /** The project's class path minus the planner jar, for {@link #tablePlannerMissing}. */
    static final String PLANNER_JAR = "flink-table-planner-loader";

    /**
     * A class loader over the given jars and directories that loads everything itself (its parent is the platform
     * class loader), except logging, which it takes from the application class loader so that the program logs to
     * the same log4j configuration as the runner.
     */
    static final class NoPlannerClassLoader extends URLClassLoader {
        private final ClassLoader app;

        NoPlannerClassLoader(URL[] urls, ClassLoader app) {
            super(urls, ClassLoader.getPlatformClassLoader()); // unnamed, so the frames read as in a plain java -cp run
            this.app = app;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("org.slf4j.") || name.startsWith("org.apache.logging.")) {
                return app.loadClass(name);
            }
            return super.loadClass(name, resolve);
        }
    }

    /**
     * Runs {@link NoPlannerProgram#run} in a class loader without flink-table-planner-loader (the only jar with an
     * ExecutorFactory), with that loader as the thread's context class loader, as a program run with
     * {@code java -cp <class path without the planner>} would see it.
     */
    static Captured tablePlannerMissing() throws Exception {
        List<URL> urls = new ArrayList<>();
        boolean removed = false;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            if (new File(entry).getName().startsWith(PLANNER_JAR)) {
                removed = true;
                continue;
            }
            urls.add(new File(entry).toURI().toURL());
        }
        if (!removed) {
            throw new IllegalStateException(PLANNER_JAR + " is not on the class path, nothing to remove");
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (NoPlannerClassLoader loader = new NoPlannerClassLoader(urls.toArray(new URL[0]),
                SqlScenarios.class.getClassLoader())) {
            thread.setContextClassLoader(loader);
            Class<?> program = Class.forName(NoPlannerProgram.class.getName(), true, loader);
            if (program.getClassLoader() != loader) {
                throw new IllegalStateException("the program was not loaded by the no-planner class loader");
            }
            try {
                program.getMethod("run").invoke(null);
            } catch (InvocationTargetException e) {
                // the exception the program's code received (thrown by StreamTableEnvironment.create)
                return Captured.client(e.getCause());
            }
        } finally {
            thread.setContextClassLoader(previous);
        }
        throw new IllegalStateException("the table environment was created");
    }

    /** Executes the statements as a user's main() would; returns the first exception. */
    static Captured run(String... statements) {
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env(conf()));
        try {
            for (String stmt : statements) {
                TableResult r = tEnv.executeSql(stmt);
                r.getJobClient().ifPresent(jc -> jc.cancel());
            }
        } catch (Exception e) {
            return Captured.client(e);
        }
        throw new IllegalStateException("the statements were accepted");
    }

    static Captured updateChangesToDataStream() throws Exception {
        StreamExecutionEnvironment env = env(conf());
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.executeSql(ORDERS);
        try {
            Table totals = tEnv.sqlQuery(
                    "SELECT customer, COUNT(*) AS cnt, SUM(amount) AS total FROM orders GROUP BY customer");
            tEnv.toDataStream(totals).sinkTo(new DiscardingSink<>());
            Throwable t = FlinkTraces.execute(env, "update-changes", 30_000);
            if (t != null) {
                return Captured.client(t);
            }
        } catch (Exception e) {
            return Captured.client(e);
        }
        throw new IllegalStateException("the query was accepted");
    }
}
