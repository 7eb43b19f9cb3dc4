package io.tracekb.search;

import static io.tracekb.search.AffectedVersions.Verdict.INSIDE;
import static io.tracekb.search.AffectedVersions.Verdict.OUTSIDE;
import static io.tracekb.search.AffectedVersions.Verdict.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading the affected versions that editors write (the texts are the shipped incidents'). */
class AffectedVersionsTest {

    @Test
    void andLaterIsAnOpenRangeComparedAtItsOwnPrecision() {
        AffectedVersions v = AffectedVersions.parse("1.10 and later (FLIP-49 TaskManager memory model)");
        assertThat(v.check("1.10.0")).isEqualTo(INSIDE);
        assertThat(v.check("1.17.1")).isEqualTo(INSIDE);
        assertThat(v.check("2.0.0")).isEqualTo(INSIDE);
        assertThat(v.check("1.9.3")).isEqualTo(OUTSIDE);
    }

    @Test
    void aClosedRangeIncludesEveryPatchOfItsUpperBound() {
        AffectedVersions v = AffectedVersions.parse("1.5-1.13");
        assertThat(v.check("1.13.6")).isEqualTo(INSIDE);
        assertThat(v.check("1.5.0")).isEqualTo(INSIDE);
        assertThat(v.check("1.14.0")).isEqualTo(OUTSIDE);
        assertThat(v.check("1.4.2")).isEqualTo(OUTSIDE);
        assertThat(AffectedVersions.parse("1.5–1.13").check("1.14.0")).isEqualTo(OUTSIDE); // en dash
    }

    @Test
    void everyClauseThatStartsWithARangeCounts() {
        AffectedVersions v = AffectedVersions.parse("1.0–1.12 (MemoryStateBackend); 1.13+ (JobManagerCheckpointStorage)");
        assertThat(v.check("1.11.2")).isEqualTo(INSIDE);
        assertThat(v.check("1.16.1")).isEqualTo(INSIDE);
        assertThat(v.check("0.10.2")).isEqualTo(OUTSIDE);
    }

    @Test
    void majorVersionsAndTheProductsNameBeforeARange() {
        AffectedVersions majors = AffectedVersions.parse("all 1.x and 2.x (keys and wording differ by version)");
        assertThat(majors.check("1.13.5")).isEqualTo(INSIDE);
        assertThat(majors.check("2.0.0")).isEqualTo(INSIDE);
        assertThat(majors.check("3.0.0")).isEqualTo(OUTSIDE);
        AffectedVersions kafka = AffectedVersions.parse("Kafka clients 0.9+; 'position' message 2.0+");
        assertThat(kafka.check("2.3.0")).isEqualTo(INSIDE);
        assertThat(kafka.check("0.8.2")).isEqualTo(OUTSIDE);
        assertThat(AffectedVersions.parse("all Spark 1.x–3.x (reason text varies by version)").check("4.0.0"))
                .isEqualTo(OUTSIDE);
    }

    @Test
    void allVersionsCoversEverything() {
        AffectedVersions v = AffectedVersions.parse("All versions; Pekko class names since 1.18");
        assertThat(v.all()).isTrue();
        assertThat(v.check("1.2.0")).isEqualTo(INSIDE);
        assertThat(AffectedVersions.parse("all Java producer versions (0.9 and later)").all()).isTrue();
    }

    @Test
    void whatIsNotARangeSaysNothingRatherThanSomethingWrong() {
        assertThat(AffectedVersions.parse("reported on 1.13.1; the cancellation watchdog exists in 1.x and 2.x")
                .check("1.17.0")).isEqualTo(UNKNOWN);
        assertThat(AffectedVersions.parse("Flink ZooKeeper HA, all 1.x and 2.x; any Curator client").check("1.0"))
                .isEqualTo(UNKNOWN);
        assertThat(AffectedVersions.parse(null).check("1.0")).isEqualTo(UNKNOWN);
        assertThat(AffectedVersions.parse("").check("1.0")).isEqualTo(UNKNOWN);
        assertThat(AffectedVersions.parse("1.10 and later").check("unknown")).isEqualTo(UNKNOWN);
        assertThat(AffectedVersions.parse("1.10 and later").check(null)).isEqualTo(UNKNOWN);
    }

    @Test
    void aSnapshotVersionIsReadByItsNumbers() {
        assertThat(AffectedVersions.parse("1.10 and later").check("1.16-SNAPSHOT")).isEqualTo(INSIDE);
    }

    @Test
    void theProductsVersionComesFromItsDistributionJarBeforeItsConnectors() {
        Map<String, String> components = Map.of("flink-connector-kafka", "3.0.1-1.17", "flink-dist", "1.17.1",
                "kafka-clients", "3.2.3");
        assertThat(AffectedVersions.productVersion("flink", components)).isEqualTo("1.17.1");
        assertThat(AffectedVersions.productVersion("kafka", components)).isEqualTo("3.2.3");
        assertThat(AffectedVersions.productVersion("spark", components)).isNull();
        assertThat(AffectedVersions.productVersion(null, components)).isNull();
    }
}
