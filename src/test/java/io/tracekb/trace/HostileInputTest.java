package io.tracekb.trace;

import io.tracekb.signature.SignatureBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Empty, blank, huge, binary and hostile inputs. */
class HostileInputTest {
    private final TraceParser parser = new TraceParser();

    @Test
    void emptyNullAndBlankFindNothing() {
        for (String s : new String[]{null, "", " ", "\n\n\n", "\t \r\n \u3000"}) {
            ParseResult r = parser.parse(s);
            assertThat(r.traces()).isEmpty();
            assertThat(r.primary()).isEqualTo(-1);
            assertThat(r.hasHint(HintCode.NO_TRACE_FOUND)).isTrue();
        }
    }

    @Test
    void proseIsNotATrace() {
        ParseResult r = parser.parse(TestFiles.read("parser-corpus/fluent-detect-exceptions/traces/arbitrary_text.txt"));
        assertThat(r.traces()).isEmpty();
        r = parser.parse("Note: the job failed at 10:22.\nError: see the logs.\nhttp://example.org/a.b(c)");
        assertThat(r.traces()).isEmpty();
    }

    @Test
    void inputOverTheCapIsCutAndSaysSo() {
        TraceParser small = new TraceParser(1000);
        String trace = TestFiles.seed("000_");
        ParseResult r = small.parse(trace);
        assertThat(r.inputTruncated()).isTrue();
        assertThat(r.hasHint(HintCode.INPUT_TRUNCATED_AT_LIMIT)).isTrue();
        assertThat(r.hints()).filteredOn(h -> h.code().equals(HintCode.INPUT_TRUNCATED_AT_LIMIT))
                .first().satisfies(h -> assertThat(h.params()).containsEntry("maxChars", "1000"));
        assertThat(r.traces()).isNotEmpty(); // the start of the trace is still read
        assertThat(parser.parse(trace).inputTruncated()).isFalse();
        assertThat(new TraceParser().maxChars()).isEqualTo(1_048_576);
    }

    @Test
    void binaryGarbageAndHugeLinesAreHandled() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            StringBuilder bin = new StringBuilder();
            java.util.SplittableRandom rnd = new java.util.SplittableRandom(1);
            for (int i = 0; i < 200_000; i++) bin.append((char) rnd.nextInt(0x10000));
            ParseResult r = parser.parse(bin.toString());
            ParserFuzzTest.assertWellFormed(r, bin.toString());
            String line = "x".repeat(1_000_000);
            r = parser.parse(line);
            assertThat(r.traces()).isEmpty();
            r = parser.parse("java.lang.IllegalStateException: " + line + "\n\tat a.B.c(B.java:1)\n");
            assertThat(r.primaryTrace().exceptions().get(0).type()).isEqualTo("java.lang.IllegalStateException");
            assertThat(new SignatureBuilder().build(r.primaryTrace()).rootCauseTemplate()).endsWith("<…>");
        });
    }

    @Test
    void markupInMessagesIsKeptAsText() {
        String t = "java.lang.IllegalArgumentException: <script>alert('x')</script> &lt;b&gt;\n\tat a.B.c(B.java:1)\n";
        ParseResult r = parser.parse(t);
        ParsedException e = r.primaryTrace().exceptions().get(0);
        // the library returns text; escaping for HTML is the view's job - but nothing is lost or executed here
        assertThat(e.message()).contains("<script>alert('x')</script>");
        assertThat(e.frames()).hasSize(1);
    }

    @Test
    void tenThousandCausesAndDeepSuppressedNesting() {
        StringBuilder b = new StringBuilder("a.AException: top\n\tat a.B.c(B.java:1)\n");
        for (int i = 0; i < 10_000; i++) b.append("Caused by: a.CException: ").append(i).append("\n\t... 1 more\n");
        ParseResult r = parser.parse(b.toString());
        assertThat(r.primaryTrace().exceptions()).hasSize(10_001);
        assertThat(r.primaryTrace().exceptions().get(10_000).frames()).hasSize(1); // restored all the way down
        StringBuilder d = new StringBuilder("a.AException: top\n");
        for (int i = 0; i < 5_000; i++) d.append("\t".repeat(i % 200)).append("Suppressed: a.S: ").append(i).append('\n');
        r = parser.parse(d.toString());
        ParserFuzzTest.assertWellFormed(r, d.toString());
    }
}
