package io.tracekb.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Reading match and parse bodies: broken UTF-8 is replaced the same way in JSON and in text. */
class TraceRequestReaderTest {

    private final TraceRequestReader reader = reader();

    private static TraceRequestReader reader() {
        TraceRequestReader r = new TraceRequestReader();
        r.json = new ObjectMapper();
        r.maxBodyBytes = 1024;
        return r;
    }

    private static final byte[] BROKEN = { 'c', 'a', 'f', (byte) 0xC3, ' ', (byte) 0xFF, ' ', (byte) 0xED, (byte) 0xA0,
            (byte) 0x80, ' ', 'o', 'k' };

    @Test
    void brokenUtf8InAJsonStringIsReplacedAsInAPlainTextBody() {
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        json.writeBytes("{\"text\":\"".getBytes(StandardCharsets.UTF_8));
        json.writeBytes(BROKEN);
        json.writeBytes("\"}".getBytes(StandardCharsets.UTF_8));

        String fromJson = read("application/json", json.toByteArray()).text();
        String fromText = read("text/plain; charset=UTF-8", BROKEN).text();

        assertThat(fromJson).isEqualTo(fromText).startsWith("caf\uFFFD ").endsWith(" ok").doesNotContain("\u00C3");
    }

    @Test
    void aBodyPastTheLimitIsRefusedWhileReadingAndNamesTheLimit() {
        assertThatThrownBy(() -> read("text/plain", new byte[1025])).isInstanceOf(PayloadTooLargeProblem.class)
                .hasMessageContaining("limit of 1024 bytes");
        assertThat(read("text/plain", "x".repeat(1024).getBytes(StandardCharsets.UTF_8)).text()).hasSize(1024);
    }

    private TraceRequest read(String contentType, byte[] body) {
        return reader.read(contentType, new ByteArrayInputStream(body), null, null, null);
    }
}
