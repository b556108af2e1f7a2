package dev.heaplens.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every Ruby command on every hostile input of {@link HostileRubyDumps}: heaplens holds (exit 0,
 * 2 or 3, no trace, in time), writes no raw control character to a terminal, stays within a
 * small heap, and never reports more for a cut dump than for the whole one.
 */
class HostileRubyTest {
    private static final Duration IN_PROCESS_LIMIT = Duration.ofSeconds(30);
    private static final String ADDRESS = HostileRubyDumps.FIRST_OBJECT;

    @TempDir
    static Path dir;

    private static List<String[]> commands(String f) {
        return List.of(
                new String[] {"summary", f},
                new String[] {"summary", "--format", "json", f},
                new String[] {"histogram", f},
                new String[] {"histogram", "--by", "location", "--format", "tsv", f},
                new String[] {"top", f},
                new String[] {"retained", f},
                new String[] {"paths", f, ADDRESS},
                new String[] {"object", f, ADDRESS},
                new String[] {"graph", "--class", "Widget", f},
                new String[] {"graph", "--class", "Evil\u001b[2J\u0007Name", "--format", "dot", f},
                new String[] {"diff", f, f},
                new String[] {"leaks", f, f, f});
    }

    @TestFactory
    List<DynamicTest> everyCommandHoldsOnEveryHostileInput() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, byte[]> input : HostileRubyDumps.all(20261123).entrySet()) {
            Path file = Files.write(dir.resolve(input.getKey()), input.getValue());
            for (String[] args : commands(file.toString())) {
                String what = input.getKey() + ": " + String.join(" ", args).replace(file.toString(), "FILE");
                tests.add(DynamicTest.dynamicTest(what, () -> {
                    HostileRun.Outcome o = HostileRun.inProcess(args).assertHeld(what);
                    assertThat(o.took()).as(what).isLessThan(IN_PROCESS_LIMIT);
                    assertNoRawControlCharacters(what, o.out());
                    assertNoRawControlCharacters(what, o.err());
                }));
            }
        }
        return tests;
    }

    /** Table, TSV and error output reach a terminal: only newlines, and tabs in TSV, may be raw. */
    private static void assertNoRawControlCharacters(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
            assertThat(control).as("%s: raw U+%04X at %d in%n%s", what, (int) c, i, text).isFalse();
        }
    }

    @Test
    void smallHostileInputsFitIn64MegabytesOfHeap() throws IOException {
        Map<String, byte[]> inputs = HostileRubyDumps.all(7);
        for (String name : List.of("deep-nesting", "long-line", "broken-lines", "gzip-corrupt.gz")) {
            Path file = Files.write(dir.resolve("small-heap-" + name), inputs.get(name));
            for (String command : List.of("summary", "top")) {
                HostileRun.child(Duration.ofSeconds(60), 64, command, file.toString()).assertHeld(name + ": " + command);
            }
        }
        // A 100 MB line (100 KB gzipped): more than a 64 MB heap holds, so it is skipped and counted.
        byte[] line = HostileRubyDumps.utf8(HostileRubyDumps.objectWith(1, "value", "\"" + "x".repeat(100 << 20) + "\""));
        Path big = Files.write(dir.resolve("small-heap-100mb-line.json.gz"),
                HostileRubyDumps.gzip(HostileRubyDumps.concat(inputs.get("valid"), line)));
        HostileRun.Outcome o = HostileRun.child(Duration.ofSeconds(60), 64, "summary", big.toString()).assertHeld("100 MB line");
        assertThat(o.exitCode()).isZero();
        assertThat(o.err()).contains("more than this heap holds (a larger -Xmx reads it): skipped");
    }

    @Test
    void aCutDumpNeverReportsMoreThanTheWholeOne() throws IOException {
        Random random = new Random(11);
        byte[] whole = HostileRubyDumps.utf8(HostileRubyDumps.valid(random, 400));
        Figures all = figures(Files.write(dir.resolve("whole.json"), whole));
        assertThat(all.objects).isGreaterThan(400);
        byte[] gz = HostileRubyDumps.gzip(whole);
        for (int i = 0; i < 6; i++) {
            int cut = 1 + random.nextInt(whole.length - 1);
            Figures part = figures(Files.write(dir.resolve("cut" + i + ".json"), Arrays.copyOf(whole, cut)));
            part.assertNoMoreThan(all, "plain cut at " + cut);
            int gzCut = 20 + random.nextInt(gz.length - 20);
            Figures gzPart = figures(Files.write(dir.resolve("cut" + i + ".json.gz"), Arrays.copyOf(gz, gzCut)));
            gzPart.assertNoMoreThan(all, "gzip cut at " + gzCut);
        }
    }

    @Test
    void absurdMemsizesAreMalformedLinesAndLeaveEveryTotalAsItWas() throws IOException {
        Map<String, byte[]> inputs = HostileRubyDumps.all(3);
        Path valid = Files.write(dir.resolve("memsize-valid.json"), inputs.get("valid"));
        Path huge = Files.write(dir.resolve("memsize-huge.json"), inputs.get("huge-memsizes"));
        ObjectMapper json = new ObjectMapper();
        JsonNode base = json.readTree(held("summary", "--format", "json", valid.toString()));
        JsonNode hostile = json.readTree(HostileRun.inProcess("summary", "--format", "json", huge.toString()).out());
        assertThat(hostile.get("input").get("malformedLines").asLong()).isEqualTo(5);
        assertThat(hostile.get("bytes").asLong()).isEqualTo(base.get("bytes").asLong());
        assertThat(hostile.get("objects").asLong()).isEqualTo(base.get("objects").asLong());
        for (String command : List.of("summary", "histogram", "top", "retained")) {
            String out = HostileRun.inProcess(command, huge.toString()).assertHeld(command).out();
            assertThat(out).as(command).doesNotContainPattern("-[0-9]").doesNotContainPattern("[0-9]{4,}\\.[0-9]%");
        }
    }

    private record Figures(long objects, long bytes, long histogramBytes, long reachableBytes) {
        void assertNoMoreThan(Figures whole, String what) {
            assertThat(objects).as(what).isLessThanOrEqualTo(whole.objects);
            assertThat(bytes).as(what).isLessThanOrEqualTo(whole.bytes);
            assertThat(histogramBytes).as(what).isLessThanOrEqualTo(whole.histogramBytes);
            assertThat(reachableBytes).as(what).isLessThanOrEqualTo(whole.reachableBytes);
        }
    }

    private static Figures figures(Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode summary = json.readTree(held("summary", "--format", "json", file.toString()));
        JsonNode histogram = json.readTree(held("histogram", "--format", "json", file.toString()));
        JsonNode top = json.readTree(held("top", "--format", "json", file.toString()));
        return new Figures(summary.get("objects").asLong(), summary.get("bytes").asLong(),
                histogram.get("total").get("bytes").asLong(), top.get("reachability").get("reachableBytes").asLong());
    }

    private static String held(String... args) {
        HostileRun.Outcome o = HostileRun.inProcess(args).assertHeld(String.join(" ", args));
        assertThat(o.exitCode()).as(o.toString()).isZero();
        return o.out();
    }
}
