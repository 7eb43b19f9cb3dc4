package io.tracekb.bench;

import io.tracekb.bench.FlinkTraces.Captured;
import io.tracekb.bench.FlinkTraces.Scenario;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

import static io.tracekb.bench.FlinkTraces.conf;
import static io.tracekb.bench.FlinkTraces.env;
import static io.tracekb.bench.FlinkTraces.executeExpectingFailure;
import static io.tracekb.bench.FlinkTraces.list;

/** The scenarios. Each builds a small job that fails the way one TraceKB incident describes. */
final class Scenarios {

    static final long JOB_TIMEOUT = 45_000;

    static List<Scenario> all() {
        List<Scenario> s = new ArrayList<>();
        s.add(new Scenario("not-serializable-field", "flink-function-not-serializable",
                "a RichMapFunction keeps a non-serializable client object (created in its constructor) in a field;"
                        + " map() rejects it in the ClosureCleaner",
                list("InvalidProgramException", "NotSerializableException"), Scenarios::notSerializableField));
        s.add(new Scenario("not-serializable-anonymous", "flink-function-not-serializable",
                "an anonymous MapFunction inside a non-serializable pipeline class reads a field of its enclosing"
                        + " instance; map() rejects it in the ClosureCleaner",
                list("InvalidProgramException", "not serializable"), Scenarios::notSerializableAnonymous));
        s.add(new Scenario("cannot-load-user-class", "flink-user-class-not-found",
                "the function holds an object whose class the client loaded from a directory that is not shipped"
                        + " with the job, so the job's class loader cannot deserialize the function (1.20: the task"
                        + " fails with Cannot load user class; 2.x: the JobManager rejects the submitted stream"
                        + " graph)",
                list("ClassNotFoundException: io.tracekb.bench.ext.GeoIpResolver"), Scenarios::cannotLoadUserClass));
        s.add(new Scenario("class-not-found-in-open", "flink-user-class-not-found",
                "open() of a map loads a configured deserializer class by name that is not on the job's classpath;"
                        + " ClassNotFoundException fails the task and the job (no restart strategy)",
                list("ClassNotFoundException", "NoRestartBackoffTimeStrategy"), Scenarios::classNotFoundInOpen));
        s.add(new Scenario("no-class-def-found-dependency", "flink-user-class-not-found",
                "a helper class shipped via pipeline.classpaths references a library class that was not packaged;"
                        + " NoClassDefFoundError in map(), job fails (no restart strategy)",
                list("NoClassDefFoundError", "ClassNotFoundException"), Scenarios::noClassDefFoundDependency));
        s.add(new Scenario("npe-in-map", "flink-null-pointer-in-user-function",
                "map() dereferences a POJO field that is null in the second record",
                list("NullPointerException", "NormalizeCustomer.map"), Scenarios::npeInMap));
        s.add(new Scenario("null-key", "flink-null-pointer-in-user-function",
                "keyBy() key selector returns a null field of the record",
                list("NullPointerException", "Assigned key must not be null"), Scenarios::nullKey));
        s.add(new Scenario("parse-error-chained", "flink-could-not-forward-element-chained-operator",
                "a KeyedProcessFunction emits text from a processing-time timer into a chained map that parses it with"
                        + " Integer.parseInt and meets \"n/a\"",
                list("Could not forward element to next operator", "NumberFormatException"),
                Scenarios::parseErrorChained));
        s.add(new Scenario("kryo-unmodifiable-list", "flink-kryo-serialization-failure",
                "a non-POJO record type (handled by Kryo) carries a Collections.unmodifiableList field;"
                        + " Kryo cannot rebuild it when the next task deserializes the record after a rebalance()",
                list("UnsupportedOperationException", "kryo"), Scenarios::kryoUnmodifiableList));
        s.add(new Scenario("savepoint-state-type-changed", "flink-savepoint-state-incompatible",
                "a savepoint is taken with ValueState<Long> 'count'; the job is restored from it with the same uid"
                        + " and ValueState<String> 'count'",
                list("StateMigrationException"), Scenarios::savepointStateTypeChanged));
        s.add(new Scenario("savepoint-operator-removed", "flink-savepoint-state-incompatible",
                "a savepoint is taken; the job is restored from it after the stateful operator's uid was changed"
                        + " (without allowNonRestoredState)",
                list("Cannot map checkpoint/savepoint state"), Scenarios::savepointOperatorRemoved));
        s.add(new Scenario("s3-checkpoint-dir", "flink-no-filesystem-for-scheme",
                "checkpointing to s3://… without the S3 file system plugin",
                list("UnsupportedFileSystemSchemeException", "'s3'"), Scenarios::s3CheckpointDir));
        s.add(new Scenario("hdfs-checkpoint-dir", "flink-no-filesystem-for-scheme",
                "checkpointing to hdfs://… without Hadoop on the classpath",
                list("UnsupportedFileSystemSchemeException", "'hdfs'"), Scenarios::hdfsCheckpointDir));
        s.add(new Scenario("tiny-network-memory", "flink-insufficient-network-buffers",
                "parallelism 4 with a keyBy shuffle on a TaskManager whose network memory is set to 256 kb",
                list("Insufficient number of network buffers"), Scenarios::tinyNetworkMemory));
        s.add(new Scenario("checkpoint-expired", "flink-checkpoint-expired-before-completing",
                "checkpoint timeout 500 ms while snapshotState() of a map sleeps 2 s (tolerable failures 100)",
                list("Checkpoint expired before completing"), Scenarios::checkpointExpired));
        s.add(new Scenario("tolerable-failure-expired", "flink-checkpoint-tolerable-failure-threshold",
                "checkpoint timeout 500 ms while snapshotState() sleeps 2 s, tolerable failed checkpoints 0,"
                        + " no restart",
                list("Exceeded checkpoint tolerable failure threshold"), Scenarios::tolerableFailureExpired));
        s.add(new Scenario("tolerable-failure-declined", "flink-checkpoint-tolerable-failure-threshold",
                "a 6 MB keyed state with JobManagerCheckpointStorage (no checkpoint dir): the asynchronous snapshot"
                        + " fails, the task declines the checkpoint, tolerable failed checkpoints 0, no restart",
                list("Exceeded checkpoint tolerable failure threshold"), Scenarios::tolerableFailureDeclined));
        s.add(new Scenario("memory-state-too-large", "flink-memory-state-too-large",
                "a 6 MB keyed state with JobManagerCheckpointStorage (no checkpoint dir), checkpoint every second,"
                        + " tolerable failures 100",
                list("Size of the state is larger than the maximum permitted memory-backed state"),
                Scenarios::memoryStateTooLarge));
        s.add(new Scenario("no-restart-transient-http", "flink-no-restart-backoff-strategy",
                "map() calls a local HTTP service that answers 503 (a transient error) and the job has no restart"
                        + " strategy",
                list("Recovery is suppressed by NoRestartBackoffTimeStrategy", "503"),
                Scenarios::noRestartTransientHttp));
        s.add(new Scenario("fixed-delay-exhausted", "flink-no-restart-backoff-strategy",
                "the same 503 error with restart-strategy fixed-delay (2 attempts, 100 ms) until the attempts are"
                        + " used up",
                list("Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy"),
                Scenarios::fixedDelayExhausted));
        s.add(new Scenario("static-init-failed", "flink-could-not-initialize-class-static-init",
                "a static initializer of a helper class reads a missing file; after one restart (fixed-delay, 1"
                        + " attempt) the class is unusable",
                list("Could not initialize class"), Scenarios::staticInitFailed));
        s.add(new Scenario("lambda-type-erasure", "flink-lambda-return-type-erasure",
                "flatMap with a Java lambda emitting Tuple2<String, Integer> without returns(...)",
                list("InvalidTypesException", "type erasure"), Scenarios::lambdaTypeErasure));
        s.add(new Scenario("socket-connection-refused", "flink-socket-source-connection-refused",
                "socketTextStream on localhost and a port nothing listens on",
                list("ConnectException", "Connection refused"), Scenarios::socketConnectionRefused));
        s.add(new Scenario("not-enough-slots", "flink-deploy-no-resource-available-slots",
                "job parallelism 2 on a MiniCluster with 1 task slot, slot.request.timeout 3 s",
                list("NoResourceAvailableException"), Scenarios::notEnoughSlots));
        s.add(new Scenario("key-identity-hashcode", "flink-state-key-group-out-of-range-unstable-key",
                "keyBy on a key class without hashCode()/equals() (identity hash), parallelism 2, keyed ValueState",
                list("Key group"), Scenarios::keyIdentityHashCode));
        s.add(new Scenario("savepoint-tasks-not-running", "flink-checkpoint-not-all-tasks-running",
                "a bounded source (10 elements) is unioned with an unbounded one; after the bounded source task has"
                        + " FINISHED, JobClient.triggerSavepoint() is called, with"
                        + " execution.checkpointing.checkpoints-after-tasks-finish: false",
                list("CheckpointException", "Not all required tasks are currently running"),
                Scenarios::savepointTasksNotRunning));
        SqlScenarios.add(s);
        HaScenarios.add(s);
        return s;
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-function-not-serializable

    /** A third-party style client: not serializable. */
    static class WeatherApiClient {
        private final String endpoint;

        WeatherApiClient(String endpoint) {
            this.endpoint = endpoint;
        }

        String lookup(String city) {
            return endpoint + "?q=" + city;
        }
    }

    static class EnrichWithWeather extends RichMapFunction<String, String> {
        private final WeatherApiClient client;

        EnrichWithWeather(String endpoint) {
            this.client = new WeatherApiClient(endpoint);
        }

        @Override
        public String map(String city) {
            return client.lookup(city);
        }
    }

    static Captured notSerializableField() {
        StreamExecutionEnvironment env = env(conf());
        try {
            env.fromData("berlin", "tokyo")
                    .map(new EnrichWithWeather("http://weather.internal/api"))
                    .sinkTo(new DiscardingSink<>());
        } catch (Exception e) {
            return Captured.client(e);
        }
        throw new IllegalStateException("map() accepted the function");
    }

    /** A pipeline builder that is not serializable, with an anonymous function reading its field. */
    static class OrderPipeline {
        private final String currency;

        OrderPipeline(String currency) {
            this.currency = currency;
        }

        DataStream<String> build(DataStream<String> amounts) {
            return amounts.map(new MapFunction<String, String>() {
                @Override
                public String map(String amount) {
                    return amount + " " + currency;
                }
            });
        }
    }

    static Captured notSerializableAnonymous() {
        StreamExecutionEnvironment env = env(conf());
        try {
            new OrderPipeline("EUR").build(env.fromData("12.50", "3.99")).sinkTo(new DiscardingSink<>());
        } catch (Exception e) {
            return Captured.client(e);
        }
        throw new IllegalStateException("map() accepted the function");
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-user-class-not-found

    /** Compiles the given sources into a fresh temporary directory and returns it. */
    static Path compile(String... nameAndSource) throws IOException {
        Path dir = Files.createTempDirectory("flink-traces-classes");
        Path src = Files.createTempDirectory("flink-traces-src");
        List<String> args = new ArrayList<>(List.of("-d", dir.toString(), "-nowarn"));
        for (int i = 0; i + 1 < nameAndSource.length; i += 2) {
            Path f = src.resolve(nameAndSource[i].replace('.', '/') + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, nameAndSource[i + 1]);
            args.add(f.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null || javac.run(null, null, null, args.toArray(new String[0])) != 0) {
            throw new IllegalStateException("could not compile helper classes");
        }
        return dir;
    }

    static class ResolveCountry extends RichMapFunction<String, String> {
        private final Function<String, String> resolver;

        ResolveCountry(Function<String, String> resolver) {
            this.resolver = resolver;
        }

        @Override
        public String map(String ip) {
            return resolver.apply(ip);
        }
    }

    @SuppressWarnings("unchecked")
    static Captured cannotLoadUserClass() throws Exception {
        Path dir = compile("io.tracekb.bench.ext.GeoIpResolver",
                "package io.tracekb.bench.ext;\n"
                        + "public class GeoIpResolver implements java.io.Serializable,"
                        + " java.util.function.Function<String, String> {\n"
                        + "  private static final long serialVersionUID = 1L;\n"
                        + "  public String apply(String ip) { return ip.startsWith(\"10.\") ? \"internal\" : \"DE\"; }\n"
                        + "}\n");
        // the client (like an IDE run) sees the class; the job's class loader on the TaskManager does not
        URLClassLoader clientOnly = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                Scenarios.class.getClassLoader());
        Function<String, String> resolver = (Function<String, String>) clientOnly
                .loadClass("io.tracekb.bench.ext.GeoIpResolver").getDeclaredConstructor().newInstance();
        StreamExecutionEnvironment env = env(conf());
        env.fromData("10.0.0.1", "81.2.69.160")
                .map(new ResolveCountry(resolver))
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "cannot-load-user-class", JOB_TIMEOUT);
    }

    static class DeserializeOrders extends RichMapFunction<String, String> {
        private final String deserializerClass;
        private transient Class<?> deserializer;

        DeserializeOrders(String deserializerClass) {
            this.deserializerClass = deserializerClass;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            deserializer = Class.forName(deserializerClass);
        }

        @Override
        public String map(String value) {
            return deserializer.getSimpleName() + ":" + value;
        }
    }

    static Captured classNotFoundInOpen() throws Exception {
        StreamExecutionEnvironment env = env(conf());
        env.fromData("{\"id\":1}", "{\"id\":2}")
                .map(new DeserializeOrders("com.example.orders.serde.OrderEventDeserializer"))
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "class-not-found-in-open", JOB_TIMEOUT);
    }

