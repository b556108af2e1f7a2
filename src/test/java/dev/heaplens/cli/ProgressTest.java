package dev.heaplens.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Progress never shows more than the whole (issue 27: "137.8 MB of 134.9 MB (100%)"). */
class ProgressTest {
    @Test
    void aCounterPastTheTotalShowsTheTotal() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress p = Progress.start(true, err, "reading heap.hprof", 134_900_000L, () -> 137_800_000L);
        Thread.sleep(1_200); // past the quiet start
        synchronized (p) {
            assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("reading heap.hprof: 134.9 MB of 134.9 MB (100%)")
                    .doesNotContain("137.8 MB");
        }
        p.close();
    }

    @Test
    void aReadOfTwoPassesCountsTheFileOncePerPass() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress p = Progress.startPasses(true, err, "reading heap.hprof", 134_900_000L, 2, () -> 134_900_000L + 67_450_000L);
        Thread.sleep(1_200);
        synchronized (p) {
            assertThat(bytes.toString(StandardCharsets.UTF_8))
                    .contains("reading heap.hprof (pass 2 of 2): 67.5 MB of 134.9 MB (50%)").doesNotContain("269.8 MB");
        }
        p.close();
    }

    @Test
    void aPhaseShowsItsShareOrItsTime() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress counted = Progress.startCounting(true, err, "heap.hprof: dominators", 300, () -> 450);
        Thread.sleep(1_200);
        counted.close();
        Progress uncounted = Progress.startCounting(true, err, "heap.hprof: references", -1, () -> 0);
        Thread.sleep(1_200);
        uncounted.close();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("heap.hprof: dominators (100%)")
                .doesNotContain("150%").containsPattern("heap.hprof: references \\(\\d+ s\\)");
    }
}
