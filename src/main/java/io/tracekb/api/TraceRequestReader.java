package io.tracekb.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.incident.FieldError;
import io.tracekb.incident.LanguageTags;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads the body of a match or parse request: JSON {@code {"text", "lang", "limit"}} or plain text (then
 * lang and limit come from the query). Enforces the paste size limit ({@code kb.api.max-body-bytes}): while reading
 * a stream, so that an oversized body is never held in memory whole; on a body read whole by the framework, which
 * holds at most {@code quarkus.http.limits.max-body-size}, afterwards.
 */
@ApplicationScoped
public class TraceRequestReader {

    @ConfigProperty(name = "kb.api.max-body-bytes", defaultValue = "1048576")
    long maxBodyBytes;

    @Inject
    ObjectMapper json;

    public TraceRequest read(String contentType, InputStream body, String langParam, String limitParam,
            String acceptLanguage) {
        return read(contentType, readAtMost(body, maxBodyBytes), langParam, limitParam, acceptLanguage);
    }

    public TraceRequest read(String contentType, byte[] bytes, String langParam, String limitParam,
            String acceptLanguage) {
        String mediaType = mediaType(contentType);
        if (bytes == null) {
            bytes = new byte[0];
        }
        if (bytes.length > maxBodyBytes) {
            throw new PayloadTooLargeProblem(maxBodyBytes);
        }
        String text;
        Object lang = langParam;
        Object limit = limitParam;
        if (mediaType.equals("application/json") || mediaType.endsWith("+json")) {
            JsonNode node;
            try {
                // decoded like a text body, so that broken UTF-8 in a pasted string is replaced, not refused
                node = json.readTree(decode(bytes, charset(contentType)));
            } catch (IOException e) {
                throw new BadRequestProblem("malformed-json", "The body is not valid JSON: " + e.getMessage(),
                        List.of(new FieldError("", "not valid JSON")));
            }
            if (node == null || !node.isObject()) {
                throw new BadRequestProblem("malformed-json", new FieldError("", "must be a JSON object"));
            }
            JsonNode t = node.get("text");
            if (t != null && !t.isNull() && !t.isTextual()) {
                throw new BadRequestProblem("invalid-request", new FieldError("text", "must be a string"));
            }
            text = t == null || t.isNull() ? null : t.asText();
            if (node.hasNonNull("lang")) {
                lang = node.get("lang").isTextual() ? node.get("lang").asText() : node.get("lang");
            }
            if (node.hasNonNull("limit")) {
                limit = node.get("limit");
            }
        } else if (mediaType.equals("text/plain")) {
            text = decode(bytes, charset(contentType));
        } else {
            throw new UnsupportedMediaTypeProblem(contentType);
        }
        List<FieldError> errors = new ArrayList<>();
        if (text == null || text.isBlank()) {
            errors.add(new FieldError("text", "is required: paste a stack trace or describe the error"));
        }
        int parsedLimit = parseLimit(limit, errors);
        String parsedLang = parseLang(lang, acceptLanguage, errors);
        if (!errors.isEmpty()) {
            throw new BadRequestProblem("invalid-request", errors.size() + " field(s) are invalid", errors);
        }
        return new TraceRequest(text, parsedLang, parsedLimit);
    }

    private static String mediaType(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            throw new UnsupportedMediaTypeProblem("(none)");
        }
        int semi = contentType.indexOf(';');
        return (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    }

    private static Charset charset(String contentType) {
        for (String part : contentType.split(";")) {
            String p = part.trim();
            if (p.regionMatches(true, 0, "charset=", 0, 8)) {
                try {
                    return Charset.forName(p.substring(8).replace("\"", "").trim());
                } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                    throw new UnsupportedMediaTypeProblem(contentType);
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    /**
     * Broken bytes become U+FFFD rather than an error, for JSON and text bodies alike: a damaged paste is still
     * worth matching.
     */
    private static String decode(byte[] bytes, Charset charset) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try {
            return decoder.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalStateException("a replacing decoder does not throw", e);
        }
    }

    /** Reads the body, failing with 413 as soon as it passes {@code max} bytes. */
    static byte[] readAtMost(InputStream in, long max) {
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[16 * 1024];
            long total = 0;
            int n;
            while ((n = in.read(buffer)) > 0) {
                total += n;
                if (total > max) {
                    throw new PayloadTooLargeProblem(max);
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int parseLimit(Object limit, List<FieldError> errors) {
        if (limit == null) {
            return TraceRequest.DEFAULT_LIMIT;
        }
        Integer value = null;
        if (limit instanceof JsonNode node && node.canConvertToInt() && node.isIntegralNumber()) {
            value = node.intValue();
        } else if (limit instanceof String s && !s.isBlank()) {
            try {
                value = Integer.parseInt(s.trim());
            } catch (NumberFormatException ignored) {
                // reported below
            }
        } else if (limit instanceof String) {
            return TraceRequest.DEFAULT_LIMIT;
        }
        if (value == null || value < 1 || value > TraceRequest.MAX_LIMIT) {
            errors.add(new FieldError("limit", "must be a whole number from 1 to " + TraceRequest.MAX_LIMIT));
            return TraceRequest.DEFAULT_LIMIT;
        }
        return value;
    }

    private static String parseLang(Object lang, String acceptLanguage, List<FieldError> errors) {
        if (lang instanceof String s && !s.isBlank()) {
            String tag = LanguageTags.canonical(s);
            if (tag == null) {
                errors.add(new FieldError("lang", "must be a BCP-47 language tag such as en, ja or zh"));
                return "en";
            }
            return tag;
        }
        if (lang != null && !(lang instanceof String)) {
            errors.add(new FieldError("lang", "must be a string"));
            return "en";
        }
        return LanguageTags.firstAccepted(acceptLanguage, "en");
    }
}