    /** Loads a helper by name from the job's class loader (the helper jar is shipped with pipeline.classpaths). */
    static class FormatPrices extends RichMapFunction<String, String> {
        private transient Function<String, String> formatter;

        @Override
        @SuppressWarnings("unchecked")
        public void open(OpenContext openContext) throws Exception {
            formatter = (Function<String, String>) Class
                    .forName("io.tracekb.bench.ext.PriceFormatter", true,
                            Thread.currentThread().getContextClassLoader())
                    .getDeclaredConstructor().newInstance();
        }

        @Override
        public String map(String value) {
            return formatter.apply(value);
        }
    }

    static Captured noClassDefFoundDependency() throws Exception {
        Path dir = compile(
                "io.tracekb.bench.ext.lib.MoneyUtil",
                "package io.tracekb.bench.ext.lib;\n"
                        + "public final class MoneyUtil {\n"
                        + "  public static String format(String cents) { return cents + \" EUR\"; }\n"
                        + "}\n",
                "io.tracekb.bench.ext.PriceFormatter",
                "package io.tracekb.bench.ext;\n"
                        + "public class PriceFormatter implements java.util.function.Function<String, String> {\n"
                        + "  public String apply(String cents) {\n"
                        + "    return io.tracekb.bench.ext.lib.MoneyUtil.format(cents);\n"
                        + "  }\n"
                        + "}\n");
        // the library was not packaged: only PriceFormatter is shipped
        Files.delete(dir.resolve("io/tracekb/bench/ext/lib/MoneyUtil.class"));
        StreamExecutionEnvironment env = env(conf("pipeline.classpaths", dir.toUri().toURL().toString()));
        env.fromData("1250", "399")
                .map(new FormatPrices())
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "no-class-def-found-dependency", JOB_TIMEOUT);
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-null-pointer-in-user-function, flink-could-not-forward-element-chained-operator

