package io.tracekb.api;

import io.tracekb.incident.LanguageTags;
import io.tracekb.matching.MatchService;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A Slack / Mattermost slash command: {@code /tracekb <paste>} answers with the top three incidents. Point the
 * command at {@code /api/v1/chat/slash?lang=ja} to choose the answer's language. With
 * {@code kb.chat.slack-signing-secret} set, only requests signed by Slack are answered.
 */
@Path("/api/v1/chat/slash")
@Tag(name = "chat")
public class SlashCommandResource {

    @Inject
    MatchService matching;

    @ConfigProperty(name = "kb.chat.slack-signing-secret")
    Optional<String> signingSecret;

    @ConfigProperty(name = "kb.public-url", defaultValue = "http://localhost:8080")
    String publicUrl;

    @ConfigProperty(name = "kb.api.max-body-bytes", defaultValue = "1048576")
    long maxBodyBytes;

    Clock clock = Clock.systemUTC();

    public record SlashReply(String response_type, String text) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Slack / Mattermost slash command",
            description = "Form field text= holds the paste. Verifies Slack's request signature when a signing "
                    + "secret is configured (401 when it is missing, wrong or more than five minutes old). Answers "
                    + "with an ephemeral message listing the top three incidents.")
    @APIResponse(responseCode = "200", description = "An ephemeral chat message",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "reply",
                    value = "{ \"response_type\": \"ephemeral\", \"text\": \"Root cause: `java.io.IOException`\\n\\n"
                            + "1. **Checkpoint fails with …** — confident (0.96)\\n   Fix: Write checkpoints to a shared "
                            + "file system\\n   http://localhost:8080/articles/flink-memory-state-too-large?lang=en\\n\" }")))
    @APIResponse(responseCode = "401", description = "Signature missing, wrong or older than five minutes")
    public Response command(@HeaderParam("X-Slack-Request-Timestamp") String timestamp,
            @HeaderParam("X-Slack-Signature") String signature,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @QueryParam("lang") String lang,
            @Context HttpServerRequest http, InputStream in) {
        byte[] body = TraceRequestReader.readAtMost(in, maxBodyBytes);
        if (signingSecret.isPresent() && !signingSecret.get().isBlank()) {
            String problem = SlackSignature.problem(signingSecret.get(), timestamp, body, signature,
                    clock.instant().getEpochSecond());
            if (problem != null) {
                return Problem.response(401, "bad-signature", "Request not signed by Slack", problem, List.of(),
                        Map.of());
            }
        }
        Map<String, String> form = parseForm(new String(body, StandardCharsets.UTF_8));
        String replyLang = lang != null && !lang.isBlank() ? lang.trim() : LanguageTags.firstAccepted(acceptLanguage, "en");
        String text = form.getOrDefault("text", "");
        if (text.isBlank()) {
            return Response.ok(new SlashReply("ephemeral", usage(replyLang))).build();
        }
        MatchService.Answer match = matching.answer(MatchResource.clientOf(http), text, MarkdownReply.TOP);
        MatchResponse answer = MatchResponse.of(match.outcome(), replyLang, match.incidents());
        return Response.ok(new SlashReply("ephemeral", MarkdownReply.render(answer, replyLang, publicUrl, MarkdownReply.Dialect.SLACK))).build();
    }

    private static String usage(String lang) {
        return ApiBundle.in(lang).slash_usage();
    }

    static Map<String, String> parseForm(String body) {
        Map<String, String> form = new HashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            try {
                form.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException malformed) {
                // a broken %-escape: skip that field rather than fail the whole command
            }
        }
        return form;
    }
}
