package io.tracekb.content;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Hash of an incident's content (not of its files), so re-formatting a file, or exporting what was
 * imported, does not count as a change.
 */
final class ContentHash {

    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private ContentHash() {
    }

    static String of(IncidentData data) {
        IncidentData withoutIds = new IncidentData(data.slug(), data.product(), data.tags(), data.affectedVersions(),
                data.status(), data.translations(), data.fixes(),
                data.sampleTraces() == null ? null : data.sampleTraces().stream().map(SampleTraceData::withoutId).toList());
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(CANONICAL.writeValueAsString(withoutIds).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
