package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.content.ContentImporter;
import io.tracekb.testing.EmbeddedPostgresResource;
import io.tracekb.testing.SampleIncidents;
import io.tracekb.testing.TestFiles;
import io.tracekb.testing.TestUsers;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The three journeys in a real browser (headless Debian Chromium), against the test server. Skipped with the
 * reason when Chromium is not installed, unless TRACEKB_REQUIRE_BROWSER=1 (CI), where a missing browser fails.
 * Screenshots of every step go to target/screenshots/.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BrowserJourneysTest {

    /** Debian's paths; the properties exist to check the skip and the CI failure without uninstalling anything. */
    static final Path CHROMIUM = Path.of(System.getProperty("tracekb.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("tracekb.chromedriver", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of("target/screenshots");
    static final Path SEED_000 = Path.of("src/test/resources/trace/seeds/000_84dbdbaa68ce8184.txt");

    @TestHTTPResource("/")
    URL base;

    @Inject
    ContentImporter importer;

    static WebDriver browser;
    static Path profile;
    /** Why the journeys cannot run here (each test reports itself skipped with it), or null. */
    static String skipReason;

    @BeforeAll
    static void startBrowser() throws IOException {
        String missing = !Files.isExecutable(CHROMIUM) ? CHROMIUM + " is not installed"
                : !Files.isExecutable(CHROMEDRIVER) ? CHROMEDRIVER + " is not installed" : null;
        if (missing != null) {
            String reason = missing + " (apt-get install -y chromium chromium-driver)";
            if ("1".equals(System.getenv("TRACEKB_REQUIRE_BROWSER"))) {
                fail("TRACEKB_REQUIRE_BROWSER=1 but " + reason);
            }
            skipReason = "Browser journeys skipped: " + reason;
            return;
        }
        profile = Files.createTempDirectory("tracekb-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile()); // with the binary and the driver given, Selenium Manager is never asked
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--user-data-dir=" + profile, "--window-size=1280,1800", "--lang=en-US");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
        TestFiles.deleteRecursively(profile);
    }

    @BeforeEach
    void importShippedContent() {
        Assumptions.assumeTrue(skipReason == null, skipReason);
        importer.importAll(Path.of("content"));
    }

    @Test
    @Order(1)
    void a_pastingTheMemoryStateTraceShowsThatIncidentFirstWithItsFix() throws IOException {
        open("/?lang=en");
        paste(Files.readString(SEED_000));
        screenshot("a1-home-with-pasted-trace");
        submitPaste();

        WebElement first = browser.findElement(By.id("result-1"));
        assertThat(first.findElement(By.cssSelector("h2.card-title a")).getAttribute("href"))
                .endsWith("/articles/flink-memory-state-too-large?lang=en");
        assertThat(first.findElement(By.cssSelector(".label")).getText()).isEqualTo("confident");
        assertThat(first.findElement(By.cssSelector("ol.fixes .fix-title")).getText()).isNotBlank();
        // what was understood follows the answer, folded: opened on demand
        assertThat(browser.findElement(By.cssSelector("details.understood .root-cause")).isDisplayed()).isFalse();
        browser.findElement(By.cssSelector("details.understood summary")).click();
        assertThat(browser.findElement(By.cssSelector("details.understood .root-cause")).getText())
                .isEqualTo("java.io.IOException");
        // the copy button is JavaScript's: shown only because app.js ran under the Content-Security-Policy
        assertThat(first.findElement(By.cssSelector("button.copy")).isDisplayed()).isTrue();
        screenshot("a2-results-memory-state-first");

        first.findElement(By.cssSelector("details.pasted summary")).click();
        assertThat(first.findElements(By.cssSelector("details.pasted mark"))).isNotEmpty();
        ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()",
                first.findElement(By.cssSelector("details.pasted")));
        screenshot("a3-matching-frames-highlighted");
    }

    @Test
    @Order(2)
    void b_switchingToJapaneseShowsJapaneseAndIsRemembered() throws IOException {
        open("/?lang=en");
        paste(Files.readString(SEED_000));
        submitPaste();
        clickAndWait(browser.findElement(By.cssSelector("header button[value=ja]")));

        assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo("ja");
        assertThat(browser.findElement(By.id("understood-heading")).getText()).isEqualTo("TraceKB が読み取った内容");
        assertThat(browser.findElement(By.cssSelector("#result-1 .label")).getText()).isEqualTo("確度高");
        assertThat(browser.findElement(By.id("paste")).getAttribute("value")).contains("Size=5244975");
        screenshot("b1-results-in-japanese");

        open("/"); // no parameter: the cookie remembers the choice
        assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo("ja");
        assertThat(browser.findElement(By.cssSelector("label[for=paste]")).getText())
                .isEqualTo("スタックトレースかエラーの説明を貼り付けてください");
        screenshot("b2-home-remembers-japanese");
        open("/?lang=en");
    }

    @Test
    @Order(3)
    void c_anEditorCreatesAnIncidentAndFindsItWithAVariantOfItsTrace() throws IOException, InterruptedException {
        TestUsers.ensure();
        open("/login?lang=en");
        browser.findElement(By.id("username")).sendKeys(TestUsers.EDITOR);
        browser.findElement(By.id("password")).sendKeys(TestUsers.PASSWORD);
        screenshot("c1-login");
        clickAndWait(browser.findElement(By.cssSelector("form.login button[type=submit]")));
        assertThat(browser.findElement(By.cssSelector(".who")).getText()).isEqualTo(TestUsers.EDITOR);

        open("/editor/new");
        String slug = SampleIncidents.uniqueSlug("billing-ledger-locked");
        browser.findElement(By.id("slug")).sendKeys(slug);
        browser.findElement(By.id("product")).sendKeys("acme-billing");
        browser.findElement(By.id("tags")).sendKeys("locking, batch");
        new Select(browser.findElement(By.id("status"))).selectByValue("published");
        browser.findElement(By.id("title_en")).sendKeys("Invoice run fails: ledger locked by a batch job");
        browser.findElement(By.id("body_en")).sendKeys("The nightly batch job holds the ledger lock.");
        browser.findElement(By.id("title_ja")).sendKeys("請求処理が失敗する: バッチジョブが台帳をロックしている");
        browser.findElement(By.id("fixTitle_en_0")).sendKeys("Run invoices after the batch window");
        browser.findElement(By.id("fixSnippet_0")).sendKeys("invoice.schedule: \"0 30 4 * * ?\"");
        browser.findElement(By.id("fixSnippetLanguage_0")).sendKeys("yaml");
        WebElement trace = browser.findElement(By.id("traceText_0"));
        setValue(trace, Files.readString(Path.of("src/test/resources/web/browser-new-incident-trace.txt")));
        // live preview: app.js posts the trace to /api/v1/parse as it changes (allowed by the CSP's connect-src)
        ((JavascriptExecutor) browser).executeScript(
                "arguments[0].dispatchEvent(new Event('input', { bubbles: true }));", trace);
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.findElement(By.id("preview-0")).getText()
                .contains("com.acme.billing.LedgerLockException"));
        ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", trace);
        screenshot("c2-editor-live-preview");
        clickAndWait(browser.findElement(By.cssSelector("#trace-0 button[value=preview]")));
        assertThat(browser.findElement(By.id("preview-0")).getText()).contains("com.acme.billing.LedgerLockException");
        assertThat(browser.findElement(By.id("title_ja")).getAttribute("value")).startsWith("請求処理が失敗する");
        ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()",
                browser.findElement(By.id("traceText_0")));
        screenshot("c3-editor-server-side-preview");

        clickAndWait(browser.findElement(By.cssSelector("#editor-form > button[value=save]")));
        if (browser.findElements(By.cssSelector("p.ok")).isEmpty()) {
            screenshot("c4-save-failed");
            fail("not saved: " + browser.findElement(By.tagName("main")).getText());
        }
        assertThat(browser.getCurrentUrl()).contains("/editor/" + slug + "?saved=");
        screenshot("c4-incident-saved");

        String variant = Files.readString(Path.of("src/test/resources/web/browser-new-incident-trace-variant.txt"));
        String firstHref = null;
        for (int attempt = 0; attempt < 10; attempt++) { // the index is updated right after the commit
            open("/");
            paste(variant);
            submitPaste();
            var cards = browser.findElements(By.cssSelector("#result-1 h2.card-title a"));
            firstHref = cards.isEmpty() ? null : cards.get(0).getAttribute("href");
            if (firstHref != null && firstHref.contains(slug)) {
                break;
            }
            Thread.sleep(500);
        }
        assertThat(firstHref).contains("/articles/" + slug);
        screenshot("c5-variant-trace-finds-new-incident");
    }

    /** A failure no incident knows, with a Paimon frame and a frame of the user's own code. */
    static final String UNKNOWN_PAIMON_FAILURE = """
            org.apache.paimon.utils.WidgetMeltdownException: flux capacitor overloaded at 88 mph in bucket 7
            \tat org.apache.paimon.flink.sink.FluxWriter.write(FluxWriter.java:88)
            \tat com.acme.pipeline.TimeTravelJob.main(TimeTravelJob.java:1985)
            """;

    @Test
    @Order(4)
    void d_onAWideScreenTheBestMatchIsInTheFirstViewport() throws IOException {
        resize(1400, 1000);
        try {
            open("/?lang=en");
            paste(Files.readString(SEED_000));
            submitPaste();
            assertThat(topOf("result-1")).as("top of the best match").isLessThan(1000 - 150);
            assertThat(topOf("fix-1-1")).as("top of the best match's first snippet").isLessThan(1000);
            screenshot("d1-wide-best-match-in-first-viewport");
        } finally {
            resize(1280, 1800);
        }
    }

    @Test
    @Order(5)
    void e_onAPhoneNoPageScrollsSideways() throws IOException {
        resize(390, 844);
        try {
            open("/?lang=en");
            assertNoSidewaysScroll("home");
            screenshot("e1-phone-home");
            for (String lang : new String[] { "en", "ja", "zh" }) {
                open("/?lang=" + lang);
                paste(Files.readString(SEED_000));
                submitPaste();
                assertNoSidewaysScroll("results of the seed trace in " + lang);
                screenshot("e2-phone-results-" + lang);
            }
            String[] questions = { "checkpoint expired before completing", "チェックポイントがタイムアウトする",
                    "检查点超时失败" };
            for (String q : questions) {
                open("/match?q=" + java.net.URLEncoder.encode(q, java.nio.charset.StandardCharsets.UTF_8));
                assertNoSidewaysScroll("free-text results for " + q);
            }
            screenshot("e3-phone-free-text");
            open("/?lang=en");
            paste(UNKNOWN_PAIMON_FAILURE);
            submitPaste();
            assertThat(browser.findElement(By.cssSelector("#no-match .component")).getText()).isEqualTo("Apache Paimon");
            assertThat(browser.findElements(By.cssSelector("#no-match ul.search-links a"))).hasSize(3);
            assertNoSidewaysScroll("no-match results");
            screenshot("e4-phone-no-match");
            for (String lang : new String[] { "en", "ja", "zh" }) {
                open("/articles/flink-memory-state-too-large?lang=" + lang);
                for (WebElement d : browser.findElements(By.cssSelector("section.traces details"))) {
                    ((JavascriptExecutor) browser).executeScript("arguments[0].open = true", d);
                }
                assertNoSidewaysScroll("incident page in " + lang + " with its traces open");
                screenshot("e5-phone-incident-" + lang);
            }
        } finally {
            resize(1280, 1800);
        }
    }

    private void resize(int width, int height) {
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(width, height));
    }

    private double topOf(String id) {
        return ((Number) ((JavascriptExecutor) browser).executeScript(
                "return document.getElementById(arguments[0]).getBoundingClientRect().top;", id)).doubleValue();
    }

    private void assertNoSidewaysScroll(String page) {
        Object widths = ((JavascriptExecutor) browser).executeScript(
                "return [document.documentElement.scrollWidth, window.innerWidth];");
        java.util.List<?> w = (java.util.List<?>) widths;
        // the elements that stick out, innermost first: what to fix when this fails
        Object wide = ((JavascriptExecutor) browser).executeScript("""
                return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1)
                    .filter(e => ![...e.children].some(c => c.getBoundingClientRect().right > innerWidth + 1))
                    .slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right));""");
        assertThat(((Number) w.get(0)).intValue()).as("scroll width of the %s at inner width %s; sticking out: %s",
                page, w.get(1), wide)
                .isLessThanOrEqualTo(((Number) w.get(1)).intValue());
    }

    private void open(String path) {
        browser.get(base.toString().replaceAll("/$", "") + path);
        waitFor(By.tagName("main"));
    }

    private void paste(String text) {
        setValue(browser.findElement(By.id("paste")), text);
    }

    private void submitPaste() {
        clickAndWait(browser.findElement(By.cssSelector("#paste-form button[type=submit]")));
        waitFor(By.id("results-heading"));
    }

    /** Clicks something that loads a new page, and waits until the old page is gone. */
    private void clickAndWait(WebElement element) {
        WebElement oldPage = browser.findElement(By.tagName("html"));
        element.click();
        new WebDriverWait(browser, Duration.ofSeconds(30)).until(d -> isGone(oldPage));
        waitFor(By.tagName("main"));
    }

    /**
     * Whether an element's page has been replaced. Chromium sometimes reports a replaced node as an "unhandled
     * inspector error: Node with given id does not belong to the document" rather than as a stale element (seen in
     * CI with chromedriver 156); both mean the old page is gone.
     */
    private static boolean isGone(WebElement oldPage) {
        try {
            return ExpectedConditions.stalenessOf(oldPage).apply(null);
        } catch (org.openqa.selenium.WebDriverException e) {
            String message = String.valueOf(e.getMessage());
            if (message.contains("does not belong to the document") || message.contains("No node with given id")) {
                return true;
            }
            throw e;
        }
    }

    /** Sets a text area's value (typing a trace key by key would turn its tabs into focus changes). */
    private void setValue(WebElement area, String text) {
        ((JavascriptExecutor) browser).executeScript("arguments[0].value = arguments[1];", area, text);
    }

    private void waitFor(By what) {
        new WebDriverWait(browser, Duration.ofSeconds(30)).until(d -> !d.findElements(what).isEmpty());
    }

    private static void screenshot(String step) throws IOException {
        Path shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(shot, SCREENSHOTS.resolve(step + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
