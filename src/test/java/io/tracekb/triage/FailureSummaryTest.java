package io.tracekb.triage;

import static org.assertj.core.api.Assertions.assertThat;

import io.tracekb.signature.Signature;
import io.tracekb.signature.SignatureBuilder;
import io.tracekb.trace.ParseResult;
import io.tracekb.trace.TraceParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a "no confident match" says of real traces (src/test/resources/triage, sources in its SOURCES.md). */
class FailureSummaryTest {

    static FailureSummary summary(String fixture, String lang) throws IOException {
        String text = Files.readString(Path.of("src/test/resources/triage", fixture));
        ParseResult parse = new TraceParser().parse(text);
        Signature signature = new SignatureBuilder().build(parse.primaryTrace());
        return FailureSummary.of(text, parse.primaryTrace(), signature, lang);
    }

    @Test
    void aCdcTaskManagerLogIsFlinkCdcsAndSearchedInJiraCdcsOldIssuesAndTheList() throws IOException {
        FailureSummary s = summary("cdc-connector-frames-in-a-taskmanager-log.txt", "en");
        assertThat(s.rootCauseType()).isEqualTo("java.lang.RuntimeException");
        assertThat(s.rootCauseMessage()).startsWith("Failed to get driver instance for jdbcUrl=jdbc:mysql://");
        assertThat(s.component().name()).isEqualTo("Flink CDC");
        assertThat(s.ownCodeFrame()).isNull(); // the connector's and the JDK's frames only
        assertThat(s.searchLinks()).extracting(SearchLink::label)
                .containsExactly("Flink JIRA", "GitHub apache/flink-cdc", "user@flink.apache.org");
        assertThat(s.searchLinks().get(1).url()).isEqualTo("https://github.com/apache/flink-cdc/issues?q="
                + "is%3Aissue%20RuntimeException%20%22Failed%20to%20get%20driver%20instance%20for%20jdbcUrl%22");
    }

    @Test
    void paimonFramesAboveFlinksFileSystemMakeItPaimons() throws IOException {
        FailureSummary s = summary("paimon-frames-above-flink-filesystem.txt", "ja");
        assertThat(s.rootCauseType()).isEqualTo("org.apache.flink.core.fs.UnsupportedFileSystemSchemeException");
        assertThat(s.component().name()).isEqualTo("Apache Paimon");
        assertThat(s.searchLinks()).extracting(SearchLink::label)
                .containsExactly("Flink JIRA", "GitHub apache/paimon", "user@flink.apache.org");
        assertThat(s.searchLinks().get(2).url()).isEqualTo("https://lists.apache.org/list?user@flink.apache.org:"
                + "lte=10y:UnsupportedFileSystemSchemeException%20%22Could%20not%20find%20a%20file%20system%20"
                + "implementation%20for%20scheme%22");
    }

    @Test
    void theUsersOwnFrameIsFoundOutsideTheRootCause() throws IOException {
        FailureSummary s = summary("user-code-frame-in-the-outer-exception.txt", "en");
        assertThat(s.rootCauseType()).isEqualTo("java.lang.RuntimeException");
        assertThat(s.component()).isEqualTo(Components.FLINK);
        assertThat(s.ownCodeFrame()).isEqualTo("org.myorg.quickstart.BuggyKeyedStream.main(BuggyKeyedStream.java:61)");
        assertThat(s.versions()).isEqualTo(Map.of());
    }

    @Test
    void aFrameListIsSearchedByTheLineThatIntroducedIt() {
        String text = "Task 'Source: kafka (1/4)' did not react to cancelling signal for 30 seconds, but is stuck in method:\n"
                + " org.apache.kafka.clients.consumer.KafkaConsumer.poll(KafkaConsumer.java:1234)\n"
                + "org.apache.flink.streaming.runtime.tasks.StreamTask.invoke(StreamTask.java:1)\n";
        ParseResult parse = new TraceParser().parse(text);
        FailureSummary s = FailureSummary.of(text, parse.primaryTrace(),
                parse.primaryTrace() == null ? null : new SignatureBuilder().build(parse.primaryTrace()), "en");
        assertThat(s.searchLinks()).isNotEmpty();
        assertThat(s.searchLinks().get(0).url()).contains("did%20not%20react%20to%20cancelling");
    }

    @Test
    void textWithoutATraceIsSearchedByItsWords() {
        FailureSummary s = FailureSummary.of("Flink 作业运行一段时间后会内存溢出", null, null, "zh");
        assertThat(s.rootCauseType()).isNull();
        assertThat(s.component()).isNull();
        assertThat(s.searchLinks()).extracting(SearchLink::tracker).containsExactly("jira", "mailing-list",
                "mailing-list");
        assertThat(FailureSummary.of("", null, null, "en").searchLinks()).isEqualTo(List.of());
    }
}
