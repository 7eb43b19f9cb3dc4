package io.tracekb.app;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged application as a process, for the fault tests: started like the README does (java -jar), with
 * the environment a test chooses, waited for until ready, stopped with SIGTERM or killed with SIGKILL.
 */
final class AppProcess implements AutoCloseable {

    static final Path JAR = Path.of(System.getProperty("app.jar", "target/quarkus-app/quarkus-run.jar"));
    static final String ADMIN_PASSWORD = "fault-test-admin-password";
    /** Written by the build next to the jar (pom.xml, execution cds-archive); absent with -Dtracekb.cds.skip. */
    static final Path CDS_ARCHIVE = JAR.resolveSibling("tracekb.jsa");
    /** Written by the build next to the jar (pom.xml, execution jvm-options): the archive and compiler settings. */
    static final Path JVM_OPTIONS = JAR.resolveSibling("jvm.options");
    /** The java of the JDK running the tests. */
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    /**
     * The README's command: java, the build's JVM options file, the given JVM options, -jar. All the packaged-jar
     * tests start the application this way.
     */
    static List<String> javaCommand(String... jvmOptions) {
        List<String> command = new ArrayList<>();
        command.add(JAVA);
        if (Files.isRegularFile(JVM_OPTIONS)) {
            command.add("@" + JVM_OPTIONS.toAbsolutePath());
        }
        if (Files.isRegularFile(CDS_ARCHIVE)) {
            // an archive that does not fit this jar and JDK fails the start instead of being ignored
            command.add("-Xshare:on");
        }
        command.addAll(List.of(jvmOptions));
        command.add("-jar");
        command.add(JAR.toAbsolutePath().toString());
        return command;
    }

    final Path workDir;
    final int port;
    final Map<String, String> env = new HashMap<>();
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Process process;
    private Path log;

    /** A TraceKB with its data under {@code workDir/data}, the shipped content, an embedded database by default. */
    AppProcess(Path workDir) throws IOException {
        this.workDir = workDir;
        this.port = freePort();
        env.put("KB_DATA_DIR", workDir.resolve("data").toString());
        env.put("KB_CONTENT_DIR", Path.of("content").toAbsolutePath().toString());
        env.put("KB_ADMIN_PASSWORD", ADMIN_PASSWORD);
        env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
        // the tests' load comes from one address; the limiter is tested elsewhere
        env.put("KB_MATCH_RATE_LIMIT_PER_MINUTE", "0");
    }

    /** Starts and waits until /q/health/ready answers 200; returns the milliseconds that took. */
    long start(String logName) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(javaCommand("-Xmx512m"));
        pb.directory(workDir.toFile());
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        pb.environment().putAll(env);
        pb.redirectErrorStream(true);
        log = workDir.resolve(logName);
        pb.redirectOutput(log.toFile());
        long started = System.nanoTime();
        process = pb.start();
        long deadline = started + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("TraceKB exited with " + process.exitValue() + ":\n" + log());
            }
            try {
                if (get("/q/health/ready").statusCode() == 200) {
                    return (System.nanoTime() - started) / 1_000_000;
                }
            } catch (IOException notYetListening) {
                // keep polling
            }
            Thread.sleep(100);
        }
        throw new AssertionError("not ready within 120 s:\n" + log());
    }

    /** SIGTERM, as a service manager stops it; returns the exit code. */
    int stop() throws InterruptedException {
        if (process == null) {
            return 0;
        }
        int code = terminate(process);
        process = null;
        return code;
    }

    /** SIGTERM, then SIGKILL after 60 s; the exit code (143 = 128 + SIGTERM after a graceful stop). */
    static int terminate(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        return process.exitValue();
    }

    /** SIGKILL (Process.destroyForcibly on Linux): no shutdown hook, no clean close of anything. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        process = null;
    }

    String log() throws IOException {
        return log == null || !Files.exists(log) ? "" : Files.readString(log);
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(request(path).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> getAsAdmin(String path) throws IOException, InterruptedException {
        return http.send(request(path).header("Authorization", adminBasic()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> match(String trace) throws IOException, InterruptedException {
        return http.send(request("/api/v1/match").header("Content-Type", "text/plain; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(trace)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The paste box's CSRF state (cookie and hidden form token), as a browser holds it once the home page is open. */
    record PasteBox(String cookie, String token) {
    }

    PasteBox openPasteBox() throws IOException, InterruptedException {
        HttpResponse<String> home = get("/");
        java.util.regex.Matcher token = java.util.regex.Pattern.compile("name=\"csrf-token\" value=\"([^\"]+)\"")
                .matcher(home.body());
        String cookie = home.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("csrf-token="))
                .map(c -> c.substring("csrf-token=".length()).split(";", 2)[0]).findFirst().orElse(null);
        if (home.statusCode() != 200 || !token.find() || cookie == null) {
            throw new AssertionError("the home page gave no paste form (status " + home.statusCode() + ")");
        }
        return new PasteBox(cookie, token.group(1));
    }

    /** The paste box's form post: POST /match, answered with the results page. */
    HttpResponse<String> paste(PasteBox box, String text, String lang) throws IOException, InterruptedException {
        String form = "csrf-token=" + URLEncoder.encode(box.token(), StandardCharsets.UTF_8) + "&lang=" + lang
                + "&text=" + URLEncoder.encode(text, StandardCharsets.UTF_8);
        return http.send(request("/match").header("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8")
                .header("Cookie", "csrf-token=" + box.cookie()).POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** POST /api/v1/articles as the admin. */
    HttpResponse<String> save(String incidentJson) throws IOException, InterruptedException {
        return http.send(request("/api/v1/articles").header("Content-Type", "application/json")
                .header("Authorization", adminBasic())
                .POST(HttpRequest.BodyPublishers.ofString(incidentJson)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).timeout(Duration.ofSeconds(30));
    }

    private static String adminBasic() {
        return "Basic " + Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
    }

    /** A published incident whose one sample trace is unlike anything else, so its match is unambiguous. */
    static String incidentJson(String slug) {
        return """
                { "slug": "%s", "product": "faults", "status": "published",
                  "translations": { "en": { "title": "Shard %s refuses writes", "summary": "s", "body": "b",
                                            "original": true } },
                  "fixes": [ { "snippet": "shard.%s.mode: rw", "texts": { "en": { "title": "Reopen shard %s",
                               "description": "d" } } } ],
                  "sampleTraces": [ { "text": "%s" } ] }""".formatted(slug, slug, slug, slug,
                sampleTrace(slug).replace("\t", "\\t").replace("\n", "\\n"));
    }

    static String sampleTrace(String slug) {
        String pkg = "org.faults." + slug.replace("-", "_");
        return pkg + ".ShardRefusedException: shard refused the write of segment 17\n"
                + "\tat " + pkg + ".ShardWriter.write(ShardWriter.java:42)\n"
                + "\tat " + pkg + ".Flusher.flush(Flusher.java:17)\n"
                + "\tat java.base/java.lang.Thread.run(Thread.java:833)";
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            process = null;
        }
    }

    /** Incident folders under content/ that the app publishes (drafts are imported but not listed or matched). */
    static int publishedIncidents() throws java.io.IOException {
        try (var walk = java.nio.file.Files.walk(java.nio.file.Path.of("content"))) {
            return (int) walk.filter(p -> p.getFileName().toString().equals("incident.yaml")).filter(p -> {
                try {
                    return java.nio.file.Files.readAllLines(p).stream().noneMatch(l -> l.strip().equals("status: draft"));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).count();
        }
    }
}
