package io.tracekb.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.testing.TestFiles;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * TraceKB as the README runs it (java -jar, embedded PostgreSQL) killed with SIGKILL in the middle of a burst of
 * saves, then started again: no save that was answered 2xx is lost, nothing is half written, and the index agrees
 * with the database. Then the index is damaged, and then deleted, between runs: each next start rebuilds it from
 * the database and logs its progress.
 */
class CrashIT {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Pattern INDEXING = Pattern.compile("Indexing: (\\d+) of (\\d+) incidents");

    Path workDir;
    AppProcess app;

    @BeforeEach
    void setUp() throws IOException {
        workDir = Files.createTempDirectory("tracekb-crash-");
    }

    @AfterEach
    void tearDown() throws Exception {
        if (app != null) {
            app.close();
        }
        // a server left running by a failed run must not outlive the test
        postmaster().ifPresent(p -> {
            p.destroy();
            p.onExit().orTimeout(30, TimeUnit.SECONDS).join();
        });
        TestFiles.deleteRecursively(workDir);
    }

    @Test
    void noAcknowledgedSaveIsLostToSigkillAndADamagedOrDeletedIndexIsRebuiltAtStart() throws Exception {
        app = new AppProcess(workDir);
        app.start("first.log");

        // 1: TraceKB alone killed; its embedded PostgreSQL lives on and must be dealt with at the next start
        Burst first = burstThenKill("a");
        Optional<ProcessHandle> orphan = postmaster();
        assertThat(orphan).as("PostgreSQL left running by the killed TraceKB").isPresent();
        long restartMs = app.start("second.log");
        assertThat(orphan.get().isAlive()).isFalse();
        assertThat(app.log()).contains("left by a TraceKB that did not stop cleanly");
        int stored = verify(first);
        System.out.printf("SIGKILL restart-to-ready=%d ms%n", restartMs);

        // 2: everything killed at once, as a container kill or the OOM killer of a cgroup does: PostgreSQL recovers
        // from its WAL, which holds every acknowledged commit
        Burst second = burstThenKill("b");
        ProcessHandle server = postmaster().orElseThrow();
        List<ProcessHandle> all = new ArrayList<>(server.descendants().toList());
        all.add(server);
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : all) {
            p.onExit().get(30, TimeUnit.SECONDS);
        }
        app.start("third.log");
        stored += verify(second);
        Set<String> acknowledged = new java.util.HashSet<>(first.acknowledged());
        acknowledged.addAll(second.acknowledged());

        // a damaged index: some bytes in the middle of its largest file overwritten between runs
        assertThat(app.stop()).isIn(0, 143);
        Path index = workDir.resolve("data/index");
        Path largest;
        try (Stream<Path> files = Files.list(index)) {
            largest = files.filter(p -> !p.getFileName().toString().equals("write.lock"))
                    .max(Comparator.comparingLong(p -> p.toFile().length())).orElseThrow();
        }
        try (FileChannel f = FileChannel.open(largest, StandardOpenOption.WRITE)) {
            f.write(ByteBuffer.wrap(new byte[] { 0x13, 0x37, 0x13, 0x37 }), f.size() / 2);
        }
        app.start("fourth.log");
        assertThat(app.log()).contains("Search index damaged: building it from the database");
        assertRebuiltWithProgress(stored);
        for (String slug : acknowledged) {
            assertThat(firstMatch(slug)).isEqualTo(slug);
        }

