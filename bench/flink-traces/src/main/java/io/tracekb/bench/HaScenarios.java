package io.tracekb.bench;

import io.tracekb.bench.FlinkTraces.Captured;
import io.tracekb.bench.FlinkTraces.Scenario;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.shaded.zookeeper3.org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.flink.shaded.zookeeper3.org.apache.zookeeper.server.ZooKeeperServer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.tracekb.bench.FlinkTraces.conf;
import static io.tracekb.bench.FlinkTraces.env;
import static io.tracekb.bench.FlinkTraces.list;

/**
 * High-availability scenarios: a MiniCluster with ZooKeeper HA against an in-process ZooKeeper server (the one in
 * flink-shaded-zookeeper-3, which Flink's runtime already depends on), which is then stopped.
 */
final class HaScenarios {

    static void add(List<Scenario> s) {
        s.add(new Scenario("zookeeper-connection-lost", "zookeeper-ha-leadership-lost",
                "a MiniCluster with ZooKeeper HA (session timeout 3 s, connection timeout 1 s, retry wait 250 ms)"
                        + " runs a streaming job, and the in-process ZooKeeper server is stopped",
                list("ZooKeeper", "Connection to ZooKeeper suspended", "Connection to ZooKeeper lost"),
                HaScenarios::zookeeperConnectionLost));
    }

    static Captured zookeeperConnectionLost() throws Exception {
        Path zkDir = Files.createTempDirectory("flink-traces-zk");
        Path haDir = Files.createTempDirectory("flink-traces-ha");
        ServerCnxnFactory zk = startZooKeeper(zkDir, 0);
        int port = zk.getLocalPort();
        MiniCluster cluster = null;
        try {
            Configuration conf = conf(
                    "pipeline.name", "zookeeper-connection-lost",
                    "high-availability.type", "zookeeper",
                    "high-availability.zookeeper.quorum", "127.0.0.1:" + port,
                    "high-availability.storageDir", haDir.toUri().toString(),
                    "high-availability.cluster-id", "/tracekb-bench",
                    "high-availability.zookeeper.client.session-timeout", "3 s",
                    "high-availability.zookeeper.client.connection-timeout", "1 s",
                    "high-availability.zookeeper.client.retry-wait", "250 ms");
            cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                    .setConfiguration(conf).setNumTaskManagers(1).setNumSlotsPerTaskManager(1).build());
            cluster.start();
            StreamExecutionEnvironment env = env(conf);
            Scenarios.slowSequence(env).map(v -> v + 1).sinkTo(new DiscardingSink<>());
            JobGraph job = env.getStreamGraph().getJobGraph();
            cluster.submitJob(job).get(30, TimeUnit.SECONDS);
            awaitRunning(cluster, job.getJobID(), 30_000);
            // let the job run for a while, then take ZooKeeper away
            Thread.sleep(2_000);
            int mark = LogCapture.mark();
            stopZooKeeper(zk);
            zk = null;
            long end = System.currentTimeMillis() + 30_000;
            while (System.currentTimeMillis() < end
                    && !LogCapture.renderFrom(mark).contains("Connection to ZooKeeper lost")) {
                Thread.sleep(100);
            }
            Thread.sleep(1_000); // the other components' "lost" lines
            String text = LogCapture.renderFrom(mark);
            if (!text.contains("ZooKeeper")) {
                throw new IllegalStateException("nothing about ZooKeeper was logged");
            }
            return new Captured(text, "all WARN/ERROR log events of the MiniCluster (JobManager and TaskManager in"
                    + " one JVM) in log order, from the moment ZooKeeper was stopped until 1 s after the first"
                    + " \"Connection to ZooKeeper lost\", rendered by log4j with Flink's default pattern; ZooKeeper"
                    + " was then started again and the cluster closed");
        } finally {
            if (cluster != null) {
                // the cluster cannot clean up its HA data (and so cannot close) without ZooKeeper: bring it back
                if (zk == null) {
                    zk = startZooKeeper(zkDir, port);
                }
                try {
                    cluster.closeAsync().get(30, TimeUnit.SECONDS);
                } catch (Exception ignored) {
                    // best effort
                }
            }
            if (zk != null) {
                stopZooKeeper(zk);
            }
            Scenarios.deleteRecursively(zkDir);
            Scenarios.deleteRecursively(haDir);
        }
    }

    /** Waits until all tasks of the job are RUNNING. */
    static void awaitRunning(MiniCluster cluster, JobID id, long timeoutMs) throws Exception {
        long end = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < end) {
            boolean running = true;
            for (AccessExecutionVertex v : cluster.getExecutionGraph(id).get(10, TimeUnit.SECONDS)
                    .getAllExecutionVertices()) {
                running &= v.getExecutionState() == ExecutionState.RUNNING;
            }
            if (running) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the job's tasks did not reach RUNNING");
    }

    /** A standalone ZooKeeper server on 127.0.0.1 (port 0: any free port), with its data in {@code dir}. */
    static ServerCnxnFactory startZooKeeper(Path dir, int port) throws Exception {
        ZooKeeperServer server = new ZooKeeperServer(dir.toFile(), dir.toFile(), 500);
        ServerCnxnFactory cnxn = ServerCnxnFactory.createFactory(new InetSocketAddress("127.0.0.1", port), 100);
        cnxn.startup(server);
        return cnxn;
    }

    static void stopZooKeeper(ServerCnxnFactory cnxn) {
        cnxn.shutdown(); // closes the client connections and shuts the server down
    }
}
