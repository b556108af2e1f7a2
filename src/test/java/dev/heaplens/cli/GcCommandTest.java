package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/** heaplens gc on literal unified-logging text: every decorator variant, collectors, cut and foreign files. */
class GcCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A small G1 run (JDK 17 wording), messages only; decorations are added per test. */
    private static final String[][] G1 = {
            {"0.004", "info", "gc", "Using G1"},
            {"0.004", "info", "gc,init", "Version: 17.0.15+6 (release)"},
            {"0.004", "info", "gc,init", "Heap Region Size: 1M"},
            {"0.050", "info", "gc,start", "GC(0) Pause Young (Normal) (G1 Evacuation Pause)"},
            {"0.052", "info", "gc,heap", "GC(0) Old regions: 0->2"},
            {"0.052", "info", "gc,heap", "GC(0) Humongous regions: 3->1"},
            {"0.052", "info", "gc,metaspace", "GC(0) Metaspace: 80K(320K)->80K(320K) NonClass: 77K(192K)->77K(192K) Class: 3K(128K)->3K(128K)"},
            {"0.052", "info", "gc", "GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(64M) 2.500ms"},
            {"0.100", "info", "gc", "GC(1) Pause Young (Concurrent Start) (G1 Humongous Allocation) 30M->6M(64M) 1.250ms"},
            {"0.100", "info", "gc", "GC(2) Concurrent Mark Cycle"},
            {"0.110", "info", "gc", "GC(2) Pause Remark 8M->8M(64M) 0.750ms"},
            {"0.115", "info", "gc", "GC(2) Pause Cleanup 8M->8M(64M) 0.100ms"},
            {"0.120", "info", "gc", "GC(2) Concurrent Mark Cycle 20.000ms"},
            {"0.150", "info", "gc", "GC(3) Pause Young (Prepare Mixed) (G1 Evacuation Pause) 40M->10M(64M) 3.000ms"},
            {"0.200", "info", "gc", "GC(4) Pause Young (Mixed) (G1 Evacuation Pause) 40M->8M(64M) 4.000ms"},
            {"0.300", "info", "gc", "GC(5) Pause Full (System.gc()) 30M->5M(64M) 12.000ms"},
    };

    static String[] decorate(String[][] lines, String style) {
        List<String> out = new ArrayList<>();
        for (String[] l : lines) {
            double s = Double.parseDouble(l[0]);
            long millis = Math.round(s * 1000);
            String tags = String.format("%-12s", l[2]);
            out.add(switch (style) {
                case "uptime" -> "[" + l[0] + "s] " + l[3];
                case "uptime,level,tags" -> "[" + l[0] + "s][" + l[1] + "][" + tags + "] " + l[3];
                case "time,uptimemillis,pid,tid,level,tags" -> "[2026-11-23T21:16:29." + String.format("%03d", 100 + millis)
                        + "+0000][" + millis + "ms][4242][4243][" + l[1] + " ][" + tags + "] " + l[3];
                case "uptimenanos,timemillis" -> "[" + millis * 1_000_000 + "ns][" + (1_795_000_000_000L + millis) + "ms] " + l[3];
                case "time" -> "[2026-11-23T21:16:" + String.format("%06.3f", 29 + s) + "+0100] " + l[3];
                case "timemillis,hostname,level" -> "[" + (1_795_000_000_000L + millis) + "ms][build-host][" + l[1] + "] " + l[3];
                default -> throw new IllegalArgumentException(style);
            });
        }
        return out.toArray(String[]::new);
    }

    @Test
    void timelineSlicesHoldThePausesAndTheAllocationBetweenThem(@TempDir Path dir) throws Exception {
        Path log = java.nio.file.Files.writeString(dir.resolve("gc.log"), String.join("\n",
                "[0.004s][info][gc] Using G1",
                "[0.050s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(64M) 2.500ms",
                "[0.100s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 30M->6M(64M) 1.250ms",
                "[0.300s][info][gc] GC(2) Pause Full (System.gc()) 30M->5M(64M) 12.000ms", ""));
        JsonNode series = JSON.readTree(run("gc", log.toString(), "--format", "json").out()).path("series");
        // worked by hand: 1 ms slices; 30M - 4M allocated before GC(1), 30M - 6M before GC(2)
        assertThat(series.path("slice_s").asDouble()).isEqualTo(0.001);
        assertThat(series.path("timeline").toString())
                .isEqualTo("[[0.05,1,2.5,2.5,null],[0.1,1,1.25,1.25," + 26 * 1024 * 1024 + "],[0.3,1,12,12," + 24 * 1024 * 1024 + "]]");
    }

    @Test
    void aLongLogKeepsItsLongestPauseInTheTimeline(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>(List.of("[0.001s][info][gc] Using G1"));
        for (int i = 0; i < 10_000; i++) {
            String ms = i == 7_777 ? "500.000" : "1.000";
            lines.add(String.format(java.util.Locale.ROOT, "[%.3fs][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 30M->4M(64M) %sms",
                    1 + i * 0.01, i, ms));
        }
        Path log = java.nio.file.Files.write(dir.resolve("gc.log"), lines);
        JsonNode series = JSON.readTree(run("gc", log.toString(), "--format", "json").out()).path("series");
        JsonNode timeline = series.path("timeline");
        assertThat(timeline.size()).isLessThanOrEqualTo(2000);
        long pauses = 0;
        double longest = 0;
        double longestAt = -1;
        for (JsonNode slice : timeline) {
            pauses += slice.get(1).asLong();
            if (slice.get(3).asDouble() > longest) {
                longest = slice.get(3).asDouble();
                longestAt = slice.get(0).asDouble();
            }
        }
        assertThat(pauses).isEqualTo(10_000);
        assertThat(longest).isEqualTo(500.0);
        // GC(7777) is at 78.77 s: its slice starts at most one slice width before
        assertThat(longestAt).isBetween(78.77 - series.path("slice_s").asDouble(), 78.77);
    }

    @Test
    void everyDecoratorSetGivesTheSameFigures(@TempDir Path dir) throws Exception {
        String reference = null;
        for (String style : List.of("uptime", "uptime,level,tags", "time,uptimemillis,pid,tid,level,tags",
                "uptimenanos,timemillis", "time", "timemillis,hostname,level")) {
            Path log = CliTestSupport.writeDump(dir, style.replace(',', '_') + ".log", decorate(G1, style));
            CliTestSupport.Result r = run("gc", log.toString(), "--format", "json");
            assertThat(r.exitCode()).as(style + "\n" + r).isZero();
            JsonNode j = JSON.readTree(r.out());
            for (JsonNode pause : j.path("pauses").path("longest")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) pause).remove("time_s"); // uptime or epoch seconds
            }
            String figures = j.path("collectors").toString() + j.path("pauses").toString() + j.path("causes").toString()
                    + j.path("events").toString() + j.path("span_ms");
            if (reference == null) {
                reference = figures;
            }
            assertThat(figures).as(style).isEqualTo(reference);
        }
        // JDK 17: remark and cleanup are pauses, but no bean counts them (G1 Concurrent GC came in JDK 20)
        assertThat(reference).startsWith("{\"G1 Young Generation\":{\"count\":4,\"time_ms\":10.75},"
                + "\"G1 Old Generation\":{\"count\":1,\"time_ms\":12}}{\"count\":7,\"total_ms\":23.6,");
    }

    /** The allocation line: 112 MiB (26 + 34 + 30 + 22) between the GCs at 0.052 and 0.300 s: 117,440,512 B / 0.248 s. */
    @Test
    void tableReport(@TempDir Path dir) {
        Path log = CliTestSupport.writeDump(dir, "gc.log", decorate(G1, "uptime,level,tags"));
        CliTestSupport.Result r = run("gc", log.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out().replace(log.toString(), "gc.log")).isEqualTo("""
                GC log: gc.log
                JVM, collector G1, JDK 17; 16 lines, span 250.5 ms (JVM uptime)
                Events: 3 young, 1 mixed, 1 full, 1 remark, 1 cleanup, 1 cycle

                Collectors (as their GarbageCollectorMXBean counts them)
                collector            count     time
                G1 Young Generation      4  10.8 ms
                G1 Old Generation        1  12.0 ms

                Pauses
                count    total      mean       p50      p90      p99    p99.9      max  throughput
                    7  23.6 ms  3.371 ms  2.500 ms  12.0 ms  12.0 ms  12.0 ms  12.0 ms      90.58%

                Pause distribution
                pause                count  share
                0.000 ms – 1.000 ms      2  28.6%
                1.000 ms – 2.000 ms      1  14.3%
                2.000 ms – 5.000 ms      3  42.9%
                10.0 ms – 20.0 ms        1  14.3%

                Longest pauses
                    at     pause  kind     cause                       GC
                0.300s   12.0 ms  full     System.gc()              GC(5)
                0.200s  4.000 ms  mixed    G1 Evacuation Pause      GC(4)
                0.150s  3.000 ms  young    G1 Evacuation Pause      GC(3)
                0.052s  2.500 ms  young    G1 Evacuation Pause      GC(0)
                0.100s  1.250 ms  young    G1 Humongous Allocation  GC(1)
                0.110s  0.750 ms  remark   Pause Remark             GC(2)
                0.115s  0.100 ms  cleanup  Pause Cleanup            GC(2)

                Rates
                rate                         value
                allocation              473.6 MB/s
                promotion                 8.4 MB/s
                GCs per minute              1197.6
                time between young GCs     49.3 ms

                Heap after GC
                figure                                           value
                GCs with heap sizes                                  5
                peak before GC                                 41.9 MB
                peak after GC                                  10.5 MB
                first / last after GC                  4.2 MB / 5.2 MB
                trend (slope)                                +3.3 MB/s
                floor by quarter       4.2 MB, 10.5 MB, 8.4 MB, 5.2 MB
                floor rising                                        no
                metaspace (last)                               81.9 KB
                humongous (peak)                                1.0 MB

                Causes
                kind   cause                    count     total       max
                full   System.gc()                  1   12.0 ms   12.0 ms
                young  G1 Evacuation Pause          2  5.500 ms  3.000 ms
                mixed  G1 Evacuation Pause          1  4.000 ms  4.000 ms
                young  G1 Humongous Allocation      1  1.250 ms  1.250 ms

                Diagnosis and advice
                1. full-gc-system-gc: 1 full GCs caused by System.gc(), 12 ms in all, longest 12 ms
                   threshold: any full GC from System.gc()
                   try -XX:+ExplicitGCInvokesConcurrent: code (or RMI's hourly distributed GC) called System.gc(); make it a concurrent cycle, or ignore it when nothing relies on it (direct buffers freed by GC do)
                """);
    }

    @Test
    void aCutLogIsReadWithWarnings(@TempDir Path dir) {
        String[] lines = decorate(G1, "uptime,level,tags");
        List<String> kept = new ArrayList<>(List.of(lines).subList(8, lines.length)); // from GC(1) on
        String text = String.join("\n", kept) + "\n[0.400s][info][gc          ] GC(6) Pause Young (Normal) (G1 Ev";
        Path log = CliTestSupport.writeText(dir, "cut.log", text);
        CliTestSupport.Result r = run("gc", log.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines()).containsExactly(
                "heaplens: warning: " + log + ": line 9 is cut (no line end; the log was still being written?): ignored: "
                        + "[0.400s][info][gc          ] GC(6) Pause Young (Normal) (G1 Ev",
                "heaplens: warning: the log starts at GC(1): its first lines are missing (rotated away or cut), "
                        + "so counts cover GC(1) onwards");
        assertThat(r.out()).contains("\"collector\":\"G1\"", "\"G1 Young Generation\":{\"count\":3,");
    }

    /** A hostile log naming more distinct causes than a short id holds (this once overflowed the stack). */
    @Test
    void aLogOfTooManyDistinctCausesCountsTheRestAsOther(@TempDir Path dir) throws Exception {
        StringBuilder text = new StringBuilder();
        int events = 40_000;
        for (int i = 0; i < events; i++) {
            text.append(String.format("[%d.%03ds][info][gc] GC(%d) Pause Young (Cause %d) 10M->5M(20M) 1.000ms%n",
                    i / 1000, i % 1000, i, i));
        }
        Path log = CliTestSupport.writeText(dir, "causes.log", text.toString());
        CliTestSupport.Result r = run("gc", log.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        int kept = Short.MAX_VALUE - 1;
        assertThat(r.errLines()).containsExactly("heaplens: warning: " + (events - kept)
                + " events' causes are counted as (other): the log names more distinct causes than heaplens keeps ("
                + kept + ")");
        JsonNode causes = JSON.readTree(r.out()).path("causes");
        assertThat(causes.toString()).contains("(other)");
    }

    @Test
    void aFileOfAnotherKindGetsOneLineAndExit2(@TempDir Path dir) {
        Path text = CliTestSupport.writeDump(dir, "notes.txt", "hello", "world");
        CliTestSupport.Result r = run("gc", text.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).containsExactly("heaplens: " + text + ": not GC data heaplens can read: the file is "
                + "text that is not GC data (expected a JVM GC log such as '[0.012s][info][gc] GC(0) Pause Young ...', "
                + "or Ruby GC.stat output)");
        Path heap = CliTestSupport.writeDump(dir, "heap.json", "{\"address\":\"0x1\", \"type\":\"STRING\"}");
        assertThat(run("gc", heap.toString()).exitCode()).isEqualTo(2);
        assertThat(run("gc", dir.resolve("missing.log").toString()).errLines())
                .containsExactly("heaplens: " + dir.resolve("missing.log") + ": no such file");
    }

    @Test
    void generationalZgcShenandoahAndParallelWithoutTheirFirstLines(@TempDir Path dir) throws Exception {
        Path zgc = CliTestSupport.writeDump(dir, "zgc.log",
                "[0.100s][info][gc          ] GC(0) Minor Collection (Allocation Rate)",
                "[0.100s][info][gc,phases   ] GC(0) y: Pause Mark Start 0.010ms",
                "[0.101s][info][gc,phases   ] GC(0) y: Pause Mark End 0.020ms",
                "[0.102s][info][gc,phases   ] GC(0) y: Pause Relocate Start 0.030ms",
                "[0.103s][info][gc          ] GC(0) Minor Collection (Allocation Rate) 48M(75%)->20M(31%) 0.003s",
                "[0.110s][info][gc          ] Allocation Stall (main) 1.500ms",
                "[0.200s][info][gc          ] GC(1) Major Collection (Proactive)",
                "[0.200s][info][gc,phases   ] GC(1) Y: Pause Mark Start (Major) 0.010ms",
                "[0.201s][info][gc,phases   ] GC(1) Y: Pause Mark End 0.010ms",
                "[0.202s][info][gc,phases   ] GC(1) Y: Pause Relocate Start 0.010ms",
                "[0.210s][info][gc,phases   ] GC(1) O: Pause Mark End 0.040ms",
                "[0.215s][info][gc,phases   ] GC(1) O: Pause Relocate Start 0.050ms",
                "[0.220s][info][gc          ] GC(1) Major Collection (Proactive) 30M(47%)->10M(16%) 0.020s");
        JsonNode z = JSON.readTree(run("gc", zgc.toString(), "--format", "json").out());
        assertThat(z.path("collector").asText()).isEqualTo("ZGC (generational)");
        assertThat(z.path("collectors").toString()).isEqualTo("{\"ZGC Minor Pauses\":{\"count\":3,\"time_ms\":0.06},"
                + "\"ZGC Minor Cycles\":{\"count\":1,\"time_ms\":3},\"ZGC Major Pauses\":{\"count\":5,\"time_ms\":0.12},"
                + "\"ZGC Major Cycles\":{\"count\":1,\"time_ms\":20}}");
        assertThat(z.path("stalls").toString()).isEqualTo("{\"count\":1,\"total_ms\":1.5,\"max_ms\":1.5}");
        assertThat(z.path("advice").get(0).path("rule").asText()).isEqualTo("allocation-stalls");

        Path shenandoah = CliTestSupport.writeDump(dir, "shenandoah.log",
                "[0.300s][info][gc] GC(7) Concurrent reset 0.100ms",
                "[0.301s][info][gc] GC(7) Pause Init Mark (unload classes) 0.050ms",
                "[0.305s][info][gc] GC(7) Concurrent marking (unload classes) 3.000ms",
                "[0.306s][info][gc] GC(7) Pause Final Mark (unload classes) 0.040ms",
                "[0.307s][info][gc] GC(7) Concurrent cleanup 40M->30M(64M) 0.010ms",
                "[0.309s][info][gc] GC(7) Pause Init Update Refs 0.010ms",
                "[0.310s][info][gc] GC(7) Pause Final Update Refs 0.020ms",
                "[0.310s][info][gc] GC(7) Concurrent cleanup 30M->12M(64M) 0.010ms",
                "[0.400s][info][gc] GC(8) Pause Degenerated GC (Mark) 60M->16M(64M) 2.000ms");
        JsonNode sh = JSON.readTree(run("gc", shenandoah.toString(), "--format", "json").out());
        assertThat(sh.path("collector").asText()).isEqualTo("Shenandoah");
        // cycles from the first phase's start to the last one's end, as the bean times them: 10.1 + 2 ms
        assertThat(sh.path("collectors").toString()).isEqualTo("{\"Shenandoah Pauses\":{\"count\":5,\"time_ms\":2.12},"
                + "\"Shenandoah Cycles\":{\"count\":2,\"time_ms\":12.1}}");

        Path parallel = CliTestSupport.writeDump(dir, "parallel.log",
                "[1.000s][info][gc,heap     ] GC(12) PSYoungGen: 17776K(18944K)->1744K(18944K) Eden: 16384K(16384K)->0K(16384K)",
                "[1.000s][info][gc,heap     ] GC(12) ParOldGen: 1024K(44032K)->3072K(44032K)",
                "[1.000s][info][gc          ] GC(12) Pause Young (Allocation Failure) 18M->4M(61M) 0.500ms",
                "[1.500s][info][gc          ] GC(13) Pause Full (Ergonomics) 40M->20M(61M) 8.000ms");
        CliTestSupport.Result pr = run("gc", parallel.toString(), "--format", "json");
        JsonNode p = JSON.readTree(pr.out());
        assertThat(p.path("collector").asText()).isEqualTo("Parallel");
        assertThat(p.path("collectors").toString()).isEqualTo("{\"PS Scavenge\":{\"count\":1,\"time_ms\":0.5},"
                + "\"PS MarkSweep\":{\"count\":1,\"time_ms\":8}}");
        assertThat(pr.errLines()).containsExactly("heaplens: warning: the log starts at GC(12): its first lines are missing "
                + "(rotated away or cut), so counts cover GC(12) onwards");
    }

    @Test
    void twoJvmRunsSideBySide(@TempDir Path dir) throws Exception {
        Path a = CliTestSupport.writeDump(dir, "a.log", decorate(G1, "uptime,level,tags"));
        String[] faster = decorate(G1, "uptime,level,tags");
        for (int i = 0; i < faster.length; i++) {
            faster[i] = faster[i].replace("12.000ms", "6.000ms").replace("2.500ms", "1.250ms");
        }
        Path b = CliTestSupport.writeDump(dir, "b.log", faster);
        CliTestSupport.Result r = run("gc", a.toString(), b.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.outLines()).contains(
                "G1 Young Generation time      10.8 ms    9.500 ms  -11.6%",
                "G1 Old Generation count             1           1   +0.0%",
                "pause total                   23.6 ms     16.4 ms  -30.7%",
                "throughput                     90.58%      93.44%   +3.2%");
        JsonNode j = JSON.readTree(run("gc", a.toString(), b.toString(), "--format", "json").out());
        assertThat(j.path("a").path("pauses").path("max_ms").asDouble()).isEqualTo(12.0);
        assertThat(j.path("b").path("pauses").path("max_ms").asDouble()).isEqualTo(6.0);
        assertThat(j.path("changes").get(0).toString())
                .isEqualTo("{\"figure\":\"G1 Young Generation count\",\"unit\":\"count\",\"a\":4,\"b\":4,\"change\":0}");
    }

    @Test
    void aCutGzipIsReadUpToTheCut(@TempDir Path dir) throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            text.append(String.format(java.util.Locale.ROOT,
                    "[%d.%03ds][info][gc] GC(%d) Pause Young (Allocation Failure) 20M->4M(61M) 0.500ms%n", i / 1000, i % 1000, i));
        }
        byte[] gz = CliTestSupport.gzip(text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path cut = CliTestSupport.writeBytes(dir, "gc.log.gz", java.util.Arrays.copyOf(gz, gz.length / 2));
        CliTestSupport.Result r = run("gc", cut.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).startsWith("heaplens: warning: " + cut + ": the gzip data is cut or corrupt (")
                .contains("): read up to line ");
        JsonNode j = JSON.readTree(r.out());
        long young = j.path("collectors").path("Copy or PS Scavenge").path("count").asLong();
        assertThat(young).isBetween(1L, 2999L);
        assertThat(j.path("lines").asLong()).isGreaterThanOrEqualTo(young);
    }
}