        // a deleted index
        assertThat(app.stop()).isIn(0, 143);
        TestFiles.deleteRecursively(index);
        app.start("fifth.log");
        assertThat(app.log()).contains("Search index missing (new or deleted): building it from the database");
        assertRebuiltWithProgress(stored);
        assertThat(firstMatch(acknowledged.iterator().next())).isEqualTo(acknowledged.iterator().next());
        assertThat(app.stop()).isIn(0, 143);
        assertThat(workDir.resolve("data/postgres/postmaster.pid")).doesNotExist();
    }

    record Burst(Set<String> attempted, Set<String> acknowledged) {
    }

    /** Four threads saving new incidents; SIGKILL once 30 saves were acknowledged (answered 2xx). */
    private Burst burstThenKill(String round) throws Exception {
        Set<String> attempted = ConcurrentHashMap.newKeySet();
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        List<Thread> burst = new ArrayList<>();
        String run = round + UUID.randomUUID().toString().substring(0, 6);
        for (int t = 0; t < 4; t++) {
            int thread = t;
            Thread saver = new Thread(() -> {
                for (int i = 0;; i++) {
                    String slug = "burst-" + run + "-" + thread + "-" + i;
                    attempted.add(slug);
                    try {
                        HttpResponse<String> r = app.save(AppProcess.incidentJson(slug));
                        if (r.statusCode() / 100 == 2) {
                            acknowledged.add(slug);
                        }
                    } catch (Exception killed) {
                        return; // the server is gone
                    }
                }
            }, "saver-" + t);
            saver.start();
            burst.add(saver);
        }
        long deadline = System.currentTimeMillis() + 90_000;
        while (acknowledged.size() < 30 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        app.kill();
        for (Thread t : burst) {
            t.join(60_000);
        }
        assertThat(acknowledged).as("saves acknowledged before the kill").hasSizeGreaterThanOrEqualTo(30);
        return new Burst(attempted, acknowledged);
    }

    /**
     * Every acknowledged save is there, whole; whatever is stored (acknowledged or not) is whole and matchable, and
     * what is not stored is not in the index either. Returns how many of the burst are stored.
     */
    private int verify(Burst burst) throws Exception {
        int stored = 0;
        for (String slug : burst.attempted()) {
            HttpResponse<String> r = app.get("/api/v1/articles/" + slug);
            if (burst.acknowledged().contains(slug)) {
                assertThat(r.statusCode()).as("acknowledged " + slug).isEqualTo(200);
            }
            assertThat(r.statusCode()).as(slug).isIn(200, 404);
            if (r.statusCode() == 200) {
                stored++;
                assertWhole(slug, JSON.readTree(r.body()));
                assertThat(firstMatch(slug)).as("the index has " + slug).isEqualTo(slug);
            } else {
                assertThat(firstMatch(slug)).as("the index does not have " + slug).isNotEqualTo(slug);
            }
        }
        System.out.printf("SIGKILL_BURST attempted=%d acknowledged=%d stored=%d%n", burst.attempted().size(),
                burst.acknowledged().size(), stored);
        return stored;
    }

    /** The incident exactly as it was sent: title, fix, sample trace, and its one revision. */
    private void assertWhole(String slug, JsonNode incident) throws Exception {
        assertThat(incident.path("translations").path("en").path("title").asText()).isEqualTo("Shard " + slug + " refuses writes");
        assertThat(incident.path("fixes")).hasSize(1);
        assertThat(incident.path("fixes").get(0).path("snippet").asText()).isEqualTo("shard." + slug + ".mode: rw");
        assertThat(incident.path("sampleTraces")).hasSize(1);
        assertThat(incident.path("sampleTraces").get(0).path("text").asText()).isEqualTo(AppProcess.sampleTrace(slug));
        HttpResponse<String> revisions = app.get("/api/v1/articles/" + slug + "/revisions");
        assertThat(revisions.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(revisions.body())).hasSize(1);
    }

    /** The last progress line counts every published incident: the shipped ones and every stored one of the burst. */
    private void assertRebuiltWithProgress(int storedByTheBurst) throws IOException {
        Matcher m = INDEXING.matcher(app.log());
        String done = null;
        String total = null;
        while (m.find()) {
            done = m.group(1);
            total = m.group(2);
        }
        assertThat(done).as("an 'Indexing: n of m incidents' line").isNotNull().isEqualTo(total);
        assertThat(Integer.parseInt(total)).isEqualTo(AppProcess.publishedIncidents() + storedByTheBurst);
    }

    private String firstMatch(String slug) throws Exception {
        HttpResponse<String> r = app.match(AppProcess.sampleTrace(slug));
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode results = JSON.readTree(r.body()).path("results");
        return results.isEmpty() ? "" : results.get(0).path("slug").asText();
    }

    private Optional<ProcessHandle> postmaster() throws IOException {
        Path pid = workDir.resolve("data/postgres/postmaster.pid");
        if (!Files.exists(pid)) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(pid);
        return lines.isEmpty() ? Optional.empty()
                : ProcessHandle.of(Long.parseLong(lines.get(0).trim())).filter(ProcessHandle::isAlive);
    }
}
