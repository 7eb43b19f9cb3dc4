package io.tracekb.api;

import io.tracekb.article.ArticleService;
import io.tracekb.article.IncidentData;
import io.tracekb.article.IncidentStatus;
import io.tracekb.search.Matcher;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
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
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/match")
@Tag(name = "match")
public class MatchResource {

    @Inject
    TraceRequestReader requests;

    @Inject
    Matcher matcher;

    @Inject
    ArticleService articles;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Transactional
    @Operation(summary = "Find the incidents that match a pasted stack trace",
            description = "Body: {\"text\": \"...\", \"lang\": \"ja\", \"limit\": 5} as application/json, or the "
                    + "text itself as text/plain with lang and limit as query parameters. Results are sorted by "
                    + "score (0..1); confident is true when the score reaches the configured threshold.")
    public MatchResponse match(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @QueryParam("lang") String lang,
            @QueryParam("limit") String limit, InputStream body) {
        TraceRequest request = requests.read(contentType, body, lang, limit, acceptLanguage);
        return MatchResponse.of(matcher.match(request.text(), request.limit()), request.lang(),
                slug -> articles.find(slug).filter(d -> d.status() == IncidentStatus.PUBLISHED).orElse(null));
    }
}
