package io.tracekb.api;

import io.tracekb.search.PasteAnalysis;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/parse")
@Tag(name = "match")
public class ParseResource {

    @Inject
    TraceRequestReader requests;

    static final String PARSE_EXAMPLE = """
            { "traces": [ { "language": "java", "kind": "exception", "fingerprint": "17492f7cde1cd4e6d10a69f7c9b75466",
                "rootCause": 1, "firstLine": 0, "lastLine": 18,
                "exceptions": [
                  { "type": "org.apache.flink.util.FlinkException",
                    "message": "Unexpected failure during runtime of TaskManagerRunner.",
                    "messageTemplate": "Unexpected failure during runtime of TaskManagerRunner.", "omittedFrames": 0,
                    "frames": [ { "className": "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                      "method": "runTaskManager", "file": "TaskManagerRunner.java", "line": 382, "module": null,
                      "jar": "flink-dist_2.12-1.13.1.jar", "version": "1.13.1", "kind": "framework" } ] },
                  { "type": "java.util.concurrent.TimeoutException", "message": null, "messageTemplate": null,
                    "omittedFrames": 0, "frames": [ { "className": "java.lang.Thread", "method": "run",
                      "file": "Thread.java", "line": 748, "module": null, "jar": null, "version": "1.8.0_232",
                      "kind": "jdk" } ] } ] } ],
              "primary": 0, "hints": [] }""";

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Parse every stack trace in a text, without matching",
            description = "Body: {\"text\": \"...\"} as application/json, or the text itself as text/plain.")
    @APIResponse(responseCode = "200", description = "Every trace found, outermost exception first",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ParseResponse.class),
                    examples = @ExampleObject(name = "parse", value = PARSE_EXAMPLE)))
    @APIResponse(responseCode = "400", description = "text missing or blank, malformed JSON")
    @APIResponse(responseCode = "413", description = "Body larger than the limit (1 MiB by default)")
    @APIResponse(responseCode = "415", description = "Neither application/json nor text/plain")
    public ParseResponse parse(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @QueryParam("lang") String lang,
            @QueryParam("limit") String limit, InputStream body) {
        TraceRequest request = requests.read(contentType, body, lang, limit, acceptLanguage);
        return ParseResponse.of(PasteAnalysis.of(request.text()), request.lang());
    }
}
