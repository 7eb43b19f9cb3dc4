package io.tracekb.incident;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.incident.IncidentData.SampleTraceData;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ArticleServiceTest {

    @Inject
    ArticleService articles;

    @Test
    void createStoresEverythingAndWritesTheFirstRevision() {
        String slug = SampleIncidents.uniqueSlug("create");
        IncidentData data = SampleIncidents.minimal(slug);

        Incident created = articles.create(data, "alice", null);

        IncidentData stored = articles.find(slug).orElseThrow();
        assertThat(stored.translations()).containsOnlyKeys("en", "ja");
        assertThat(stored.translations().get("en").isOriginal()).isTrue();
        assertThat(stored.translations().get("ja").title()).isEqualTo("チェックポイントが失敗する");
        assertThat(stored.fixes()).singleElement().satisfies(f -> {
            assertThat(f.snippet()).isEqualTo("state.backend: hashmap");
            assertThat(f.file()).isEqualTo("flink-conf.yaml");
            assertThat(f.texts().get("en").title()).isEqualTo("Use the hashmap backend");
        });
        assertThat(stored.sampleTraces()).extracting(SampleTraceData::text)
                .containsExactly("java.io.IOException: boom\n\tat a.B.c(B.java:1)");
        List<Revision> revisions = articles.revisions(slug);
        assertThat(revisions).hasSize(1);
        assertThat(revisions.get(0).author).isEqualTo("alice");
        assertThat(revisions.get(0).version).isEqualTo(created.version);
        assertThat(articles.readSnapshot(revisions.get(0).snapshot).translations().get("en").title())
                .isEqualTo("Checkpoint fails");
    }

    @Test
    void updateBasedOnTheCurrentVersionWritesOneRevisionAndBumpsTheVersion() {
        String slug = SampleIncidents.uniqueSlug("update");
        long v0 = articles.create(SampleIncidents.minimal(slug), "alice", null).version;

        long v1 = articles.update(slug, SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Renamed"), v0,
                "bob", null).version;

        assertThat(v1).isGreaterThan(v0);
        assertThat(articles.find(slug).orElseThrow().translations().get("en").title()).isEqualTo("Renamed");
        assertThat(articles.revisions(slug)).extracting(r -> r.number).containsExactly(1, 2);
        assertThat(articles.revisions(slug)).extracting(r -> r.author).containsExactly("alice", "bob");
    }

    @Test
    void aSaveBasedOnAStaleVersionIsRejectedAndChangesNothing() {
        String slug = SampleIncidents.uniqueSlug("stale");
        long v0 = articles.create(SampleIncidents.minimal(slug), "alice", null).version;
        articles.update(slug, SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Bob's title"), v0, "bob",
                null);

        // Carol started from v0 too, and saves after Bob.
        assertThatThrownBy(() -> articles.update(slug,
                SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Carol's title"), v0, "carol", null))
                .isInstanceOf(StaleVersionException.class)
                .hasMessageContaining("based on version " + v0);

        assertThat(articles.find(slug).orElseThrow().translations().get("en").title()).isEqualTo("Bob's title");
        assertThat(articles.revisions(slug)).hasSize(2);
    }

    @Test
    void removingAndReorderingChildrenKeepsThemConsistent() {
        String slug = SampleIncidents.uniqueSlug("children");
        IncidentData data = SampleIncidents.minimal(slug);
        long v0 = articles.create(data, "alice", null).version;
        IncidentData changed = new IncidentData(slug, data.product(), List.of("a", "b"), data.affectedVersions(),
                data.status(), Map.of("zh", new TranslationData("检查点失败", null, "正文", true)), List.of(),
                List.of(new SampleTraceData(null, "second", null), new SampleTraceData(null, "first", null)));

        articles.update(slug, changed, v0, "alice", null);

        IncidentData stored = articles.find(slug).orElseThrow();
        assertThat(stored.translations()).containsOnlyKeys("zh");
        assertThat(stored.fixes()).isEmpty();
        assertThat(stored.tags()).containsExactly("a", "b");
        assertThat(stored.sampleTraces()).extracting(SampleTraceData::text).containsExactly("second", "first");
    }

    @Test
    void archiveKeepsTheIncidentAndItsRevisions() {
        String slug = SampleIncidents.uniqueSlug("archive");
        long v0 = articles.create(SampleIncidents.minimal(slug), "alice", null).version;

        articles.archive(slug, v0, "alice");

        assertThat(articles.find(slug).orElseThrow().status()).isEqualTo(IncidentStatus.ARCHIVED);
        assertThat(articles.revisions(slug)).extracting(r -> r.message).containsExactly("created", "archived");
    }

    @Test
    void restoreBringsBackAnOldRevisionAsANewRevision() {
        String slug = SampleIncidents.uniqueSlug("restore");
        long v0 = articles.create(SampleIncidents.minimal(slug), "alice", null).version;
        long v1 = articles.update(slug, SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Wrong"), v0,
                "bob", null).version;

        articles.restore(slug, 1, v1, "alice");

        assertThat(articles.find(slug).orElseThrow().translations().get("en").title()).isEqualTo("Checkpoint fails");
        assertThat(articles.revisions(slug)).extracting(r -> r.message)
                .containsExactly("created", "updated", "restored revision 1");
    }

    @Test
    void aTakenSlugIsRejected() {
        String slug = SampleIncidents.uniqueSlug("taken");
        articles.create(SampleIncidents.minimal(slug), "alice", null);

        assertThatThrownBy(() -> articles.create(SampleIncidents.minimal(slug), "bob", null))
                .isInstanceOf(SlugTakenException.class);
    }

    @Test
    void anInvalidIncidentNamesEveryInvalidFieldAndIsNotStored() {
        IncidentData bad = new IncidentData("Bad Slug!", "", List.of("ok", "NOT OK"), null, null,
                Map.of("not a tag", new TranslationData("", null, null, null)), List.of(), List.of(
                        new SampleTraceData(null, " ", null)));

        assertThatThrownBy(() -> articles.create(bad, "alice", null))
                .isInstanceOfSatisfying(InvalidIncidentException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field)
                        .containsExactlyInAnyOrder("slug", "product", "tags[1]", "translations.not a tag",
                                "translations.not a tag.title", "sampleTraces[0].text"));
        assertThat(articles.find("Bad Slug!")).isEmpty();
    }
}
