package dev.heaplens.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.format.hprof.RootKind;
import dev.heaplens.format.hprof.ThreadDumps;

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
 * The threads view of serve and report in headless Chromium, on a written dump whose answer is
 * known (thread "oom-thread" ran out of memory holding a 4,000-byte array in Work.hold; "worker"
 * holds a 1,000-byte one): the thread that ran out comes first, a thread opens to its frames, a
 * frame to its locals, a local's link to its object, whose GC root names thread and frame.
 * Skipped, saying why, where Chromium is not installed.
 */
class ThreadsBrowserTest {
    @TempDir
    static Path dir;
    static Path dump;
    static long held;

    /** BrowserTest's Chromium, started for this class's dumps. */
    @BeforeAll
    static void browser() throws IOException {
        BrowserTest.dir = dir;
        BrowserTest.browser();
        ThreadDumps d = new ThreadDumps();
        held = d.array(1000);
        long oomHeld = d.array(4000);
        dump = d.write(dir.resolve("threads.hprof"), true, h -> {
            h.threadRoot(d.thread(h, 1, ThreadDumps.THREAD, "worker", false, 7), 1, 101);
            h.threadRoot(d.thread(h, 2, ThreadDumps.THREAD, "oom-thread", true, 5), 2, 102);
            h.localRoot(RootKind.JAVA_FRAME, held, 1, 0);
            h.localRoot(RootKind.JAVA_FRAME, oomHeld, 2, 1);
        });
    }

    @AfterAll
    static void close() {
        BrowserTest.close();
    }

    @Test
    void servedThreadsOpenToFramesAndLocalsAndLinkToObjects() throws IOException {
        try (Workspace ws = WebFixtures.workspace(List.of(dump), List.of()); Server server = Server.start(ws, "127.0.0.1", 0)) {
            BrowserTest.driver.get(server.url() + "#/overview?d=0");
            await(By.id("nav-threads")).click();
            clickThrough("threads-served.png");
        }
    }

    @Test
    void theReportHasTheThreadsViewOffline() throws IOException {
        Path report = dir.resolve("report.html");
        CliTestSupport.Result r = CliTestSupport.run("report", dump.toString(), "-o", report.toString(), "--no-index");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        BrowserTest.driver.get(report.toUri() + "#/threads?d=0");
        clickThrough("threads-report.png");
    }

    private void clickThrough(String screenshot) throws IOException {
        WebElement view = await(By.id("view-threads"));
        assertThat(text(await(By.id("threads-oom")))).contains("thread \"oom-thread\" ran out of memory");
        List<WebElement> threads = view.findElements(By.cssSelector("#threads > details.thread"));
        assertThat(threads).extracting(t -> text(t.findElement(By.className("thread-name"))))
                .containsExactly("\"oom-thread\"", "\"worker\"");
        assertThat(text(threads.get(0).findElement(By.cssSelector("[data-test=thread-retained]")))).isEqualTo("4.0 KB");
        WebElement worker = threads.get(1);
        worker.findElement(By.tagName("summary")).click();
        List<WebElement> frames = worker.findElements(By.cssSelector("ol.frames > li"));
        assertThat(frames).extracting(f -> text(f.findElement(By.className("frame"))))
                .containsExactly("at Work.hold(Work.java:16)", "at Work.run(Work.java:9)");
        WebElement holding = frames.get(0).findElement(By.tagName("summary"));
        assertThat(text(holding)).isEqualTo("at Work.hold(Work.java:16) · 1 local");
        holding.click();
        WebElement local = frames.get(0).findElement(By.cssSelector("table.locals tbody a"));
        assertThat(text(local)).isEqualTo("0x" + Long.toHexString(held));
        BrowserTest.screenshot(screenshot);
        local.click();
        WebElement object = await(By.id("view-object"));
        new WebDriverWait(BrowserTest.driver, Duration.ofSeconds(20)).until(ExpectedConditions.textToBePresentInElement(object,
                "local in Work.hold(Work.java:16), thread \"worker\""));
    }

    private static WebElement await(By by) {
        return BrowserTest.await(by);
    }

    private static String text(WebElement e) {
        return BrowserTest.text(e);
    }
}
