package io.tracekb.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.incident.Incident;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.util.List;
import jakarta.transaction.Transactional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Sign-in, and the editor's create / edit / conflict / history / archive pages, as plain form posts. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class EditorPagesTest {

    @jakarta.inject.Inject
    io.tracekb.incident.IncidentRepository incidents;

    static final String TRACE = "java.lang.IllegalStateException: Buffer pool is destroyed.\n"
            + "\tat org.apache.flink.runtime.io.network.buffer.LocalBufferPool.requestMemorySegment(LocalBufferPool.java:264)\n"
            + "\tat org.apache.flink.runtime.io.network.buffer.LocalBufferPool.requestBuffer(LocalBufferPool.java:240)";

    @Inject
    ArticleService articles;

    String session;

    @BeforeEach
    void signIn() {
        TestUsers.ensure();
        session = PageForms.signIn(TestUsers.EDITOR, TestUsers.PASSWORD);
    }

    RequestSpecification editor() {
        return PageForms.session(session);
    }

    RequestSpecification form(String page) {
        return PageForms.csrfFrom(editor(), page).form(editor());
    }

    @Test
    void anonymousVisitorsAreSentToSignInAndReadersAreRefused() {
        given().redirects().follow(false).get("/editor/new").then().statusCode(303)
                .header("Location", containsString("/login?next=%2Feditor%2Fnew"));
        String reader = PageForms.signIn(TestUsers.READER, TestUsers.PASSWORD);
        PageForms.session(reader).redirects().follow(false).get("/editor/new").then().statusCode(403)
                .contentType(containsString("text/html")).body(containsString("Not for your role"));
        PageForms.session(reader).redirects().follow(false).get("/editor/new?lang=ja").then().statusCode(403)
                .body(containsString("このロールでは開けません"));
        // a form posted after the session ended: back to the page the form was on
        given().redirects().follow(false).formParam("version", "1").post("/editor/some-incident/publish").then()
                .statusCode(303).header("Location", containsString("/login?next=%2Feditor%2Fsome-incident"));
        given().redirects().follow(false).get("/editor/some-incident/diff?from=1&to=2").then().statusCode(303)
                .header("Location", containsString("/login?next=%2Feditor%2Fsome-incident%2Fdiff%3Ffrom%3D1%26to%3D2"));
    }

    @Test
    void theLanguageSwitcherWorksOnEditorPagesAtOnce() {
        editor().get("/editor/new?lang=ja").then().statusCode(200)
                .body(containsString("<html lang=\"ja\">"))
                .body(containsString("インシデントを作成"))
                .cookie(UiLanguageCookie.NAME, "ja");
    }

    @Test
    void aWrongPasswordKeepsTheUserNameAndSaysSoWithoutSayingWhichWasWrong() {
        PageForms.csrfFrom(given(), "/login").form().formParam("username", TestUsers.EDITOR)
                .formParam("password", "wrong password").post("/login").then()
                .statusCode(401)
                .body(containsString("Wrong user name or password."))
                .body(containsString("value=\"" + TestUsers.EDITOR + "\""));
    }

    @Test
    void signInOnlyRedirectsWithinTheSite() {
        PageForms.csrfFrom(given(), "/login").form().formParam("username", TestUsers.EDITOR)
                .formParam("password", TestUsers.PASSWORD).formParam("next", "//evil.example/phish")
                .post("/login").then().statusCode(303)
                .header("Location", not(containsString("evil")))
                .header("Location", endsWith(":" + io.restassured.RestAssured.port + "/"));
    }

    @Test
    void thePageSessionDoesNotAuthenticateTheApi() {
        given().cookie(SessionCookie.NAME, session).get("/api/v1/me").then().statusCode(401);
        given().cookie(SessionCookie.NAME, session + "x").redirects().follow(false).get("/editor/new").then()
                .statusCode(303);
    }

    @Test
    void signingOutEndsTheSession() {
        form("/").post("/logout").then().statusCode(303)
                .cookie(SessionCookie.NAME, "");
    }

    @Test
    void anEditorCreatesAnIncidentWithTranslationsFixesAndTraces() {
        String slug = SampleIncidents.uniqueSlug("editor-create");
        form("/editor/new")
                .formParam("op", "save").formParam("version", "-1")
                .formParam("slug", slug).formParam("product", "flink").formParam("tags", "network, buffers")
                .formParam("status", "published").formParam("originalLanguage", "ja")
                .formParam("title_en", "Buffer pool destroyed").formParam("body_en", "English body")
                .formParam("title_ja", "バッファプールが破棄された").formParam("body_ja", "日本語の本文")
                .formParam("title_zh", "").formParam("body_zh", "")
                .formParam("fixSnippet", "taskmanager.network.memory.fraction: 0.2", "")
                .formParam("fixSnippetLanguage", "yaml", "")
                .formParam("fixFile", "flink-conf.yaml", "")
                .formParam("fixAppliesTo", "", "")
                .formParam("fixTitle_en", "Give the network more memory", "Restart the job")
                .formParam("fixDescription_en", "", "")
                .formParam("fixTitle_ja", "ネットワークのメモリを増やす", "")
                .formParam("fixDescription_ja", "", "")
                .formParam("fixAppliesTo_ja", "1.13 以降", "")
                .formParam("traceText", TRACE).formParam("traceSource", "test")
                .post("/editor/new").then().statusCode(303)
                .header("Location", containsString("/editor/" + slug + "?saved="));

        IncidentData saved = articles.find(slug).orElseThrow();
        assertThat(saved.translations()).containsOnlyKeys("en", "ja");
        assertThat(saved.originalLanguage()).isEqualTo("ja");
        assertThat(saved.tags()).containsExactlyInAnyOrder("network", "buffers");
        assertThat(saved.fixes()).hasSize(2);
        assertThat(saved.fixes().get(0).texts()).containsOnlyKeys("en", "ja");
        assertThat(saved.fixes().get(1).texts().get("en").title()).isEqualTo("Restart the job");
        assertThat(saved.fixes().get(0).texts().get("ja").appliesTo()).isEqualTo("1.13 以降");
        assertThat(saved.fixes().get(0).texts().get("en").appliesTo()).isNull();
        assertThat(saved.sampleTraces()).hasSize(1);

        editor().get("/editor/" + slug + "?saved=1").then().statusCode(200)
                .body(containsString("<p class=\"ok\" role=\"status\">Saved as revision #1.</p>"))
                .body(containsString("value=\"バッファプールが破棄された\""))
                .body(containsString("<fieldset lang=\"ja\">"))
                .body(containsString("Buffer pool is destroyed."));
    }

    @Test
    void rowButtonsAddMoveAndRemoveFixesAndKeepEverythingTyped() {
        String page = form("/editor/new")
                .formParam("op", "up-fix:1").formParam("slug", "typed-slug").formParam("title_en", "Typed title")
                .formParam("fixSnippet", "first", "second").formParam("fixTitle_en", "Fix A", "Fix B")
                .formParam("traceText", TRACE)
                .post("/editor/new").then().statusCode(200).extract().asString();
        assertThat(page).contains("value=\"typed-slug\"").contains("value=\"Typed title\"");
        assertThat(page.indexOf("value=\"Fix B\"")).isLessThan(page.indexOf("value=\"Fix A\""));
        // the server-side preview of the sample trace
        assertThat(page).contains("java.lang.IllegalStateException: Buffer pool is destroyed.");

        String removed = form("/editor/new").formParam("op", "remove-fix:0")
                .formParam("fixSnippet", "first", "second").formParam("fixTitle_en", "Fix A", "Fix B")
                .post("/editor/new").then().statusCode(200).extract().asString();
        assertThat(removed).doesNotContain("value=\"Fix A\"").contains("value=\"Fix B\"");

        String added = form("/editor/new").formParam("op", "add-fix").formParam("fixTitle_en", "Fix A")
                .post("/editor/new").then().statusCode(200).extract().asString();
        assertThat(added).contains("id=\"fix-1\"");
    }

    @Test
    void anInvalidIncidentIsNotSavedAndEveryFieldIsKept() {
        String slug = SampleIncidents.uniqueSlug("invalid");
        form("/editor/new").formParam("op", "save").formParam("slug", slug).formParam("product", "")
                .formParam("body_en", "A body without a title").formParam("traceText", TRACE)
                .post("/editor/new").then().statusCode(400)
                .body(containsString("id=\"form-errors\""))
                .body(containsString("A body without a title"))
                .body(containsString("value=\"" + slug + "\""));
        assertThat(articles.find(slug)).isEmpty();
    }

    @Test
    void aConflictingSaveShowsWhatChangedMeanwhileAndKeepsTheEditorsInput() {
        String slug = SampleIncidents.uniqueSlug("conflict");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        String editPage = editor().get("/editor/" + slug).then().statusCode(200).extract().asString();
        long startedFrom = hiddenVersion(editPage);

        // someone else saves in between
        articles.update(slug, SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Their new title"),
                startedFrom, "someone-else", null);

        String conflict = form("/editor/" + slug).formParam("op", "save").formParam("version", startedFrom)
                .formParam("slug", slug).formParam("product", "flink").formParam("status", "published")
                .formParam("originalLanguage", "en")
                .formParam("title_en", "My edited title").formParam("body_en", "My edited body")
                .formParam("traceText", "java.io.IOException: boom\n\tat a.B.c(B.java:1)")
                .post("/editor/" + slug).then().statusCode(409).extract().asString();
        assertThat(conflict).contains("Someone else saved this incident in the meantime")
                // the history's numbers, not the optimistic lock's versions (one less)
                .contains("Your edit started from revision #1; the stored revision is now #2.")
                .contains("<ins>+ [en] title: <mark>Their new title</mark></ins>")
                .contains("value=\"My edited title\"").contains("My edited body");
        long current = hiddenVersion(conflict);
        assertThat(current).isGreaterThan(startedFrom);
        assertThat(articles.find(slug).orElseThrow().translations().get("en").title()).isEqualTo("Their new title");

        // saving again, now based on the version the editor has seen, goes through
        form("/editor/" + slug).formParam("op", "save").formParam("version", current)
                .formParam("slug", slug).formParam("product", "flink").formParam("status", "published")
                .formParam("originalLanguage", "en")
                .formParam("title_en", "My edited title").formParam("body_en", "My edited body")
                .formParam("traceText", "java.io.IOException: boom\n\tat a.B.c(B.java:1)")
                .post("/editor/" + slug).then().statusCode(303);
        assertThat(articles.find(slug).orElseThrow().translations().get("en").title()).isEqualTo("My edited title");
    }

    /** Rows are updated in place: a save keeps the sample traces' ids (and ids survive a changed text). */
    @Test
    void savingInTheEditorKeepsTheSampleTracesIds() {
        String slug = SampleIncidents.uniqueSlug("trace-ids");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        IncidentData before = articles.find(slug).orElseThrow();
        Long traceId = before.sampleTraces().get(0).id();
        assertThat(traceId).isNotNull();
        String second = "java.lang.IllegalStateException: other\n\tat a.B.d(B.java:2)";

        long version = hiddenVersion(editor().get("/editor/" + slug).then().statusCode(200).extract().asString());
        form("/editor/" + slug).formParam("op", "save").formParam("version", version)
                .formParam("slug", slug).formParam("product", "flink").formParam("status", "published")
                .formParam("originalLanguage", "en")
                .formParam("title_en", "Checkpoint fails").formParam("body_en", "Some **body**.")
                .formParam("traceText", before.sampleTraces().get(0).text(), second)
                .formParam("traceSource", "test", "")
                .post("/editor/" + slug).then().statusCode(303);
        IncidentData after = articles.find(slug).orElseThrow();
        assertThat(after.sampleTraces()).hasSize(2);
        assertThat(after.sampleTraces().get(0).id()).isEqualTo(traceId);
        Long secondId = after.sampleTraces().get(1).id();

        version = hiddenVersion(editor().get("/editor/" + slug).then().statusCode(200).extract().asString());
        form("/editor/" + slug).formParam("op", "save").formParam("version", version)
                .formParam("slug", slug).formParam("product", "flink").formParam("status", "published")
                .formParam("originalLanguage", "en")
                .formParam("title_en", "Checkpoint fails").formParam("body_en", "Some **body**, edited.")
                .formParam("traceText", before.sampleTraces().get(0).text(), second + "\n\tat a.B.e(B.java:3)")
                .formParam("traceSource", "test", "")
                .post("/editor/" + slug).then().statusCode(303);
        assertThat(articles.find(slug).orElseThrow().sampleTraces())
                .extracting(IncidentData.SampleTraceData::id).containsExactly(traceId, secondId);
    }

    @Test
    void aDraftSaysItIsNotMatchedUntilPublishedAndThePublishButtonPublishesIt() {
        // issue 21, item 11
        String slug = SampleIncidents.uniqueSlug("draft-state");
        IncidentData d = SampleIncidents.minimal(slug);
        articles.create(new IncidentData(slug, d.product(), d.tags(), d.affectedVersions(),
                io.tracekb.incident.IncidentStatus.DRAFT, d.translations(), d.fixes(), d.sampleTraces()), "test", null);
        String page = editor().get("/editor/" + slug).then().statusCode(200).extract().asString();
        assertThat(page).contains("<p class=\"state state-draft\" id=\"incident-state\">Draft: not matched and not "
                + "visible to readers until it is published.</p>")
                .contains("action=\"/editor/" + slug + "/publish\"");
        long version = hiddenVersion(page);
        String location = form("/editor/" + slug).formParam("version", version).post("/editor/" + slug + "/publish")
                .then().statusCode(303).extract().header("Location");
        assertThat(location).endsWith("/editor/" + slug + "?saved=2");
        assertThat(articles.find(slug).orElseThrow().status()).isEqualTo(io.tracekb.incident.IncidentStatus.PUBLISHED);
        editor().get("/editor/" + slug + "?saved=2").then().statusCode(200)
                .body(containsString("Saved as revision #2."))
                .body(containsString("Published: readers see it and pastes are matched against it."))
                .body(org.hamcrest.Matchers.not(containsString("/publish\"")));
        // a publish based on an old version publishes nothing the editor has not seen
        form("/editor/" + slug).formParam("version", version).post("/editor/" + slug + "/publish")
                .then().statusCode(303).header("Location", org.hamcrest.Matchers.endsWith("/editor/" + slug));
    }

    @Test
    void anEditorPreviewsHowATraceMatchesADraftWhichReadersDoNotMatch() {
        // issue 21, item 11: "let an editor preview the match of a draft (matching drafts for editors only)"
        String slug = SampleIncidents.uniqueSlug("draft-preview");
        String trace = "com.acme.ledger.LedgerLockedException: ledger 42 is locked by batch job nightly-close\n"
                + "\tat com.acme.ledger.LedgerLock.acquire(LedgerLock.java:88)\n"
                + "\tat com.acme.ledger.InvoiceRun.post(InvoiceRun.java:120)\n"
                + "\tat com.acme.ledger.InvoiceRun.run(InvoiceRun.java:64)\n";
        IncidentData d = SampleIncidents.minimal(slug);
        articles.create(new IncidentData(slug, d.product(), d.tags(), d.affectedVersions(), IncidentStatus.DRAFT,
                d.translations(), d.fixes(), List.of(new IncidentData.SampleTraceData(null, trace, "test"))), "test", null);
        String variant = trace.replace("ledger 42", "ledger 7").replace("InvoiceRun.java:120", "InvoiceRun.java:121");

        String preview = form("/editor/" + slug).formParam("text", variant).post("/editor/" + slug + "/preview-match")
                .then().statusCode(200).extract().asString();
        assertThat(preview).contains("id=\"draft-preview\"")
                .contains("the unpublished incident " + slug + " competes here as if it were published");
        String first = MatchPageTest.card(preview, 1);
        assertThat(first).contains("/articles/" + slug + "?lang=en").contains("<span class=\"label draft\">");
        // readers' pastes never meet it
        assertThat(PageForms.csrf().form().formParam("text", variant).post("/match").then().statusCode(200)
                .extract().asString()).doesNotContain("/articles/" + slug);
        // nothing to preview for a published incident, nor for an empty trace
        String published = SampleIncidents.uniqueSlug("published-preview");
        articles.create(SampleIncidents.minimal(published), "test", null);
        form("/editor/" + published).formParam("text", variant).post("/editor/" + published + "/preview-match")
                .then().statusCode(404);
        form("/editor/" + slug).formParam("text", "  ").post("/editor/" + slug + "/preview-match")
                .then().statusCode(400).body(containsString("The paste is empty"));
    }

    @Test
    void theHistoryShowsReadableTimesAndWhatEachRevisionChanged() {
        String slug = SampleIncidents.uniqueSlug("history-changes");
        var created = articles.create(SampleIncidents.minimal(slug), "test", null);
        IncidentData d = SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Second title");
        var translations = new java.util.TreeMap<>(d.translations());
        translations.put("zh", new IncidentData.TranslationData("检查点失败", null, "正文。", null));
        articles.update(slug, new IncidentData(slug, d.product(), List.of("checkpointing", "state"),
                d.affectedVersions(), d.status(), translations, d.fixes(), d.sampleTraces()), created.version, "test", null);
        String page = editor().get("/editor/" + slug + "/revisions?lang=en").then().statusCode(200).extract().asString();
        assertThat(page).containsPattern("<time datetime=\"[0-9T:.\\-]+Z\" class=\"local\">\\d{4}-\\d\\d-\\d\\d "
                + "\\d\\d:\\d\\d UTC</time>")
                .contains("<ul class=\"changes\"><li>Tags</li><li>Title (en)</li><li>translation added (zh)</li></ul>")
                .doesNotContainPattern(">\\d{4}-\\d\\d-\\d\\dT"); // no raw instants with microseconds
    }

    @Test
    void historyShowsADiffBetweenTwoRevisionsAndRestoresOne() {
        String slug = SampleIncidents.uniqueSlug("history");
        var created = articles.create(SampleIncidents.minimal(slug), "test", null);
        articles.update(slug, SampleIncidents.withEnglishTitle(SampleIncidents.minimal(slug), "Second title"),
                created.version, "test", null);

        editor().get("/editor/" + slug + "/revisions").then().statusCode(200)
                .body(containsString("name=\"from\" value=\"1\""))
                .body(containsString("action=\"/editor/" + slug + "/restore\""));
        editor().get("/editor/" + slug + "/diff?from=1&to=2").then().statusCode(200)
                .body(containsString("<del>- [en] title: <mark>Checkpoint fails</mark></del>"))
                .body(containsString("<ins>+ [en] title: <mark>Second title</mark></ins>"));

        long version = currentVersion(slug);
        form("/editor/" + slug + "/revisions").formParam("number", 1).formParam("version", version)
                .post("/editor/" + slug + "/restore").then().statusCode(303);
        assertThat(articles.find(slug).orElseThrow().translations().get("en").title()).isEqualTo("Checkpoint fails");
    }

    @Test
    void archivingKeepsTheIncidentAndItsRevisions() {
        String slug = SampleIncidents.uniqueSlug("archive");
        articles.create(SampleIncidents.minimal(slug), "test", null);
        form("/editor/" + slug).formParam("version", currentVersion(slug))
                .post("/editor/" + slug + "/archive").then().statusCode(303);
        assertThat(articles.find(slug).orElseThrow().status()).isEqualTo(IncidentStatus.ARCHIVED);
        assertThat(articles.revisions(slug)).hasSize(2);
    }

    @Test
    void editorsGetTheStartANewIncidentFormPrefilledWithTheirTrace() {
        form("/").formParam("op", "from-trace").formParam("traceText", TRACE)
                .post("/editor/new").then().statusCode(200)
                .body(containsString("Buffer pool is destroyed."))
                .body(containsString("id=\"slug\""));
    }

    @Transactional
    long currentVersion(String slug) {
        return incidents.findBySlug(slug).orElseThrow().version;
    }

    static long hiddenVersion(String page) {
        Matcher m = Pattern.compile("name=\"version\" value=\"(-?\\d+)\"").matcher(page);
        assertThat(m.find()).as("hidden version field").isTrue();
        return Long.parseLong(m.group(1));
    }
}
