package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

/** The stored form of trace shapes gives back exactly what was stored. */
class TraceShapeCodecTest {

    @Test
    void theShapesOfEverySignatureCaseComeBackEqual() throws IOException {
        List<TraceShape> shapes = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/signature/cases"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                PasteAnalysis paste = PasteAnalysis.of(Files.readString(f));
                if (paste.primary() != null) {
                    shapes.add(TraceShape.of(paste));
                }
            }
        }
        assertThat(shapes).hasSizeGreaterThan(20);

        assertThat(TraceShapeCodec.decode(TraceShapeCodec.encode(shapes))).isEqualTo(shapes);
        // one incident's samples at a time, as the index stores them
        for (TraceShape s : shapes) {
            assertThat(TraceShapeCodec.decode(TraceShapeCodec.encode(List.of(s)))).containsExactly(s);
        }
    }

    @Test
    void nullsEmptiesAndRepeatedStringsRoundTrip() {
        TraceShape frameList = new TraceShape(List.of(""), List.of(false), null, null, List.of("a.B.c", "a.B.c"),
                List.of(true, false), List.of(), List.of(), "fp", Map.of("flink", "1.17.1"), List.of(""),
                List.of("no such file or directory", "no such file or directory"));
        TraceShape noTemplates = new TraceShape(List.of("x.Y"), List.of(true), "x.Y", "", List.of(), List.of(),
                List.of("a.B.c"), List.of(false), "fp", Map.of(), List.of(), List.of());

        List<TraceShape> back = TraceShapeCodec.decode(TraceShapeCodec.encode(List.of(frameList, noTemplates)));

        assertThat(back).containsExactly(frameList, noTemplates);
        assertThat(TraceShapeCodec.decode(TraceShapeCodec.encode(List.of()))).isEmpty();
    }

    @Test
    void anotherFormatIsRefusedWithAReasonRatherThanMisread() {
        BytesRef encoded = TraceShapeCodec.encode(List.of());
        encoded.bytes[encoded.offset] = 9;

        assertThatThrownBy(() -> TraceShapeCodec.decode(encoded)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("rebuild the index");
    }
}
