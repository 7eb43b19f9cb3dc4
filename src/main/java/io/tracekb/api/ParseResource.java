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
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/parse")
@Tag(name = "match")
public class ParseResource {

    @Inject
    TraceRequestReader requests;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Parse every stack trace in a text, without matching",
            description = "Body: {\"text\": \"...\"} as application/json, or the text itself as text/plain.")
    public ParseResponse parse(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage, @QueryParam("lang") String lang,
            @QueryParam("limit") String limit, InputStream body) {
        TraceRequest request = requests.read(contentType, body, lang, limit, acceptLanguage);
        return ParseResponse.of(PasteAnalysis.of(request.text()), request.lang());
    }
}
