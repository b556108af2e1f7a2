package dev.heaplens.web;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.format.ruby.RubyDumpWriter;
import dev.heaplens.format.ruby.RubyType;
import dev.heaplens.io.DumpInput;
import dev.heaplens.runtime.HeapRuntime;
import dev.heaplens.runtime.LoadedHeap;
import dev.heaplens.runtime.ReadListener;
import dev.heaplens.runtime.ReadOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * serve and report in headless Chromium (Debian's chromium and chromium-driver, driven by
 * Selenium with the system driver: nothing is downloaded). What the page shows is checked
 * against the CLI's analyses run separately on the same dump, and against a brute-force oracle
 * on a heap with known answers. Skipped, saying why, where Chromium is not installed.
 */
class BrowserTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path SAMPLE = Path.of("samples/rails-ish.json.gz");
    static final Path SCREENSHOTS = Path.of("target/screenshots");
    static final String HOSTILE = "<img src=x onerror=\"window.__pwned=1\">'\"\u0001</script><script>window.__pwned=2</script>";

    /** Selenium warns that it has no DevTools bindings for this Chromium: the tests use WebDriver only. Kept referenced. */
    static final java.util.logging.Logger SELENIUM_LOG = java.util.logging.Logger.getLogger("org.openqa.selenium");

    @TempDir
    static Path dir;
    static WebDriver driver;
    static ChromeDriverService service;

    @BeforeAll
    static void browser() throws IOException {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
                "browser tests skipped: /usr/bin/chromium and /usr/bin/chromedriver are not installed"
                        + " (apt-get install chromium chromium-driver; .ci/run installs them)");
        System.setProperty("webdriver.chrome.driver", DRIVER.toString()); // never Selenium Manager's download
        SELENIUM_LOG.setLevel(java.util.logging.Level.SEVERE);
        service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1400,1000", "--user-data-dir=" + Files.createTempDirectory(dir, "chromium"));
        driver = new ChromeDriver(service, options);
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void close() {
        if (driver != null) {
            driver.quit();
        }
        if (service != null) {
            service.stop();
        }
    }

    static WebElement await(By by) {
        return new WebDriverWait(driver, Duration.ofSeconds(20)).until(ExpectedConditions.presenceOfElementLocated(by));
    }

    /** Waits for the view {@code id} to replace the previous one. */
    static WebElement view(String id) {
        return await(By.id("view-" + id));
    }

    static String text(WebElement e) {
        return (String) ((JavascriptExecutor) driver).executeScript("return arguments[0].textContent", e);
    }

    static Object script(String js) {
        return ((JavascriptExecutor) driver).executeScript(js);
    }

    static String n(long v) {
        return String.format(Locale.US, "%,d", v);
    }

    static void screenshot(String name) throws IOException {
        Files.write(SCREENSHOTS.resolve(name), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    }

    /** The CLI's analyses of a dump, computed on their own (a second read), as the oracle of what the page shows. */
    record Cli(Histogram histogram, LoadedHeap heap) {
        static Cli of(Path dump) {
            DumpInput input = DumpInput.open(dump.toString(), System.in);
            HeapRuntime runtime = HeapRuntime.of(input, new ReadOptions(false, 1, null), ReadListener.QUIET);
            return new Cli(runtime.histogram(input, GroupBy.CLASS), runtime.load(input));
        }

        long object(String address) {
            return heap.objectAt(address);
        }
    }

    @Test
    void clickThroughARealDump() throws IOException {
        Cli cli = Cli.of(SAMPLE);
        try (Workspace ws = WebFixtures.workspace(List.of(SAMPLE), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url());
            view("suspects"); // the first view; SuspectsBrowserTest checks it
            driver.findElement(By.id("nav-overview")).click();
            view("overview");
            assertThat(text(await(By.cssSelector("[data-test=total-objects]")))).isEqualTo(n(cli.histogram.totalCount()));
            assertThat(text(await(By.cssSelector("[data-test=total-bytes]")))).startsWith(n(cli.histogram.totalBytes()) + " bytes (");
            await(By.cssSelector("#chart-retained-class canvas"));
            screenshot("overview.png");

            driver.findElement(By.id("nav-histogram")).click();
            view("histogram");
            Histogram.Group biggest = cli.histogram.groups().get(0);
            assertThat(text(await(By.id("histogram-totals")))).startsWith(n(cli.histogram.groups().size()) + " groups, "
                    + n(cli.histogram.totalCount()) + " objects, " + n(cli.histogram.totalBytes()) + " bytes");
            WebElement first = driver.findElement(By.cssSelector("#histogram tbody tr"));
            assertThat(text(first.findElements(By.tagName("td")).get(0))).isEqualTo(biggest.key());
            // the class with most objects, by sorting on the objects column
            driver.findElement(By.cssSelector("#histogram th[data-col=count]")).click();
            await(By.cssSelector("#histogram th[data-col=count]"));
            new WebDriverWait(driver, Duration.ofSeconds(20)).until(d -> d.getCurrentUrl().contains("sort=count"));
            WebElement most = view("histogram").findElement(By.cssSelector("#histogram tbody tr td a"));
            String cls = text(most);
            Histogram.Group group = cli.histogram.groups().stream().filter(g -> g.key().equals(cls)).findFirst().orElseThrow();
            assertThat(group.count()).isEqualTo(cli.histogram.groups().stream().mapToLong(Histogram.Group::count).max().orElseThrow());
            most.click();

            view("class");
            assertThat(text(await(By.cssSelector("[data-test=class-count]")))).isEqualTo(n(group.count()));
            assertThat(text(await(By.cssSelector("[data-test=class-bytes]")))).isEqualTo(n(group.bytes()));
            WebElement objectLink = driver.findElement(By.cssSelector("#objects tbody tr td a"));
            String address = text(objectLink);
            objectLink.click();

            view("object");
            long o = cli.object(address);
            assertThat(text(await(By.cssSelector("[data-test=object-retained]")))).isEqualTo(n(cli.heap.dominators().retainedSize(o)));
            assertThat(text(await(By.cssSelector("[data-test=object-shallow]")))).isEqualTo(n(cli.heap.graph().shallowSize(o)));
            List<RootPaths.Path> shortest = RootPaths.shortest(cli.heap.graph(), cli.heap.graph().strongReferences(), o, 1);
            List<WebElement> steps = driver.findElements(By.cssSelector("#path ol.path li"));
            assertThat(steps).hasSize(1 + shortest.get(0).objects().length); // the root line, then each object
            assertThat(text(steps.get(0))).isEqualTo("GC root: " + shortest.get(0).rootCategory());
            assertThat(text(steps.get(steps.size() - 1))).contains(address);
            // every step is a reference of the graph, from the object before it
            for (int k = 2; k < steps.size(); k++) {
                long from = cli.object(text(steps.get(k - 1).findElement(By.tagName("a"))));
                long to = cli.object(text(steps.get(k).findElement(By.tagName("a"))));
                boolean linked = false;
                for (long i = cli.heap.graph().outStart(from); i < cli.heap.graph().outEnd(from); i++) {
                    linked |= cli.heap.graph().target(i) == to;
                }
                assertThat(linked).as("step %d", k).isTrue();
            }
            steps.get(1).findElement(By.tagName("a")).click(); // addresses are links
            new WebDriverWait(driver, Duration.ofSeconds(20)).until(d -> !d.getCurrentUrl().contains(address));
            view("object");

            driver.findElement(By.id("nav-dominators")).click();
            view("dominators");
            WebElement top = await(By.cssSelector("#tree tbody tr[data-depth='0'] [data-test=expand]"));
            WebElement topRow = top.findElement(By.xpath("./ancestor::tr"));
            long parent = cli.object(topRow.getAttribute("data-address"));
            top.click();
            await(By.cssSelector("#tree tbody tr[data-depth='1']"));
            List<WebElement> children = driver.findElements(By.cssSelector("#tree tbody tr[data-depth='1']"));
            long expected = cli.heap.dominators().childEnd(parent) - cli.heap.dominators().childStart(parent);
            assertThat(children).hasSize((int) Math.min(Report.TREE_PAGE, expected));
            long previous = Long.MAX_VALUE;
            for (WebElement child : children) {
                long c = cli.object(child.getAttribute("data-address"));
                assertThat(cli.heap.dominators().immediateDominator(c)).isEqualTo(parent);
                assertThat(cli.heap.dominators().retainedSize(c)).isLessThanOrEqualTo(previous);
                previous = cli.heap.dominators().retainedSize(c);
            }
            screenshot("dominator-tree.png");
        }
    }

    @Test
    void knownHeapShowsTheOraclesRetainedSizeAndPath() {
        WebFixtures f = new WebFixtures();
        WebFixtures.Oracle oracle = f.new Oracle();
        Path dump = f.write(dir, WebFixtures.Kind.HPROF);
        try (Workspace ws = WebFixtures.workspace(List.of(dump), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url() + "#/object?d=0&address=" + WebFixtures.hex(f.leafB));
            view("object");
            assertThat(text(await(By.cssSelector("[data-test=object-retained]")))).isEqualTo(n(oracle.retained(f.leafB)));
            List<WebElement> steps = driver.findElements(By.cssSelector("#path ol.path li"));
            assertThat(steps).extracting(BrowserTest::text).containsExactly("GC root: JNI global",
                    WebFixtures.hex(f.holder) + " Holder", "r1 → " + WebFixtures.hex(f.n2) + " Node",
                    "r1 → " + WebFixtures.hex(f.leafB) + " Leaf");
            driver.get(server.url() + "#/object?d=0&address=" + WebFixtures.hex(f.holder));
            // the previous view is an object view too: wait for this object's heading, not just a view
            new WebDriverWait(driver, Duration.ofSeconds(20)).until(ExpectedConditions.textToBePresentInElementLocated(
                    By.cssSelector("#view-object h1"), WebFixtures.hex(f.holder)));
            assertThat(text(await(By.cssSelector("#view-object [data-test=object-retained]"))))
                    .isEqualTo(n(oracle.retained(f.holder)));
        }
    }

    @Test
    void gcViewChartsPausesAndAllocationOverTime(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("gc.log"), String.join("\n",
                "[0.004s][info][gc] Using G1",
                "[0.050s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(64M) 2.500ms",
                "[0.100s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 30M->6M(64M) 1.250ms",
                "[0.300s][info][gc] GC(2) Pause Full (System.gc()) 30M->5M(64M) 12.000ms", ""));
        try (Workspace ws = WebFixtures.workspace(List.of(), List.of(log.toString()));
             Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url() + "#/gc");
            WebElement gc = view("gc");
            assertThat(text(gc)).contains("3, total 15.75 ms");
            for (String chart : List.of("heap", "pauses", "pause-time", "allocation")) {
                await(By.cssSelector("#chart-gc-" + chart + " canvas"));
            }
            // what the charts draw: the longest pause per slice, and the bytes allocated between two GCs per
            // second between them (26 MB in 0.05 s, 24 MB in 0.2 s), as steps
            assertThat(script("return JSON.stringify(echarts.getInstanceByDom(document.getElementById('chart-gc-pause-time'))"
                    + ".getOption().series[0].data)")).isEqualTo("[[0.05,2.5],[0.1,1.25],[0.3,12]]");
            long first = 26L * 1024 * 1024 * 20;
            long second = 24L * 1024 * 1024 * 5;
            assertThat(script("return JSON.stringify(echarts.getInstanceByDom(document.getElementById('chart-gc-allocation'))"
                    + ".getOption().series[0].data)")).isEqualTo("[[0.05," + first + "],[0.1," + first + "],[0.1," + second
                    + "],[0.3," + second + "]]");
        }
    }

    /**
     * A real G1 log of a child JVM: the allocation chart's time-weighted mean is the allocation rate that
     * {@code gc --format json} reports, its axes are named, and the heap chart draws the CLI's series.
     */
    @Test
    void gcChartsAgreeWithTheCliOnARealLog(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("gc.log");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(javaBin, "-XX:+UseG1GC", "-Xmx64m", "-Xlog:gc*:file=" + log + ":uptime,level,tags",
                "-cp", System.getProperty("java.class.path"), dev.heaplens.format.gclog.probe.GcProbe.class.getName(),
                dir.resolve("beans.txt").toString(), "1000").redirectErrorStream(true).start();
        child.getInputStream().readAllBytes();
        assertThat(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        dev.heaplens.cli.CliTestSupport.Result cli = dev.heaplens.cli.CliTestSupport.run("gc", log.toString(), "--format", "json");
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(cli.out());
        double rate = json.path("rates").path("allocation_bytes_per_second").asDouble();
        assertThat(rate).isPositive();
        try (Workspace ws = WebFixtures.workspace(List.of(), List.of(log.toString()));
             Server server = Server.start(ws, "127.0.0.1", 0)) {
            driver.get(server.url() + "#/gc");
            view("gc");
            await(By.cssSelector("#chart-gc-allocation canvas"));
            // the steps [from, rate], [to, rate]: weight each rate by its width
            Object mean = script("const d = echarts.getInstanceByDom(document.getElementById('chart-gc-allocation'))"
                    + ".getOption().series[0].data; let bytes = 0;"
                    + "for (let i = 0; i < d.length; i += 2) bytes += d[i][1] * (d[i + 1][0] - d[i][0]);"
                    + "return bytes / (d[d.length - 1][0] - d[0][0]);");
            assertThat(((Number) mean).doubleValue()).as("chart mean vs CLI rate").isCloseTo(rate,
                    org.assertj.core.data.Percentage.withPercentage(0.1));
            assertThat(script("return echarts.getInstanceByDom(document.getElementById('chart-gc-allocation'))"
                    + ".getOption().xAxis[0].name")).isEqualTo("time since JVM start (s)");
            assertThat(script("return echarts.getInstanceByDom(document.getElementById('chart-gc-heap')).getOption()"
                    + ".series[1].data.length")).isEqualTo((long) json.path("series").path("heap").size());
            screenshot("gc-real-log.png");
        }
    }

    /**
     * A wall-clock log (here OpenJ9's, whose times are dates) is drawn in seconds from its first GC,
     * not epoch seconds, in serve and in report: the heap chart's points are the CLI's series minus
     * the first GC's end, 12:00:01.0125 (the allocation series' first time; the heap series' times are
     * in milliseconds in the JSON, so its first is 01.013): 0.0005 to 3.0275 s.
     */
    @Test
    void wallClockGcChartsCountFromTheFirstGc(@TempDir Path dir) throws Exception {
        Path log = Path.of(BrowserTest.class.getResource("/gc/openj9/gencon.xml").toURI());
        Path report = dir.resolve("gc.html");
        assertThat(CliTestSupport.run("report", "--gc", log.toString(), "-o", report.toString()).exitCode()).isZero();
        try (Workspace ws = WebFixtures.workspace(List.of(), List.of(log.toString()));
             Server server = Server.start(ws, "127.0.0.1", 0)) {
            for (String url : List.of(server.url() + "#/gc", report.toUri() + "#/gc")) {
                driver.get(url);
                view("gc");
                await(By.cssSelector("#chart-gc-heap canvas"));
                assertThat(script("return echarts.getInstanceByDom(document.getElementById('chart-gc-heap')).getOption()"
                        + ".xAxis[0].name")).as(url).isEqualTo("time since the first GC (s), at 2026-11-27 12:00:01");
                assertThat(script("return JSON.stringify(echarts.getInstanceByDom(document.getElementById('chart-gc-heap'))"
                        + ".getOption().series[1].data.map(p => p[0]))")).as(url).isEqualTo("[0.0005,0.9975,1.9985,2.5125,3.0275]");
                assertThat(script("return echarts.getInstanceByDom(document.getElementById('chart-gc-allocation'))"
                        + ".getOption().series[0].data[0][0]")).as(url).isEqualTo(0L);
            }
            screenshot("gc-wall-clock.png");
        }
    }

    @Test
    void reportOpensFromAFileOffline() throws IOException {
        Cli cli = Cli.of(SAMPLE);
        Path report = dir.resolve("report.html");
        CliTestSupport.Result r = CliTestSupport.run("report", SAMPLE.toString(), "-o", report.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(Files.size(report)).isLessThan(5L * 1024 * 1024);
        String html = Files.readString(report);
        assertThat(html).doesNotContain("src=\"http").doesNotContain("src=\"app.js\"").doesNotContain("href=\"app.css\"");
        driver.get(report.toUri().toString());
        view("suspects");
        driver.findElement(By.id("nav-overview")).click();
        view("overview");
        assertThat(text(await(By.cssSelector("[data-test=total-objects]")))).isEqualTo(n(cli.histogram.totalCount()));
        await(By.cssSelector("#chart-retained-class canvas"));
        screenshot("report.png");
        driver.findElement(By.id("nav-histogram")).click();
        view("histogram");
        WebElement cls = await(By.cssSelector("#histogram tbody tr td a"));
        String name = text(cls);
        cls.click();
        view("class");
        Histogram.Group group = cli.histogram.groups().stream().filter(g -> g.key().equals(name)).findFirst().orElseThrow();
        assertThat(text(await(By.cssSelector("[data-test=class-count]")))).isEqualTo(n(group.count()));
        WebElement objectLink = driver.findElement(By.cssSelector("#objects tbody tr td a"));
        String address = text(objectLink);
        objectLink.click();
        view("object");
        assertThat(text(await(By.cssSelector("[data-test=object-retained]"))))
                .isEqualTo(n(cli.heap.dominators().retainedSize(cli.object(address))));
        await(By.cssSelector("#path ol.path li"));
        driver.findElement(By.id("nav-dominators")).click();
        view("dominators");
        await(By.cssSelector("#tree tbody tr[data-depth='0'] [data-test=expand]")).click();
        await(By.cssSelector("#tree tbody tr[data-depth='1']"));
        driver.get(report.toUri() + "#/histogram?d=0&by=class&page=7");
        assertThat(text(view("histogram").findElement(By.id("error")))).contains("not in the report");
    }

    /** A Ruby dump whose class name and string value are HTML and script. */
    static Path hostileDump() throws IOException {
        Path file = dir.resolve("hostile.json");
        try (OutputStream out = Files.newOutputStream(file); RubyDumpWriter w = new RubyDumpWriter(out)) {
            long stringClass = 0x7f0000001000L;
            long hostileClass = 0x7f0000002000L;
            long holder = 0x7f0000010000L;
            long string = 0x7f0000010100L;
            w.root("vm", stringClass, hostileClass, holder);
            w.object(stringClass, RubyType.CLASS).name("String").memsize(40).write();
            w.object(hostileClass, RubyType.CLASS).name(HOSTILE).memsize(40).write();
            w.object(holder, RubyType.OBJECT).cls(hostileClass).references(string).memsize(40).write();
            w.object(string, RubyType.STRING).cls(stringClass).value(HOSTILE).bytesize(HOSTILE.length()).memsize(120).write();
        }
        return file;
    }

    @Test
    void namesAndValuesFromTheDumpAreShownAsTextServedAndInTheReport() throws IOException {
        Path dump = hostileDump();
        Path report = dir.resolve("hostile.html");
        assertThat(CliTestSupport.run("report", dump.toString(), "-o", report.toString()).exitCode()).isZero();
        try (Workspace ws = WebFixtures.workspace(List.of(dump), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            for (String page : List.of(server.url(), report.toUri().toString())) {
                driver.get(page + "#/histogram?d=0&by=class");
                WebElement table = view("histogram").findElement(By.id("histogram"));
                List<String> keys = table.findElements(By.cssSelector("tbody tr")).stream()
                        .map(tr -> text(tr.findElement(By.tagName("td")))).toList();
                assertThat(keys).as(page).contains(HOSTILE);
                driver.get(page + "#/top?d=0");
                WebElement objects = view("top").findElement(By.id("objects"));
                assertThat(objects.findElements(By.cssSelector("td")).stream().map(BrowserTest::text).toList())
                        .anySatisfy(v -> assertThat(v).contains(HOSTILE.substring(0, 30)));
                driver.findElement(By.cssSelector("#objects tbody tr td a")).click();
                view("object");
                assertThat(script("return window.__pwned === undefined")).as(page).isEqualTo(true);
                assertThat(driver.findElements(By.cssSelector("main img"))).isEmpty();
            }
        }
        String html = Files.readString(report);
        assertThat(html.split("(?i)</script", -1)).hasSize(1 + 5); // echarts, data, suspects, threads, app: nothing from the dump closes a script
    }
}
