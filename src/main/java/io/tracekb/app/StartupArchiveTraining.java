package io.tracekb.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The build's training run for the class-data-sharing archive ({@code -XX:ArchiveClassesAtExit}, see README,
 * "Start-up"): after a normal start, it sends this instance the requests users send — the match API in JSON,
 * plain text and Markdown, the home page and the results page — so that the classes those load are archived
 * too, not only the start-up's. A failed request fails the training: an archive of a broken run is no use.
 */
final class StartupArchiveTraining {

    /** Enough traces to reach every reader and the reranker; more only make the build slower. */
    static final int TRACES = 6;
    /** The results page takes the paste in its URL; the server's first line is limited to 16 KiB. */
    private static final int MAX_QUERY_CHARS = 3000;

    /**
     * Where the build has the JVM list the classes it loads ({@code -Xlog:class+load=info:file=F:none}): they are
     * linked before the archive is written (see {@link ArchiveClassLinker}). {@code %p} stands for the process id,
     * as in the JVM's own file name.
     */
    static final String CLASS_LOAD_LOG = "tracekb.cds.class-load-log";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;

    StartupArchiveTraining(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    int run(Path contentDir) throws InterruptedException, IOException {
        System.out.println("Startup archive training: a throw-away TraceKB on a random port (data in target/cds-training)"
                + " answers the sample traces once, so that the archive holds the classes a real start loads");
        List<String> traces = sampleTraces(contentDir);
        if (traces.isEmpty()) {
            System.err.println("No sample traces under " + contentDir.toAbsolutePath() + "; nothing to train with");
            return 1;
        }
        expect200(get("/q/health/ready"));
        expect200(get("/"));
        for (String trace : traces) {
            String json = JSON.writeValueAsString(Map.of("text", trace, "lang", "ja"));
            expect200(send(HttpRequest.newBuilder(URI.create(base + "/api/v1/match"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json)).build()));
            expect200(send(HttpRequest.newBuilder(URI.create(base + "/api/v1/match?lang=zh"))
                    .header("Content-Type", "text/plain").header("Accept", "text/markdown")
                    .POST(HttpRequest.BodyPublishers.ofString(trace)).build()));
            String shortened = trace.length() > MAX_QUERY_CHARS ? trace.substring(0, MAX_QUERY_CHARS) : trace;
            expect200(get("/match?q=" + URLEncoder.encode(shortened, StandardCharsets.UTF_8)));
        }
        System.out.printf("Startup archive training: %d traces sent through the API and the results page%n",
                traces.size());
        String classLoadLog = System.getProperty(CLASS_LOAD_LOG);
        if (classLoadLog != null) {
            Path log = Path.of(classLoadLog.replace("%p", String.valueOf(ProcessHandle.current().pid())));
            ArchiveClassLinker.Result linked = ArchiveClassLinker.linkAll(log,
                    Thread.currentThread().getContextClassLoader());
            Files.deleteIfExists(log); // needed only now; the JVM writes on into the unlinked file until it exits
            System.out.printf("Startup archive training: %d loaded classes linked for the archive (%d not linkable)%n",
                    linked.linked(), linked.failed());
        }
        return 0;
    }

    static List<String> sampleTraces(Path contentDir) {
        if (!Files.isDirectory(contentDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(contentDir, 5)) {
            return files.filter(p -> p.getParent() != null && p.getParent().getFileName().toString().equals("traces")
                            && p.getFileName().toString().endsWith(".txt"))
                    .sorted().limit(TRACES).map(StartupArchiveTraining::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpResponse<String> get(String path) throws InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET().build());
    }

    private HttpResponse<String> send(HttpRequest request) throws InterruptedException {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(request.uri() + ": " + e.getMessage(), e);
        }
    }

    private static void expect200(HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException(response.request().method() + " " + response.request().uri().getPath()
                    + " answered " + response.statusCode() + " during the archive training: "
                    + response.body().substring(0, Math.min(300, response.body().length())));
        }
    }
}
