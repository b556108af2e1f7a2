package dev.heaplens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Unified logs: a line that ends a pause (it has heap sizes, or a figure where the duration goes)
 * but whose duration cannot be read is counted and warned about with its first example, as the
 * JDK 8 reader does, never guessed; a pause's start line is not such a line.
 */
class GcUnifiedNotUnderstoodTest {
    private static String pause(int id, String duration) {
        return String.format("[%d.%03ds][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) %s",
                id + 1, id, id, duration);
    }

    private static List<String> log(int good, String... bad) {
        List<String> lines = new ArrayList<>();
        lines.add("[0.005s][info][gc] Using G1");
        for (int i = 0; i < good; i++) {
            lines.add(String.format("[%d.000s][info][gc,start] GC(%d) Pause Young (Normal) (G1 Evacuation Pause)", i + 1, i));
            lines.add(pause(i, "2.000ms"));
        }
        for (int i = 0; i < bad.length; i++) {
            lines.add(String.format("[%d.000s][info][gc,start] GC(%d) Pause Young (Normal) (G1 Evacuation Pause)",
                    good + i + 1, good + i));
            lines.add(pause(good + i, bad[i]));
        }
        return lines;
    }

    @Test
    void aLargeShareIsWarnedAboutAndToldOnTheReportsThirdLine(@TempDir Path dir) {
        Path file = CliTestSupport.writeDump(dir, "gc.log", log(3, "3.456 ms").toArray(String[]::new));
        CliTestSupport.Result r = run("gc", file.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines()).containsExactly("heaplens: warning: 1 line that looks like a GC pause was not understood "
                + "and not counted; the first: Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456 ms");
        assertThat(r.out().lines().toList().get(2)).startsWith("Not understood: 1 of 4 GC lines (25.0%");
        CliTestSupport.Result json = run("gc", file.toString(), "--format", "json");
        assertThat(json.out()).contains("\"unread_events\":1,").contains("\"pauses\":{\"count\":3,");
    }

    @Test
    void aSmallShareIsWarnedAboutOnly(@TempDir Path dir) {
        Path file = CliTestSupport.writeDump(dir, "gc.log", log(40, "3.4", "5.0sec").toArray(String[]::new));
        CliTestSupport.Result r = run("gc", file.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines()).containsExactly("heaplens: warning: 2 lines that look like a GC pause were not understood "
                + "and not counted; the first: Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.4");
        assertThat(r.out()).doesNotContain("Not understood");
    }

    @Test
    void startLinesAreNotCounted(@TempDir Path dir) {
        Path file = CliTestSupport.writeDump(dir, "gc.log", log(5).toArray(String[]::new));
        CliTestSupport.Result r = run("gc", file.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("\"unread_events\":0,").contains("\"pauses\":{\"count\":5,");
    }
}
