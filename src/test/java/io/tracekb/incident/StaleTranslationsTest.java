package io.tracekb.incident;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.incident.IncidentData.TranslationData;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Issue 21, item 12: translations say when their original has changed since they were written. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class StaleTranslationsTest {

    @Inject
    ArticleService articles;

    static IncidentData with(IncidentData d, String lang, TranslationData t) {
        Map<String, TranslationData> translations = new TreeMap<>(d.translations());
        translations.put(lang, t);
        return new IncidentData(d.slug(), d.product(), d.tags(), d.affectedVersions(), d.status(), translations,
                d.fixes(), d.sampleTraces());
    }

    @Test
    void aChangedOriginalMakesTheTranslationsLeftAsTheyWereStaleUntilTheyAreWrittenAgain() {
        String slug = SampleIncidents.uniqueSlug("stale");
        IncidentData v1 = with(SampleIncidents.minimal(slug), "zh",
                new TranslationData("检查点失败", "概要。", "正文。", null));
        Incident created = articles.create(v1, "test", null);
        assertThat(articles.staleTranslations(slug)).isEmpty();

        // revision 2: the English original's body changes, ja and zh are left as they were
        IncidentData v2 = with(v1, "en", new TranslationData("Checkpoint fails", "A summary.", "A new body.", true));
        Incident second = articles.update(slug, v2, created.version, "test", null);
        assertThat(articles.staleTranslations(slug)).containsOnlyKeys("ja", "zh");
        assertThat(articles.staleTranslations(slug).get("ja").sinceRevision()).isEqualTo(2);
        assertThat(articles.staleTranslations(slug).get("ja").originalLanguage()).isEqualTo("en");

        // revision 3: the Japanese is written again, the Chinese is not, the original stays
        IncidentData v3 = with(v2, "ja", new TranslationData("チェックポイントが失敗する", "概要。", "新しい本文。", null));
        Incident third = articles.update(slug, v3, second.version, "test", null);
        assertThat(articles.staleTranslations(slug)).containsOnlyKeys("zh");

        // revision 4: the original changes again: ja is stale since 4, zh still since 2 (the first it missed)
        IncidentData v4 = with(v3, "en", new TranslationData("Checkpoint fails", "A summary.", "Newer body.", true));
        articles.update(slug, v4, third.version, "test", null);
        assertThat(articles.staleTranslations(slug).get("ja").sinceRevision()).isEqualTo(4);
        assertThat(articles.staleTranslations(slug).get("zh").sinceRevision()).isEqualTo(2);

        // readers, editors and the API are told
        given().get("/articles/" + slug + "?lang=zh").then().statusCode(200)
                .body(containsString("此翻译可能已过时：原文（en）已于 "))
                .body(containsString("在修订 #2 中更改。"));
        given().get("/articles/" + slug + "?lang=en").then().statusCode(200)
                .body(not(containsString("may be out of date")));
        given().get("/api/v1/articles/" + slug).then().statusCode(200)
                .body("staleTranslations.zh.sinceRevision", equalTo(2))
                .body("staleTranslations.ja.sinceRevision", equalTo(4))
                .body("staleTranslations.en", nullValue());
        TestUsers.ensure();
        TestUsers.editor().get("/api/v1/translations/stale").then().statusCode(200)
                .body("findAll { it.slug == '" + slug + "' }.lang", equalTo(java.util.List.of("ja", "zh")));
        given().get("/api/v1/translations/stale").then().statusCode(401);
        String session = io.tracekb.web.PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD);
        io.tracekb.web.PageForms.session(session).get("/editor/" + slug + "?lang=en").then().statusCode(200)
                .body(containsString("These translations may be out of date: ja, zh."));
        io.tracekb.web.PageForms.session(session).get("/editor/translations/stale?lang=en").then().statusCode(200)
                .body(containsString("<a href=\"/editor/" + slug + "\" lang=\"zh\">检查点失败</a>"));
    }

    @Test
    void aNewIncidentAndAChangeThatLeavesTheOriginalAloneMarkNothing() {
        String slug = SampleIncidents.uniqueSlug("stale-none");
        Incident created = articles.create(SampleIncidents.minimal(slug), "test", null);
        IncidentData d = with(SampleIncidents.minimal(slug), "ja", new TranslationData("別のタイトル", "概要。", "本文。", null));
        articles.update(slug, new IncidentData(d.slug(), d.product(), java.util.List.of("other-tag"),
                d.affectedVersions(), d.status(), d.translations(), d.fixes(), d.sampleTraces()), created.version, "test", null);
        assertThat(articles.staleTranslations(slug)).isEmpty();
        given().get("/api/v1/articles/" + slug).then().statusCode(200)
                .body("staleTranslations", nullValue());
    }
}
