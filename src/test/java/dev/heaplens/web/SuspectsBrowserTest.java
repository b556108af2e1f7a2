package dev.heaplens.web;

import static dev.heaplens.web.BrowserTest.await;
import static dev.heaplens.web.BrowserTest.driver;
import static dev.heaplens.web.BrowserTest.n;
import static dev.heaplens.web.BrowserTest.text;
import static dev.heaplens.web.BrowserTest.view;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heaplens.cli.CliTestSupport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * serve and report open on the suspects view, and its links open the objects they name, on the
 * real Ruby leak (scripts/fixtures/suspects): the Hash Ruby measured, with the retained size Ruby
 * gave. Uses {@link BrowserTest}'s Chromium (skipped where it is not installed).
 */
class SuspectsBrowserTest {
    private static final Path LEAK = Path.of("src/test/resources/fixtures/suspects/leak.json.gz");
    private static JsonNode golden;

    @TempDir
    static Path dir;

    @BeforeAll
    static void browser() throws IOException {
        BrowserTest.dir = dir;
        BrowserTest.browser();
        golden = new ObjectMapper().readTree(Path.of("src/test/resources/fixtures/suspects/leak.golden.json").toFile())
                .get("accumulationPoint");
    }

    @AfterAll
    static void close() {
        BrowserTest.close();
    }

    @Test
    void serveOpensOnTheSuspectsAndTheirLinksOpenTheObjects() throws IOException {
        try (Workspace ws = WebFixtures.workspace(List.of(LEAK), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url());
            checkSuspectsThenFollowLinks("suspects.png");
        }
    }

    @Test
    void theReportOpensOnTheSuspectsAndTheirLinksWorkOffline() throws IOException {
        Path report = dir.resolve("suspects-report.html");
        CliTestSupport.Result r = CliTestSupport.run("report", LEAK.toString(), "-o", report.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        driver.get(report.toUri().toString());
        checkSuspectsThenFollowLinks("suspects-report.png");
    }

    @Test
    void theOverviewTreemapNamesTheTracerAsToolOverhead() {
        try (Workspace ws = WebFixtures.workspace(List.of(LEAK), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url() + "#/overview?d=0");
            view("overview");
            await(By.cssSelector("#chart-retained-class canvas"));
            assertThat(BrowserTest.script("return JSON.stringify(echarts.getInstanceByDom(document.getElementById("
                    + "'chart-retained-class')).getOption().series[0].data.map(x => x.name))"))
                    .asString().contains("<ObjectTracing/allocation_info_tracer> (DATA) [tool overhead]");
        }
    }

    /** The threshold control shows the suspects the CLI finds at each threshold, served and in the report. */
    @Test
    void theThresholdControlShowsWhatTheCliFindsAtThatThreshold() throws IOException {
        Path report = dir.resolve("threshold-report.html");
        CliTestSupport.Result r = CliTestSupport.run("report", LEAK.toString(), "-o", report.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        try (Workspace ws = WebFixtures.workspace(List.of(LEAK), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            for (String url : List.of(server.url(), report.toUri().toString())) {
                driver.get(url);
                for (String threshold : List.of("1", "50", "10")) {
                    view("suspects");
                    new org.openqa.selenium.support.ui.Select(await(By.id("suspects-threshold"))).selectByValue(threshold);
                    new WebDriverWait(driver, Duration.ofSeconds(20)).until(ExpectedConditions.textToBePresentInElementLocated(
                            By.id("suspects-summary"), "more than " + threshold + "% of"));
                    JsonNode cli = new ObjectMapper().readTree(CliTestSupport.run("suspects", LEAK.toString(), "--threshold",
                            threshold, "--format", "json", "--no-index").out()).get("suspects");
                    List<String> shown = driver.findElements(By.cssSelector("#view-suspects section.suspect h2")).stream()
                            .map(WebElement::getText).toList();
                    assertThat(shown).as(url + " at " + threshold + "%").hasSize(cli.size());
                    for (int i = 0; i < cli.size(); i++) {
                        JsonNode s = cli.get(i); // a single suspect by its name (a class object: "class Object")
                        assertThat(shown.get(i)).contains(s.get(s.get("kind").asText().equals("single") ? "name" : "class").asText());
                    }
                }
                BrowserTest.screenshot("suspects-threshold.png");
            }
        }
    }

    private static void checkSuspectsThenFollowLinks(String screenshot) throws IOException {
        WebElement suspects = view("suspects");
        assertThat(driver.findElement(By.cssSelector("nav a.active")).getAttribute("id")).isEqualTo("nav-suspects");
        WebElement first = await(By.id("suspect-1"));
        String address = golden.get("address").asText();
        assertThat(text(first)).contains("One Hash (" + address + ")").contains("leak.rb:7").contains("global_tbl");
        assertThat(text(suspects)).contains("Tool overhead").contains("<ObjectTracing/allocation_info_tracer> (DATA)");
        BrowserTest.screenshot(screenshot);

        // the accumulation point's link opens that object, with the retained size Ruby measured
        WebElement accumulation = first.findElement(By.cssSelector("[data-test=accumulation] a"));
        assertThat(text(accumulation)).isEqualTo(address);
        accumulation.click();
        view("object");
        new WebDriverWait(driver, Duration.ofSeconds(20)).until(ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("#view-object h1"), address));
        assertThat(text(await(By.cssSelector("[data-test=object-retained]")))).isEqualTo(n(golden.get("retainedMemsize").asLong()));

        // and each step of the path links its own object
        driver.navigate().back();
        WebElement step = await(By.cssSelector("#suspect-2 ol.suspect-path li:last-child a"));
        String stepAddress = text(step);
        step.click();
        new WebDriverWait(driver, Duration.ofSeconds(20)).until(ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("#view-object h1"), stepAddress));
    }
}
