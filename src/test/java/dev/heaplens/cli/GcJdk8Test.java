package dev.heaplens.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.heaplens.cli.CliTestSupport.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * JDK 8 -XX:+PrintGCDetails -XX:+PrintGCDateStamps logs (no JDK 8 here: literal lines written after
 * HotSpot 8's documented format) for Parallel, Serial, CMS and G1.
 */
class GcJdk8Test {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode report(Path dir, String name, String... lines) throws Exception {
        Path log = CliTestSupport.writeDump(dir, name, lines);
        CliTestSupport.Result r = run("gc", log.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        return JSON.readTree(r.out());
    }

    @Test
    void parallel(@TempDir Path dir) throws Exception {
        JsonNode j = report(dir, "parallel.log",
                "Java HotSpot(TM) 64-Bit Server VM (25.202-b08) for linux-amd64 JRE (1.8.0_202-b08)",
                "CommandLine flags: -XX:InitialHeapSize=268435456 -XX:+PrintGCDateStamps -XX:+PrintGCDetails -XX:+UseParallelGC",
                "2024-05-01T12:00:00.456+0000: 0.456: [GC (Allocation Failure) [PSYoungGen: 65536K->10720K(76288K)] "
                        + "65536K->10728K(251392K), 0.0123456 secs] [Times: user=0.03 sys=0.01, real=0.01 secs] ",
                "2024-05-01T12:00:00.956+0000: 0.956: [GC (Allocation Failure) [PSYoungGen: 76256K->10736K(141824K)] "
                        + "76264K->20000K(316928K), 0.0200000 secs] [Times: user=0.05 sys=0.01, real=0.02 secs] ",
                "2024-05-01T12:00:01.456+0000: 1.456: [Full GC (Ergonomics) [PSYoungGen: 10736K->0K(141824K)] "
                        + "[ParOldGen: 9264K->15000K(175104K)] 20000K->15000K(316928K), [Metaspace: 3000K->3000K(1056768K)], "
                        + "0.0456789 secs] [Times: user=0.10 sys=0.00, real=0.05 secs] ");
        assertThat(j.path("collector").asText()).isEqualTo("Parallel");
        assertThat(j.path("version").asText()).isEqualTo("8");
        assertThat(j.path("collectors").toString()).isEqualTo("{\"PS Scavenge\":{\"count\":2,\"time_ms\":32.345},"
                + "\"PS MarkSweep\":{\"count\":1,\"time_ms\":45.678}}");
        assertThat(j.path("heap").path("peak_after_bytes").asLong()).isEqualTo(20000L * 1024);
        assertThat(j.path("heap").path("metaspace_bytes").asLong()).isEqualTo(3000L * 1024);
        assertThat(j.path("causes").toString()).contains("{\"kind\":\"full\",\"cause\":\"Ergonomics\",\"count\":1,");
    }

    @Test
    void serialWithTimeStampsOnly(@TempDir Path dir) throws Exception {
        JsonNode j = report(dir, "serial.log",
                "0.123: [GC (Allocation Failure) 0.123: [DefNew: 4416K->512K(4928K), 0.0034567 secs] 4416K->1234K(15872K), "
                        + "0.0035000 secs] [Times: user=0.00 sys=0.00, real=0.00 secs] ",
                "0.500: [Full GC (System.gc()) 0.500: [Tenured: 722K->1500K(10944K), 0.0100000 secs] 2000K->1500K(15872K), "
                        + "[Metaspace: 2500K->2500K(1056768K)], 0.0101000 secs] [Times: user=0.01 sys=0.00, real=0.01 secs] ");
        assertThat(j.path("collector").asText()).isEqualTo("Serial");
        assertThat(j.path("time_base").asText()).isEqualTo("uptime");
        assertThat(j.path("collectors").toString()).isEqualTo("{\"Copy\":{\"count\":1,\"time_ms\":3.5},"
                + "\"MarkSweepCompact\":{\"count\":1,\"time_ms\":10.1}}");
        assertThat(j.path("advice").get(0).path("rule").asText()).isEqualTo("full-gc-system-gc");
        assertThat(j.path("advice").get(0).path("setting").asText()).isEqualTo("-XX:+DisableExplicitGC");
    }

    @Test
    void cms(@TempDir Path dir) throws Exception {
        JsonNode j = report(dir, "cms.log",
                "2024-05-01T12:00:00.200+0000: 0.200: [GC (Allocation Failure) 2024-05-01T12:00:00.200+0000: 0.200: "
                        + "[ParNew: 19136K->2112K(19136K), 0.0123000 secs] 30000K->15000K(63360K), 0.0125000 secs] "
                        + "[Times: user=0.02 sys=0.00, real=0.01 secs] ",
                "2024-05-01T12:00:01.000+0000: 1.000: [GC (CMS Initial Mark) [1 CMS-initial-mark: 12000K(43712K)] "
                        + "14000K(63360K), 0.0012000 secs] [Times: user=0.00 sys=0.00, real=0.00 secs] ",
                "2024-05-01T12:00:01.001+0000: 1.001: [CMS-concurrent-mark-start]",
                "2024-05-01T12:00:01.010+0000: 1.010: [CMS-concurrent-mark: 0.009/0.009 secs] "
                        + "[Times: user=0.01 sys=0.00, real=0.01 secs] ",
                "2024-05-01T12:00:01.020+0000: 1.020: [GC (CMS Final Remark) [YG occupancy: 5000 K (19136 K)]"
                        + "1.020: [Rescan (parallel) , 0.0020000 secs]1.022: [weak refs processing, 0.0001000 secs]"
                        + "[1 CMS-remark: 12000K(43712K)] 17000K(63360K), 0.0030000 secs] [Times: user=0.01 sys=0.00, real=0.00 secs] ",
                "2024-05-01T12:00:02.000+0000: 2.000: [Full GC (Allocation Failure) 2.000: [CMS: 40000K->20000K(43712K), "
                        + "0.1000000 secs] 55000K->20000K(63360K), [Metaspace: 3000K->3000K(1056768K)], 0.1001000 secs] "
                        + "[Times: user=0.10 sys=0.00, real=0.10 secs] ");
        assertThat(j.path("collector").asText()).isEqualTo("CMS");
        assertThat(j.path("collectors").toString()).isEqualTo("{\"ParNew\":{\"count\":1,\"time_ms\":12.5},"
                + "\"ConcurrentMarkSweep\":{\"count\":3,\"time_ms\":104.3}}");
        assertThat(j.path("events").path("remark").asInt()).isEqualTo(1);
        assertThat(j.path("pauses").path("count").asInt()).isEqualTo(4);
    }

    @Test
    void g1WithItsHeapOnTheNextLines(@TempDir Path dir) throws Exception {
        JsonNode j = report(dir, "g1.log",
                "CommandLine flags: -XX:+PrintGCDateStamps -XX:+PrintGCDetails -XX:+UseG1GC",
                "2024-05-01T12:00:00.456+0000: 0.456: [GC pause (G1 Evacuation Pause) (young), 0.0123456 secs]",
                "   [Parallel Time: 10.1 ms, GC Workers: 4]",
                "      [GC Worker Start (ms): Min: 456.1, Avg: 456.2, Max: 456.3, Diff: 0.2]",
                "   [Eden: 24.0M(24.0M)->0.0B(20.0M) Survivors: 0.0B->3072.0K Heap: 24.0M(256.0M)->4096.0K(256.0M)]",
                " [Times: user=0.03 sys=0.00, real=0.01 secs] ",
                "2024-05-01T12:00:01.000+0000: 1.000: [GC pause (G1 Humongous Allocation) (young) (initial-mark), 0.0050000 secs]",
                "   [Eden: 20.0M(20.0M)->0.0B(20.0M) Survivors: 3072.0K->3072.0K Heap: 60.0M(256.0M)->42.0M(256.0M)]",
                "2024-05-01T12:00:01.010+0000: 1.010: [GC concurrent-mark-start]",
                "2024-05-01T12:00:01.050+0000: 1.050: [GC remark 1.050: [Finalize Marking, 0.0001000 secs] "
                        + "1.050: [GC ref-proc, 0.0001000 secs], 0.0020000 secs]",
                "2024-05-01T12:00:01.060+0000: 1.060: [GC cleanup 50M->48M(256M), 0.0005000 secs]",
                "2024-05-01T12:00:01.500+0000: 1.500: [GC pause (G1 Evacuation Pause) (mixed), 0.0080000 secs]",
                "   [Eden: 20.0M(20.0M)->0.0B(20.0M) Survivors: 3072.0K->3072.0K Heap: 70.0M(256.0M)->40.0M(256.0M)]",
                "2024-05-01T12:00:02.000+0000: 2.000: [Full GC (Allocation Failure)  200M->150M(256M), 0.5000000 secs]",
                "   [Eden: 0.0B(12.0M)->0.0B(12.0M) Survivors: 0.0B->0.0B Heap: 200.0M(256.0M)->150.0M(256.0M)], "
                        + "[Metaspace: 3000K->3000K(1056768K)]");
        assertThat(j.path("collector").asText()).isEqualTo("G1");
        // JDK 8: remark and cleanup are pauses, but no bean counts them
        assertThat(j.path("collectors").toString()).isEqualTo("{\"G1 Young Generation\":{\"count\":3,\"time_ms\":25.345},"
                + "\"G1 Old Generation\":{\"count\":1,\"time_ms\":500}}");
        assertThat(j.path("events").toString()).isEqualTo("{\"young\":2,\"mixed\":1,\"full\":1,\"remark\":1,\"cleanup\":1,"
                + "\"pause\":0,\"cycle\":0,\"stall\":0}");
        assertThat(j.path("heap").path("peak_after_bytes").asLong()).isEqualTo(150L << 20);
        assertThat(j.path("heap").path("first_after_bytes").asLong()).isEqualTo(4096L << 10);
        assertThat(j.path("time_base").asText()).isEqualTo("uptime");
    }

    @Test
    void aLogMostlyNotUnderstoodSaysSoInItsFirstLines(@TempDir Path dir) {
        Path log = CliTestSupport.writeDump(dir, "cut.log",
                "1.000: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K)",
                "2.000: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K), 0.0100000 secs]");
        CliTestSupport.Result r = run("gc", log.toString());
        assertThat(r.exitCode()).isZero();
        assertThat(r.out().lines().toList().get(2))
                .isEqualTo("Not understood: 1 of 2 GC lines (50.0%); the figures below leave them out (the first is in the warnings)");
        assertThat(r.errLines()).containsExactly("heaplens: warning: 1 line that looks like a GC pause was not understood "
                + "and not counted; the first: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K)");
        CliTestSupport.Result json = run("gc", log.toString(), "--format", "json");
        assertThat(json.out()).contains("\"unread_events\":1,");
    }

    @Test
    void linesWithoutTimeStampsAreReadWithAWarning(@TempDir Path dir) {
        Path log = CliTestSupport.writeDump(dir, "old.log",
                "[GC 30463K->3108K(1571712K), 0.1282309 secs]",
                "[Full GC 27606K->4744K(1571712K), 0.4287939 secs]");
        CliTestSupport.Result r = run("gc", log.toString(), "--format", "json");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("\"pauses\":{\"count\":2,\"total_ms\":557.023,")
                .contains("\"span_ms\":0,").contains("\"rates\":{\"allocation_bytes_per_second\":-1,");
        assertThat(r.errLines()).containsExactly("heaplens: warning: the lines carry no time stamps "
                + "(-XX:+PrintGCTimeStamps or -XX:+PrintGCDateStamps): rates and throughput cannot be computed");
    }

    /**
     * -XX:+UseConcMarkSweepGC -XX:-UseParNewGC, and -XX:+UseParNewGC alone (JDK 6-8): HotSpot 8's
     * MemoryService names the young bean after the young generation (DefNew: Copy, ParNew: ParNew)
     * and the old bean after the old one (Tenured: MarkSweepCompact, CMS: ConcurrentMarkSweep).
     */
    @Test
    void cmsWithDefNewAndParNewWithSerialOldAreNamedAsTheirBeans(@TempDir Path dir) throws Exception {
        JsonNode defNew = report(dir, "cms-defnew.log",
                "CommandLine flags: -XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+UseConcMarkSweepGC -XX:-UseParNewGC",
                "0.200: [GC (Allocation Failure) 0.200: [DefNew: 19136K->2112K(19136K), 0.0223000 secs] "
                        + "30000K->15000K(63360K), 0.0225000 secs] [Times: user=0.02 sys=0.00, real=0.02 secs] ",
                "2.000: [Full GC (Allocation Failure) 2.000: [CMS: 40000K->20000K(43712K), 0.1000000 secs] "
                        + "55000K->20000K(63360K), [Metaspace: 3000K->3000K(1056768K)], 0.1001000 secs] "
                        + "[Times: user=0.10 sys=0.00, real=0.10 secs] ");
        assertThat(defNew.path("collector").asText()).isEqualTo("CMS with DefNew");
        assertThat(defNew.path("collectors").toString()).isEqualTo("{\"Copy\":{\"count\":1,\"time_ms\":22.5},"
                + "\"ConcurrentMarkSweep\":{\"count\":1,\"time_ms\":100.1}}");
        JsonNode parNew = report(dir, "parnew-serial.log",
                "CommandLine flags: -XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+UseParNewGC",
                "0.200: [GC (Allocation Failure) 0.200: [ParNew: 19136K->2112K(19136K), 0.0123000 secs] "
                        + "30000K->15000K(63360K), 0.0125000 secs] [Times: user=0.02 sys=0.00, real=0.01 secs] ",
                "2.000: [Full GC (Allocation Failure) 2.000: [Tenured: 40000K->20000K(43712K), 0.1000000 secs] "
                        + "55000K->20000K(63360K), [Metaspace: 3000K->3000K(1056768K)], 0.1001000 secs] "
                        + "[Times: user=0.10 sys=0.00, real=0.10 secs] ");
        assertThat(parNew.path("collector").asText()).isEqualTo("ParNew with Serial old");
        assertThat(parNew.path("collectors").toString()).isEqualTo("{\"ParNew\":{\"count\":1,\"time_ms\":12.5},"
                + "\"MarkSweepCompact\":{\"count\":1,\"time_ms\":100.1}}");
    }
}
