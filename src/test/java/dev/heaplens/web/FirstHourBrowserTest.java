package dev.heaplens.web;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.report.Sizes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a new user sees in the browser (issue 27): bytes in the CLI's decimal units, the figures
 * summary gives under the same labels, class objects named by the class they are, treemaps of a
 * partition. Checked against summary run on its own and the CLI's own formatting. Same driver set-up
 * as {@link BrowserTest}; skipped where Chromium is not installed.
 */
class FirstHourBrowserTest {
    @TempDir
    static Path dir;
    static WebDriver driver;

    /** BrowserTest's Chromium and driver, started in this class's own directory. */
    @BeforeAll
    static void browser() throws IOException {
        BrowserTest.dir = dir;
        BrowserTest.browser();
        driver = BrowserTest.driver;
    }

    @AfterAll
    static void close() {
        BrowserTest.close();
    }

    private static WebElement await(By by) {
        return new WebDriverWait(driver, Duration.ofSeconds(20)).until(ExpectedConditions.presenceOfElementLocated(by));
    }

    private static String text(By by) {
        return (String) ((JavascriptExecutor) driver).executeScript("return arguments[0].textContent", await(by));
    }

    private static String n(long v) {
        return String.format(Locale.US, "%,d", v);
    }

    private static JsonNode summary(Path dump) {
        return WebFixtures.parse(CliTestSupport.run("summary", dump.toString(), "--reachability", "--format", "json").out());
    }

    @Test
    void overviewSpeaksTheCliUnitsAndFigures() {
        JsonNode s = summary(BrowserTest.SAMPLE);
        long bytes = s.get("bytes").asLong();
        String cliText = CliTestSupport.run("summary", BrowserTest.SAMPLE.toString()).out();
        assertThat(cliText).contains(Sizes.bytes(bytes) + " memsize"); // the CLI's rounding of the same figure
        try (Workspace ws = WebFixtures.workspace(List.of(BrowserTest.SAMPLE), List.of());
             Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url() + "#/overview?d=0"); // suspects is the first view
            await(By.id("view-overview"));
            assertThat(text(By.cssSelector("[data-test=total-bytes]"))).isEqualTo(n(bytes) + " bytes (" + Sizes.bytes(bytes) + ")");
            assertThat(text(By.cssSelector("[data-test=classes]"))).isEqualTo(n(s.get("classes").get("classes").asLong()));
            assertThat(text(By.cssSelector("[data-test=total-objects]"))).isEqualTo(n(s.get("objects").asLong()));
            await(By.cssSelector("#chart-retained-class canvas"));
            // the treemap's rectangles add up to the reachable bytes: a partition, nothing counted twice
            Object sum = ((JavascriptExecutor) driver).executeScript(
                    "const c = echarts.getInstanceByDom(document.getElementById('chart-retained-class'));"
                            + "return c.getOption().series[0].data.reduce((s, x) => s + x.value, 0);");
            long reachable = s.get("reachability").get("reachableBytes").asLong();
            assertThat(((Number) sum).longValue()).isEqualTo(reachable);
        }
    }

    @Test
    void classObjectsAreNamedInTheDominatorTreeAndTopViews() {
        WebFixtures f = new WebFixtures();
        Path dump = f.write(dir, WebFixtures.Kind.HPROF);
        try (Workspace ws = WebFixtures.workspace(List.of(dump), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url() + "#/dominators?d=0");
            await(By.cssSelector("#tree tbody tr"));
            // an address followed by a bare java.lang.Class would be a class object shown by its class
            assertThat(text(By.id("tree"))).contains("class Holder", "class Node").doesNotContainPattern("0x[0-9a-f]+java\\.lang\\.Class");
            driver.get(server.url() + "#/top?d=0");
            await(By.cssSelector("#view-top #objects tbody tr"));
            assertThat(text(By.cssSelector("#view-top #objects"))).contains("class Holder")
                    .doesNotContainPattern("0x[0-9a-f]+classjava\\.lang\\.Class");
        }
    }

    @Test
    void diffHidesUnchangedGroupsBehindASwitch() {
        WebFixtures f = new WebFixtures();
        Path a = f.heap.without(java.util.Set.of(f.big)).writeHprof(dir.resolve("before.hprof"));
        Path b = f.heap.writeHprof(dir.resolve("after.hprof"));
        try (Workspace ws = WebFixtures.workspace(List.of(a, b), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url() + "#/diff");
            await(By.cssSelector("#diff tbody tr"));
            assertThat(driver.findElements(By.cssSelector("#diff tbody tr"))).hasSize(1); // Blob alone grew
            assertThat(text(By.cssSelector("#diff tbody"))).contains("Blob");
            driver.findElement(By.id("show-unchanged")).click();
            new WebDriverWait(driver, Duration.ofSeconds(20))
                    .until(d -> d.findElements(By.cssSelector("#diff tbody tr")).size() > 1);
            assertThat(text(By.cssSelector("#diff tbody"))).contains("Leaf", "Node", "Holder");
        }
    }
}
