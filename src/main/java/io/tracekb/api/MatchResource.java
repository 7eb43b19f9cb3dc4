package io.tracekb.api;

import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.tracekb.matching.MatchService;
import io.tracekb.search.MatchOutcome;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The match endpoint runs on the HTTP event loop: a usual paste takes well under a millisecond of CPU and needs
 * nothing but the index, and handing each request to a worker thread and back cost more than the match (the
 * performance report, README "Performance report", has the alternated measurements). What could hold the loop up goes to a
 * worker thread instead: a paste longer than {@value #EVENT_LOOP_MAX_CHARS} characters, an answer that needs the
 * database (an incident indexed without its card), and a body sent without a declared length, which is read as a
 * stream and cut off at the paste limit ({@link #matchStreamed}).
 */
@Path(MatchResource.PATH)
@Tag(name = "match")
public class MatchResource {

    static final String PATH = "/api/v1/match";
    /** Where {@link ApiBodyLimit} sends a match posted without Content-Length (chunked); not part of the API. */
    static final String STREAMED_PATH = PATH + "/streamed";

    /**
     * A long single trace is about 5,000 characters; 16 KiB of several traces took about 20 ms to match, and the
     * security probe's 200-deep chain (13.7 KB) 13 ms of CPU: above 8 KiB a paste goes to a worker thread, so that
     * no paste holds the event loop (and every request queued behind it) for more than a few milliseconds.
     */
    static final int EVENT_LOOP_MAX_CHARS = 8 * 1024;

    @Inject
    TraceRequestReader requests;

    @Inject
    MatchService matching;

    /** Where users reach TraceKB; links in chat replies start with it. */
    @ConfigProperty(name = "kb.public-url", defaultValue = "http://localhost:8080")
    String publicUrl;

    static final String MARKDOWN = "text/markdown;charset=UTF-8";

    @POST
    @NonBlocking
    @Consumes(MediaType.WILDCARD)
    @Produces({ MediaType.APPLICATION_JSON, MARKDOWN })
    @Operation(summary = "Find the incidents that match a pasted stack trace",
            description = "Body: {\"text\": \"...\", \"lang\": \"ja\", \"limit\": 5} as application/json, or the "
                    + "text itself as text/plain with lang and limit as query parameters. Results are sorted by "
                    + "score (0..1); confident is true when the score reaches the configured threshold. Titles, fixes, "
                    + "hints and the reasons (why) are in lang, else in the first Accept-Language (English when "
                    + "there is no translation). With "
                    + "Accept: text/markdown the answer is a chat-ready summary of the top three instead.")
    @APIResponse(responseCode = "200", description = "The match",
            content = { @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MatchResponse.class),
                    examples = @ExampleObject(name = "match", value = MATCH_EXAMPLE)),
                    @Content(mediaType = "text/markdown", examples = @ExampleObject(name = "chat",
                            value = "Root cause: `java.io.IOException`\n\n1. **Checkpoint fails with …** — confident "
                                    + "(0.96)\n   Fix: Write checkpoints to a shared file system\n   "
                                    + "http://localhost:8080/articles/flink-memory-state-too-large?lang=en\n")) })
    @APIResponse(responseCode = "400", description = "text missing or blank, limit outside 1..50, malformed JSON")
    @APIResponse(responseCode = "413", description = "Body larger than the limit (1 MiB by default)")
    @APIResponse(responseCode = "415", description = "Neither application/json nor text/plain")
    @APIResponse(responseCode = "429", description = "Too many requests from this client; see Retry-After")
    public Uni<Response> match(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @QueryParam("lang") String lang,
            @QueryParam("limit") String limit, @Context HttpHeaders headers, @Context HttpServerRequest http,
            byte[] body) {
        // the body is read whole before this runs (a byte[] parameter), within quarkus.http.limits.max-body-size
        TraceRequest request = requests.read(contentType, body, lang, limit, acceptLanguage);
        boolean markdown = prefersMarkdown(headers);
        String client = clientOf(http);
        if (request.text().length() > EVENT_LOOP_MAX_CHARS) {
            return onWorker(() -> reply(request, markdown, matching.answer(client, request.text(), request.limit())));
        }
        MatchOutcome outcome = matching.match(client, request.text(), request.limit());
        return matching.indexedIncidents(outcome)
                .map(indexed -> Uni.createFrom().item(reply(request, markdown, new MatchService.Answer(outcome, indexed))))
                // the cards found are looked up again there: they come from the reader's cache
                .orElseGet(() -> onWorker(() -> reply(request, markdown,
                        new MatchService.Answer(outcome, matching.shownIncidents()))));
    }

    /** The same match for a body of unknown length, read on a worker thread and cut off at the paste limit. */
    @POST
    @Path("streamed")
    @Consumes(MediaType.WILDCARD)
    @Produces({ MediaType.APPLICATION_JSON, MARKDOWN })
    @Operation(hidden = true)
    public Response matchStreamed(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @QueryParam("lang") String lang,
            @QueryParam("limit") String limit, @Context HttpHeaders headers, @Context HttpServerRequest http,
            InputStream body) {
        TraceRequest request = requests.read(contentType, body, lang, limit, acceptLanguage);
        return reply(request, prefersMarkdown(headers), matching.answer(clientOf(http), request.text(), request.limit()));
    }

    private static Uni<Response> onWorker(Supplier<Response> work) {
        return Uni.createFrom().item(work).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private Response reply(TraceRequest request, boolean markdown, MatchService.Answer match) {
        MatchResponse answer = MatchResponse.of(match.outcome(), request.lang(), match.incidents());
        if (markdown) {
            return Response.ok(MarkdownReply.render(answer, request.lang(), publicUrl), MARKDOWN).build();
        }
        return Response.ok(answer, MediaType.APPLICATION_JSON).build();
    }

    /**
     * The client a rate limit applies to: the peer address (behind a proxy, set quarkus.http.proxy.* so that
     * it is the forwarded client address). Credentials are not used: they are not verified on open endpoints.
     */
    static String clientOf(HttpServerRequest http) {
        return http == null || http.remoteAddress() == null ? "unknown" : http.remoteAddress().hostAddress();
    }

    /** JSON unless the caller's most preferred acceptable type is Markdown (bots that send no Accept get JSON). */
    static boolean prefersMarkdown(HttpHeaders headers) {
        for (MediaType type : headers.getAcceptableMediaTypes()) {
            if (type.isCompatible(MediaType.APPLICATION_JSON_TYPE) && !type.isWildcardType()) {
                return false;
            }
            if ("text".equals(type.getType()) && "markdown".equals(type.getSubtype())) {
                return true;
            }
        }
        return false;
    }

    static final String MATCH_EXAMPLE = """
            { "query": { "exceptions": ["org.apache.flink.runtime.taskmanager.AsynchronousException",
                "java.lang.Exception", "java.util.concurrent.ExecutionException", "java.io.IOException"],
                "rootCause": { "type": "java.io.IOException", "message": "Size of the state is larger than ..." },
                "frames": 44, "fingerprint": "c1d2cd6efcc05743dd7b517f8a2b0972", "versions": {}, "hints": [],
                "component": "Apache Flink",
                "searchLinks": [ { "tracker": "jira", "where": "FLINK",
                    "url": "https://issues.apache.org/jira/issues/?jql=project%20%3D%20FLINK%20AND%20text%20%7E%20%22IOException%22%20AND%20text%20%7E%20%22%5C%22Size%20of%20the%20state%20is%20larger%20than%20the%20maximum%20permitted%5C%22%22%20ORDER%20BY%20updated%20DESC" },
                  { "tracker": "mailing-list", "where": "user@flink.apache.org",
                    "url": "https://lists.apache.org/list?user@flink.apache.org:lte=10y:IOException%20%22Size%20of%20the%20state%20is%20larger%20than%20the%20maximum%20permitted%22" } ] },
              "results": [ { "id": 3, "slug": "flink-memory-state-too-large", "title": "Checkpoint fails with ...",
                "lang": "en", "languages": ["en", "ja", "zh"], "score": 0.96, "confident": true,
                "url": "/articles/flink-memory-state-too-large?lang=en",
                "why": ["same fingerprint as a sample trace",
                        "root cause java.io.IOException with the same message template", "22 of 22 frames align"],
                "fixes": [ { "title": "Write checkpoints to a shared file system (Flink 1.13 and later)",
                             "description": "...", "snippet": "state.backend: hashmap\\n...",
                             "snippetLanguage": "yaml", "file": "flink-conf.yaml" } ] } ] }""";
}