    /** A POJO. */
    public static class Order {
        public String orderId;
        public String customer;

        public Order() {}

        public Order(String orderId, String customer) {
            this.orderId = orderId;
            this.customer = customer;
        }
    }

    static class NormalizeCustomer implements MapFunction<Order, String> {
        @Override
        public String map(Order order) {
            return order.orderId + ":" + order.customer.trim().toUpperCase();
        }
    }

    static Captured npeInMap() throws Exception {
        StreamExecutionEnvironment env = env(conf());
        env.fromData(new Order("o-1", "Alice"), new Order("o-2", null))
                .map(new NormalizeCustomer())
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "npe-in-map", JOB_TIMEOUT);
    }

    static class CountPerCustomer extends RichMapFunction<Order, String> {
        private transient ValueState<Long> count;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public String map(Order order) throws Exception {
            Long c = count.value();
            count.update(c == null ? 1L : c + 1);
            return order.customer;
        }
    }

    static Captured nullKey() throws Exception {
        StreamExecutionEnvironment env = env(conf());
        env.fromData(new Order("o-1", "Alice"), new Order("o-2", null))
                .keyBy(o -> o.customer)
                .map(new CountPerCustomer())
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "null-key", JOB_TIMEOUT);
    }

    static class ParseQuantity implements MapFunction<String, Integer> {
        @Override
        public Integer map(String value) {
            return Integer.parseInt(value.trim());
        }
    }

    /** Buffers a reading per key and emits it as text from a processing-time timer. */
    static class EmitOnTimer extends KeyedProcessFunction<Long, Long, String> {
        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) {
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 100);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() == 0L ? "42" : "n/a");
        }
    }

    static Captured parseErrorChained() throws Exception {
        StreamExecutionEnvironment env = env(conf());
        slowSequence(env)
                .keyBy(v -> v % 2)
                .process(new EmitOnTimer())
                .map(new ParseQuantity())
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "parse-error-chained", JOB_TIMEOUT);
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-kryo-serialization-failure

    /** No default constructor: not a POJO, so Flink serializes it with Kryo. */
    public static class Basket {
        private final String id;
        private final List<String> items;

        public Basket(String id, List<String> items) {
            this.id = id;
            this.items = Collections.unmodifiableList(new ArrayList<>(items));
        }

        public String getId() {
            return id;
        }

        public List<String> getItems() {
            return items;
        }
    }

    static Captured kryoUnmodifiableList() throws Exception {
        StreamExecutionEnvironment env = env(conf());
        slowSequence(env)
                .map(i -> new Basket("b-" + i, List.of("apple", "pear")))
                .rebalance()
                .map(b -> b.getId() + "=" + b.getItems().size())
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "kryo-unmodifiable-list", JOB_TIMEOUT);
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-savepoint-state-incompatible

    static class CountLong extends RichMapFunction<Long, Long> {
        private transient ValueState<Long> count;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public Long map(Long v) throws Exception {
            Long c = count.value();
            long n = c == null ? 1L : c + 1;
            count.update(n);
            return n;
        }
    }

    /** Version 2 of the counter: the state now holds a String. */
    static class CountString extends RichMapFunction<Long, Long> {
        private transient ValueState<String> count;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.STRING));
        }

        @Override
        public Long map(Long v) throws Exception {
            String c = count.value();
            long n = c == null ? 1L : Long.parseLong(c) + 1;
            count.update(Long.toString(n));
            return n;
        }
    }

    static DataStream<Long> slowSequence(StreamExecutionEnvironment env) {
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(i -> i, Long.MAX_VALUE,
                RateLimiterStrategy.perSecond(20), Types.LONG);
        return env.fromSource(src, WatermarkStrategy.noWatermarks(), "events").uid("events");
    }

    /** Runs version 1 of the job and stops it with a savepoint; returns the savepoint path. */
    static String takeSavepoint() throws Exception {
        Path dir = Files.createTempDirectory("flink-traces-savepoints");
        StreamExecutionEnvironment env = env(conf());
        slowSequence(env).keyBy(v -> v % 4).map(new CountLong()).uid("counter")
                .sinkTo(new DiscardingSink<>()).uid("sink");
        JobClient job = env.executeAsync("counter-v1");
        long end = System.currentTimeMillis() + 30_000;
        Exception last = null;
        while (System.currentTimeMillis() < end) {
            try {
                String path = job.stopWithSavepoint(false, dir.toUri().toString(), SavepointFormatType.CANONICAL)
                        .get(15, TimeUnit.SECONDS);
                job.getJobExecutionResult().get(15, TimeUnit.SECONDS);
                return path;
            } catch (Exception e) {
                last = e;
                Thread.sleep(500);
            }
        }
        try {
            job.cancel().get(10, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // best effort
        }
        throw new IllegalStateException("could not take a savepoint", last);
    }

    static Configuration restoreConf(String savepoint) {
        return conf("execution.savepoint.path", savepoint, "execution.state-recovery.path", savepoint);
    }

    static Captured savepointStateTypeChanged() throws Exception {
        String sp = takeSavepoint();
        StreamExecutionEnvironment env = env(restoreConf(sp));
        slowSequence(env).keyBy(v -> v % 4).map(new CountString()).uid("counter")
                .sinkTo(new DiscardingSink<>()).uid("sink");
        return executeExpectingFailure(env, "counter-v2", 30_000);
    }

    static Captured savepointOperatorRemoved() throws Exception {
        String sp = takeSavepoint();
        StreamExecutionEnvironment env = env(restoreConf(sp));
        slowSequence(env).keyBy(v -> v % 4).map(new CountLong()).uid("counter-v2")
                .sinkTo(new DiscardingSink<>()).uid("sink");
        return executeExpectingFailure(env, "counter-v2", 30_000);
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-no-filesystem-for-scheme

    static Captured checkpointDir(String dir, String name) throws Exception {
        StreamExecutionEnvironment env = env(conf(
                "execution.checkpointing.interval", "1 s",
                "state.checkpoints.dir", dir,
                "execution.checkpointing.dir", dir));
        slowSequence(env).map(v -> v + 1).sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, name, 30_000);
    }

    static Captured s3CheckpointDir() throws Exception {
        return checkpointDir("s3://tracekb-bench-checkpoints/flink/checkpoints", "s3-checkpoint-dir");
    }

    static Captured hdfsCheckpointDir() throws Exception {
        return checkpointDir("hdfs://namenode:8020/flink/checkpoints", "hdfs-checkpoint-dir");
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-insufficient-network-buffers

    static Captured tinyNetworkMemory() throws Exception {
        StreamExecutionEnvironment env = env(conf(
                "parallelism.default", "4",
                "taskmanager.memory.network.min", "256 kb",
                "taskmanager.memory.network.max", "256 kb"));
        env.fromSequence(1, 10_000)
                .keyBy(v -> v % 16)
                .map(v -> v * 2)
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "tiny-network-memory", JOB_TIMEOUT);
    }

    // ------------------------------------------------------------------------------------------------------------
    // checkpoints

    /** A map whose checkpoint takes 2 s (e.g. flushing a large buffer synchronously). */
    static class SlowSnapshotMap implements MapFunction<Long, Long>, CheckpointedFunction {
        @Override
        public Long map(Long value) {
            return value;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            Thread.sleep(2_000);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}
    }

    static Captured checkpointExpired() throws Exception {
        StreamExecutionEnvironment env = env(conf(
                "execution.checkpointing.interval", "1 s",
                "execution.checkpointing.timeout", "500 ms",
                "execution.checkpointing.tolerable-failed-checkpoints", "100"));
        slowSequence(env).map(new SlowSnapshotMap()).sinkTo(new DiscardingSink<>());
        JobClient job = env.executeAsync("checkpoint-expired");
        try {
            String text = LogCapture.await(t -> t.contains("Checkpoint expired before completing")
                    && t.contains("consecutive failed attempts so far"), 30_000);
            if (text == null) {
                text = LogCapture.await(t -> t.contains("Checkpoint expired before completing"), 1_000);
            }
            if (text == null) {
                throw new IllegalStateException("no expired checkpoint was logged");
            }
            return new Captured(text, "JobManager log line with its exception, rendered by log4j with Flink's"
                    + " default pattern; the job kept running and was cancelled");
        } finally {
            job.cancel().get(10, TimeUnit.SECONDS);
        }
    }

    static Captured tolerableFailureExpired() throws Exception {
        StreamExecutionEnvironment env = env(conf(
                "execution.checkpointing.interval", "1 s",
                "execution.checkpointing.timeout", "500 ms",
                "execution.checkpointing.tolerable-failed-checkpoints", "0"));
        slowSequence(env).map(new SlowSnapshotMap()).sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "tolerable-failure-expired", JOB_TIMEOUT);
    }

    /** Keeps a 6 MB blob per key in keyed state (more than JobManagerCheckpointStorage's 5 MB default). */
    static class KeepLargeBlob extends RichMapFunction<Long, Long> {
        private transient ValueState<byte[]> blob;

        @Override
        public void open(OpenContext openContext) {
            blob = getRuntimeContext().getState(
                    new ValueStateDescriptor<>("blob", PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
        }

        @Override
        public Long map(Long v) throws Exception {
            if (blob.value() == null) {
                blob.update(new byte[6 * 1024 * 1024]);
            }
            return v;
        }
    }

    static StreamExecutionEnvironment largeStateJob(String tolerable) {
        StreamExecutionEnvironment env = env(conf(
                "execution.checkpointing.interval", "1 s",
                "execution.checkpointing.tolerable-failed-checkpoints", tolerable));
        slowSequence(env).keyBy(v -> 0L).map(new KeepLargeBlob()).sinkTo(new DiscardingSink<>());
        return env;
    }

    static Captured tolerableFailureDeclined() throws Exception {
        return executeExpectingFailure(largeStateJob("0"), "tolerable-failure-declined", JOB_TIMEOUT);
    }

    static Captured savepointTasksNotRunning() throws Exception {
        Path dir = Files.createTempDirectory("flink-traces-savepoints");
        StreamExecutionEnvironment env = env(conf(
                // the key in 1.20 and 2.x (deprecated key: ...checkpoints-after-tasks-finish.enabled)
                "execution.checkpointing.checkpoints-after-tasks-finish", "false"));
        DataStream<Long> backfill = env.fromSequence(1, 10).uid("backfill");
        slowSequence(env).union(backfill).map(v -> v + 1).uid("enrich")
                .sinkTo(new DiscardingSink<>()).uid("sink");
        JobClient job = env.executeAsync("savepoint-tasks-not-running");
        try {
            // the bounded source finishes right after it starts; the other tasks keep running
            Thread.sleep(3_000);
            long end = System.currentTimeMillis() + 30_000;
            while (System.currentTimeMillis() < end) {
                try {
                    String path = job.triggerSavepoint(dir.toUri().toString(), SavepointFormatType.CANONICAL)
                            .get(15, TimeUnit.SECONDS);
                    FlinkTraces.LOG.info("savepoint {} completed, the bounded source is not finished yet", path);
                    Thread.sleep(1_000);
                } catch (java.util.concurrent.ExecutionException e) {
                    // what a user's triggerSavepoint(...).get() throws
                    return Captured.client(e);
                }
            }
            throw new IllegalStateException("every savepoint completed");
        } finally {
            try {
                job.cancel().get(10, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // best effort
            }
            deleteRecursively(dir);
        }
    }

    static Captured memoryStateTooLarge() throws Exception {
        JobClient job = largeStateJob("100").executeAsync("memory-state-too-large");
        try {
            String text = LogCapture.await(t -> t.contains("Size of the state is larger than the maximum permitted")
                    && t.contains("Could not materialize checkpoint"), 30_000);
            if (text == null) {
                text = LogCapture.await(t -> t.contains("Size of the state is larger than the maximum permitted"),
                        1_000);
            }
            if (text == null) {
                throw new IllegalStateException("no failed snapshot was logged");
            }
            return new Captured(text, "TaskManager log line with its exception, rendered by log4j with Flink's"
                    + " default pattern; the job kept running and was cancelled");
        } finally {
            job.cancel().get(10, TimeUnit.SECONDS);
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-no-restart-backoff-strategy

    static class LookupPrice extends RichMapFunction<String, String> {
        private final String baseUrl;

        LookupPrice(String baseUrl) {
            this.baseUrl = baseUrl;
        }

        @Override
        public String map(String sku) throws Exception {
            HttpURLConnection c = (HttpURLConnection) URI.create(baseUrl + "/price/" + sku).toURL().openConnection();
            c.setConnectTimeout(2_000);
            c.setReadTimeout(2_000);
            try (InputStream in = c.getInputStream()) {
                return sku + "=" + new String(in.readAllBytes());
            }
        }
    }

    /** A local HTTP server on 127.0.0.1 that answers every request with 503 Service Unavailable. */
    static com.sun.net.httpserver.HttpServer unavailableService() throws IOException {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            byte[] body = "service is restarting".getBytes();
            ex.sendResponseHeaders(503, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        return server;
    }

    static Captured transientHttp(String name, String... restartConf) throws Exception {
        com.sun.net.httpserver.HttpServer server = unavailableService();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            StreamExecutionEnvironment env = env(conf(restartConf));
            env.fromData("sku-1", "sku-2").map(new LookupPrice(base)).sinkTo(new DiscardingSink<>());
            return executeExpectingFailure(env, name, JOB_TIMEOUT);
        } finally {
            server.stop(0);
        }
    }

    static Captured noRestartTransientHttp() throws Exception {
        return transientHttp("no-restart-transient-http");
    }

    static Captured fixedDelayExhausted() throws Exception {
        return transientHttp("fixed-delay-exhausted",
                "restart-strategy.type", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "2",
                "restart-strategy.fixed-delay.delay", "100 ms");
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-could-not-initialize-class-static-init

    static class ConvertCurrency implements MapFunction<String, String> {
        @Override
        public String map(String amount) {
            return ExchangeRates.convert(amount);
        }
    }

    static Captured staticInitFailed() throws Exception {
        StreamExecutionEnvironment env = env(conf(
                "restart-strategy.type", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "1",
                "restart-strategy.fixed-delay.delay", "100 ms"));
        env.fromData("10.00 USD", "3.50 GBP").map(new ConvertCurrency()).sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "static-init-failed", JOB_TIMEOUT);
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-lambda-return-type-erasure

    static Captured lambdaTypeErasure() throws Exception {
        StreamExecutionEnvironment env = env(conf());
        try {
            env.fromData("to be or not to be")
                    .flatMap((String line, Collector<Tuple2<String, Integer>> out) -> {
                        for (String w : line.split(" ")) {
                            out.collect(Tuple2.of(w, 1));
                        }
                    })
                    .keyBy(t -> t.f0)
                    .sum(1)
                    .sinkTo(new DiscardingSink<>());
            env.execute("lambda-type-erasure");
        } catch (Exception e) {
            return Captured.client(e);
        }
        throw new IllegalStateException("the job was accepted");
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-socket-source-connection-refused

    static Captured socketConnectionRefused() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        StreamExecutionEnvironment env = env(conf());
        env.socketTextStream("localhost", port)
                .flatMap((FlatMapFunction<String, String>) (line, out) -> {
                    for (String w : line.split("\\s")) {
                        out.collect(w);
                    }
                })
                .returns(Types.STRING)
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "socket-connection-refused", JOB_TIMEOUT);
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-deploy-no-resource-available-slots

    static Captured notEnoughSlots() throws Exception {
        StreamExecutionEnvironment env = env(conf(
                "parallelism.default", "2",
                "taskmanager.numberOfTaskSlots", "1",
                "slot.request.timeout", "3 s"));
        slowSequence(env).rebalance().map(v -> v + 1).sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "not-enough-slots", JOB_TIMEOUT);
    }

    // ------------------------------------------------------------------------------------------------------------
    // flink-state-key-group-out-of-range-unstable-key

    /** No hashCode()/equals(): the identity hash differs for every instance. No default constructor: Kryo type. */
    public static class SessionKey implements Serializable {
        private final String user;

        public SessionKey(String user) {
            this.user = user;
        }

        @Override
        public String toString() {
            return "SessionKey(" + user + ")";
        }
    }

    static class CountSessions extends RichMapFunction<Long, Long> {
        private transient ValueState<Long> count;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public Long map(Long v) throws Exception {
            Long c = count.value();
            count.update(c == null ? 1L : c + 1);
            return v;
        }
    }

    static Captured keyIdentityHashCode() throws Exception {
        StreamExecutionEnvironment env = env(conf("parallelism.default", "2"));
        env.fromSequence(1, 10_000)
                .keyBy(v -> new SessionKey("user-" + (v % 10)))
                .map(new CountSessions())
                .sinkTo(new DiscardingSink<>());
        return executeExpectingFailure(env, "key-identity-hashcode", JOB_TIMEOUT);
    }

    static void deleteRecursively(Path p) {
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // temp files
        }
    }
}
