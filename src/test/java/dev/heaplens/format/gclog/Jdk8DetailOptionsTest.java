package dev.heaplens.format.gclog;

import dev.heaplens.gc.GcEventType;
import dev.heaplens.gc.GcEvents;
import dev.heaplens.gc.GcLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JDK 8 (and 6, 7) logs with every detail option, alone and combined. No JDK 8 runs here: the lines
 * are written by hand after HotSpot 8's print code and the shapes public GC tools test with (a
 * pause split over lines by tenuring distribution or adaptive size policy, a heap print or a
 * concurrent phase printed inside a pause, a young and an old collection on one line). Each test
 * states the figures a reader works out from the lines: type, duration, end (start stamp +
 * duration) and heap of every pause.
 */
class Jdk8DetailOptionsTest {
    private static final long K = 1024;

    @TempDir
    Path dir;

    private GcLog read(String... lines) throws Exception {
        Path f = dir.resolve("gc.log");
        Files.writeString(f, String.join("\n", lines) + "\n");
        GcInput in = GcInput.open(f.toString());
        assertThat(in.kind()).isEqualTo(GcFileKind.JDK8);
        return GcLogReader.read(List.of(in));
    }

    /** Each event as "TYPE duration_us end_us before->after(capacity)", the heap in K. */
    private static List<String> events(GcLog log) {
        GcEvents e = log.events();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < e.size(); i++) {
            out.add(e.type(i) + " " + e.duration(i) + " " + e.time(i) + " "
                    + (e.before(i) < 0 ? "-" : e.before(i) / K + "->" + e.after(i) / K + "(" + e.capacity(i) / K + ")"));
        }
        return out;
    }

    /** The log's collector, and the bean that counts event {@code e}. */
    private static void assertCollector(GcLog log, String collector, int e, String bean) {
        assertThat(log.collector()).isEqualTo(collector);
        assertThat(log.events().collectorName(log.events().collector(e))).isEqualTo(bean);
    }

    @Test
    void parallelWithTenuringAdaptiveSizeHeapAtGcAndStoppedTime() throws Exception {
        GcLog log = read(
                "Java HotSpot(TM) 64-Bit Server VM (25.202-b08) for linux-amd64 JRE (1.8.0_202-b08), built on Dec 15 2018",
                "CommandLine flags: -XX:+PrintAdaptiveSizePolicy -XX:+PrintGCApplicationStoppedTime -XX:+PrintGCDateStamps "
                        + "-XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+PrintHeapAtGC -XX:+PrintTenuringDistribution -XX:+UseParallelGC",
                "{Heap before GC invocations=1 (full 0):",
                " PSYoungGen      total 38400K, used 33280K [0x00000000d5580000, 0x00000000d8000000, 0x0000000100000000)",
                "  eden space 33280K, 100% used [0x00000000d5580000,0x00000000d7600000,0x00000000d7600000)",
                " ParOldGen       total 87552K, used 0K [0x0000000080000000, 0x0000000085580000, 0x00000000d5580000)",
                " Metaspace       used 2655K, capacity 4486K, committed 4864K, reserved 1056768K",
                "2024-05-01T12:00:01.000+0000: 1.000: [GC (Allocation Failure) ",
                "Desired survivor size 5242880 bytes, new threshold 7 (max 15)",
                "AdaptiveSizeStart: 1.012 collection: 1 ",
                "PSAdaptiveSizePolicy::compute_eden_space_size: costs minor_time: 0.012000 major_cost: 0.000000 "
                        + "mutator_cost: 0.988000 throughput_goal: 0.990000 live_space: 268435456 free_space: 268435456",
                "AdaptiveSizeStop: collection: 1 ",
                "[PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K), 0.0120000 secs] [Times: user=0.02 sys=0.01, real=0.01 secs] ",
                "Heap after GC invocations=1 (full 0):",
                " PSYoungGen      total 38400K, used 5088K [0x00000000d5580000, 0x00000000d8000000, 0x0000000100000000)",
                "}",
                "2024-05-01T12:00:01.012+0000: 1.012: Total time for which application threads were stopped: 0.0121000 seconds, "
                        + "Stopping threads took: 0.0000100 seconds",
                "2024-05-01T12:00:02.000+0000: 2.000: [Full GC (Ergonomics) [PSYoungGen: 5088K->0K(38400K)] "
                        + "[ParOldGen: 14912K->18000K(87552K)] 20000K->18000K(125952K), [Metaspace: 2655K->2655K(1056768K)], "
                        + "0.0456000 secs] [Times: user=0.08 sys=0.00, real=0.05 secs] ");
        assertThat(events(log)).containsExactly(
                "YOUNG 12000 1012000 33280->20000(125952)",
                "FULL 45600 2045600 20000->18000(125952)");
        assertThat(log.collector()).isEqualTo("Parallel");
        assertThat(log.version()).isEqualTo("8");
        assertThat(log.unreadEvents()).isZero();
        assertThat(log.warnings()).isEmpty();
        assertThat(log.details().oldAfter(1)).isEqualTo(18000 * K);
        assertThat(log.spanMicros()).isEqualTo(2045600 - 1000000); // first start to last end
    }

    @Test
    void g1WithErgonomicsTenuringInterleavedConcurrentPhasesAndEveryPauseKind() throws Exception {
        GcLog log = read(
                "CommandLine flags: -XX:+PrintAdaptiveSizePolicy -XX:+PrintGCDetails -XX:+PrintGCTimeStamps "
                        + "-XX:+PrintTenuringDistribution -XX:+UseG1GC",
                "1.000: [GC pause (G1 Evacuation Pause) (young) 1.000: [G1Ergonomics (CSet Construction) start choosing CSet, "
                        + "_pending_cards: 0, predicted base time: 10.00 ms, remaining time: 190.00 ms, target pause time: 200.00 ms]",
                " 1.000: [G1Ergonomics (CSet Construction) add young regions to CSet, eden: 12 regions, survivors: 0 regions, "
                        + "predicted young region time: 2.56 ms]",
                " 1.000: [G1Ergonomics (CSet Construction) finish choosing CSet, eden: 12 regions, survivors: 0 regions, "
                        + "old: 0 regions, predicted pause time: 12.56 ms, target pause time: 200.00 ms]",
                "Desired survivor size 1048576 bytes, new threshold 15 (max 15)",
                "- age   1:     524288 bytes,     524288 total",
                ", 0.0100000 secs]",
                "   [Parallel Time: 9.5 ms, GC Workers: 2]",
                "      [GC Worker Start (ms): Min: 1000.1, Avg: 1000.2, Max: 1000.3, Diff: 0.2]",
                "   [Eden: 12.0M(12.0M)->0.0B(10.0M) Survivors: 0.0B->2048.0K Heap: 12.0M(128.0M)->3072.0K(128.0M)]",
                " [Times: user=0.02 sys=0.00, real=0.01 secs] ",
                "2.000: [GC pause (G1 Humongous Allocation) (young) (initial-mark), 0.0050000 secs]",
                "   [Eden: 10.0M(10.0M)->0.0B(10.0M) Survivors: 2048.0K->2048.0K Heap: 60.0M(128.0M)->50.0M(128.0M)]",
                "2.005: [GC concurrent-root-region-scan-start]",
                "2.006: [GC concurrent-root-region-scan-end, 0.0010000 secs]",
                "2.006: [GC concurrent-mark-start]",
                // a concurrent phase's end printed inside a young pause: 0.495 s is the mark's, not the pause's
                "2.500: [GC pause (G1 Evacuation Pause) (young)2.501: [GC concurrent-mark-end, 0.4950000 secs]",
                ", 0.0200000 secs]",
                "   [Eden: 10.0M(10.0M)->0.0B(10.0M) Survivors: 2048.0K->2048.0K Heap: 70.0M(128.0M)->55.0M(128.0M)]",
                "2.600: [GC remark 2.600: [Finalize Marking, 0.0001000 secs] 2.600: [GC ref-proc, 0.0002000 secs] "
                        + "2.601: [Unloading, 0.0010000 secs], 0.0030000 secs]",
                "2.700: [GC cleanup 55M->50M(128M), 0.0010000 secs]",
                "3.000: [GC pause (G1 Evacuation Pause) (mixed) (to-space exhausted), 0.1500000 secs]",
                "   [Eden: 5120.0K(5120.0K)->0.0B(6144.0K) Survivors: 2048.0K->0.0B Heap: 120.0M(128.0M)->125.0M(128.0M)]",
                "3.200: [Full GC (Allocation Failure)  125M->40M(128M), 0.4000000 secs]",
                "   [Eden: 0.0B(6144.0K)->0.0B(6144.0K) Survivors: 0.0B->0.0B Heap: 125.0M(128.0M)->40.0M(128.0M)], "
                        + "[Metaspace: 3000K->3000K(1056768K)]");
        assertThat(events(log)).containsExactly(
                "YOUNG 10000 1010000 12288->3072(131072)",
                "YOUNG 5000 2005000 61440->51200(131072)",
                "YOUNG 20000 2520000 71680->56320(131072)",
                "REMARK 3000 2603000 -",
                "CLEANUP 1000 2701000 56320->51200(131072)",
                "MIXED 150000 3150000 122880->128000(131072)",
                "FULL 400000 3600000 128000->40960(131072)");
        assertThat(log.evacuationFailures()).isEqualTo(1);
        assertThat(log.events().causeName(log.events().cause(1))).isEqualTo("G1 Humongous Allocation");
        assertThat(log.unreadEvents()).isZero();
        assertThat(log.collector()).isEqualTo("G1");
    }

    @Test
    void cmsWithReferenceGcInterleavedPhasesScavengeBeforeRemarkAndFailures() throws Exception {
        GcLog log = read(
                "CommandLine flags: -XX:+CMSScavengeBeforeRemark -XX:+PrintGCDetails -XX:+PrintGCTimeStamps "
                        + "-XX:+PrintReferenceGC -XX:+UseConcMarkSweepGC",
                // reference processing inside ParNew: five "secs]" before the collection's own
                "1.000: [GC (Allocation Failure) 1.000: [ParNew1.010: [SoftReference, 0 refs, 0.0000200 secs]1.010: "
                        + "[WeakReference, 12 refs, 0.0000100 secs]1.010: [FinalReference, 40 refs, 0.0001000 secs]1.010: "
                        + "[PhantomReference, 0 refs, 0 refs, 0.0000100 secs]1.010: [JNI Weak Reference, 0.0000050 secs]"
                        + ": 17472K->2176K(19648K), 0.0110000 secs] 17472K->5000K(63360K), 0.0112000 secs] "
                        + "[Times: user=0.02 sys=0.00, real=0.01 secs] ",
                "2.000: [GC (CMS Initial Mark) [1 CMS-initial-mark: 30000K(43712K)] 35000K(63360K), 0.0020000 secs] "
                        + "[Times: user=0.00 sys=0.00, real=0.00 secs] ",
                "2.002: [CMS-concurrent-mark-start]",
                "2.100: [CMS-concurrent-mark: 0.098/0.098 secs] [Times: user=0.10 sys=0.00, real=0.10 secs] ",
                "2.101: [CMS-concurrent-abortable-preclean-start]",
                // the abortable preclean ends inside a young pause: 0.139 s is not a pause
                "2.200: [GC (Allocation Failure) 2.200: [ParNew2.240: [CMS-concurrent-abortable-preclean: 0.040/0.139 secs] "
                        + "[Times: user=0.10 sys=0.00, real=0.14 secs] ",
                ": 19136K->2112K(19648K), 0.0300000 secs] 40000K->25000K(63360K), 0.0301000 secs] "
                        + "[Times: user=0.05 sys=0.00, real=0.03 secs] ",
                // -XX:+CMSScavengeBeforeRemark: the scavenge is inside the remark's stop, which is 9 ms in all
                "2.300: [GC (CMS Final Remark) [YG occupancy: 8000 K (19648 K)]2.300: [GC (CMS Final Remark) 2.300: "
                        + "[ParNew: 8000K->1000K(19648K), 0.0040000 secs] 33000K->26000K(63360K), 0.0041000 secs] "
                        + "[Times: user=0.01 sys=0.00, real=0.00 secs] ",
                "2.304: [Rescan (parallel) , 0.0020000 secs]2.306: [weak refs processing, 0.0001000 secs]2.306: "
                        + "[class unloading, 0.0010000 secs]2.307: [scrub symbol table, 0.0005000 secs]2.308: "
                        + "[scrub string table, 0.0002000 secs][1 CMS-remark: 25000K(43712K)] 26000K(63360K), 0.0090000 secs] "
                        + "[Times: user=0.02 sys=0.00, real=0.01 secs] ",
                "2.310: [CMS-concurrent-sweep-start]",
                // promotion failure: young and old on one line is a full GC
                "3.000: [GC (Allocation Failure) 3.000: [ParNew (promotion failed): 19136K->19136K(19648K), 0.0200000 secs]"
                        + "3.020: [CMS: 42000K->30000K(43712K), 0.2000000 secs] 61136K->30000K(63360K), "
                        + "[Metaspace: 3000K->3000K(1056768K)], 0.2210000 secs] [Times: user=0.25 sys=0.00, real=0.22 secs] ",
                // concurrent mode failure, with the interrupted mark's end printed inside it
                "4.000: [GC (Allocation Failure) 4.000: [ParNew: 19136K->19136K(19648K), 0.0000200 secs]4.000: "
                        + "[CMS4.050: [CMS-concurrent-mark: 0.050/0.060 secs] [Times: user=0.06 sys=0.00, real=0.06 secs] ",
                " (concurrent mode failure): 43000K->35000K(43712K), 0.4500000 secs] 62136K->35000K(63360K), "
                        + "[Metaspace: 3000K->3000K(1056768K)], 0.4510000 secs] [Times: user=0.45 sys=0.00, real=0.45 secs] ");
        assertThat(events(log)).containsExactly(
                "YOUNG 11200 1011200 17472->5000(63360)",
                "PAUSE 2000 2002000 -",
                "YOUNG 30100 2230100 40000->25000(63360)",
                "REMARK 9000 2309000 -",
                "FULL 221000 3221000 61136->30000(63360)",
                "FULL 451000 4451000 62136->35000(63360)");
        assertThat(log.details().oldBefore(4)).isEqualTo(42000 * K);
        assertThat(log.details().oldAfter(5)).isEqualTo(35000 * K);
        assertThat(log.unreadEvents()).isZero();
        assertCollector(log, "CMS", 4, "ConcurrentMarkSweep");
    }

    @Test
    void serialYoungAndTenuredOnOneLineIsAFullGc() throws Exception {
        GcLog log = read(
                "0.100: [GC (Allocation Failure) 0.100: [DefNew: 4416K->512K(4928K), 0.0034567 secs] 4416K->1234K(15872K), "
                        + "0.0035000 secs] [Times: user=0.00 sys=0.00, real=0.00 secs] ",
                "0.500: [GC (Allocation Failure) 0.500: [DefNew: 4416K->4416K(4928K), 0.0000100 secs]0.500: "
                        + "[Tenured: 10000K->8000K(10944K), 0.0400000 secs] 14416K->8000K(15872K), "
                        + "[Metaspace: 2500K->2500K(1056768K)], 0.0401000 secs] [Times: user=0.04 sys=0.00, real=0.04 secs] ");
        assertThat(events(log)).containsExactly(
                "YOUNG 3500 103500 4416->1234(15872)",
                "FULL 40100 540100 14416->8000(15872)");
        assertCollector(log, "Serial", 1, "MarkSweepCompact");
    }

    @Test
    void jdk7And6ShapesWithoutCauses() throws Exception {
        GcLog log = read(
                "1.000: [GC [PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K), 0.0120000 secs] "
                        + "[Times: user=0.02 sys=0.00, real=0.01 secs] ",
                "1.500: [GC-- [PSYoungGen: 38368K->38368K(38400K)] 120000K->125000K(125952K), 0.0300000 secs] ",
                "2.000: [Full GC [PSYoungGen: 5088K->0K(38400K)] [ParOldGen: 14912K->18000K(87552K)] 20000K->18000K(125952K) "
                        + "[PSPermGen: 2600K->2600K(21248K)], 0.0500000 secs] [Times: user=0.05 sys=0.00, real=0.05 secs] ",
                "3.000: [GC",
                "Desired survivor size 5242880 bytes, new threshold 7 (max 15)",
                " [PSYoungGen: 33280K->5088K(38400K)] 51280K->23000K(125952K), 0.0100000 secs] ");
        assertThat(events(log)).containsExactly(
                "YOUNG 12000 1012000 33280->20000(125952)",
                "YOUNG 30000 1530000 120000->125000(125952)",
                "FULL 50000 2050000 20000->18000(125952)",
                "YOUNG 10000 3010000 51280->23000(125952)");
        assertThat(log.version()).isEqualTo("7 or older");
        assertThat(log.collector()).isEqualTo("Parallel");
    }

    @Test
    void jdk6CmsWithDateStampsGluedToGc() throws Exception {
        GcLog log = read(
                "2014-04-09T15:27:23.456+0200: 0.304: [GC2014-04-09T15:27:23.456+0200: 0.304: [ParNew",
                "Desired survivor size 1114112 bytes, new threshold 1 (max 15)",
                "- age   1:    2078520 bytes,    2078520 total",
                ": 17472K->2176K(19648K), 0.0082331 secs] 17472K->4116K(63360K), 0.0083078 secs] "
                        + "[Times: user=0.02 sys=0.00, real=0.01 secs] ",
                "2014-04-09T15:27:23.466+0200: 0.314: Total time for which application threads were stopped: 0.0085 seconds");
        assertThat(events(log)).containsExactly("YOUNG 8307 312307 17472->4116(63360)");
        assertThat(log.collector()).isEqualTo("CMS");
        assertThat(log.uptimeClock()).isTrue();
    }

    @Test
    void shenandoahOfJdk8TimesItsPausesInMilliseconds() throws Exception {
        GcLog log = read(
                "OpenJDK 64-Bit Server VM (25.71-b00) for linux-amd64 JRE (1.8.0-internal-b00), built on Aug 16 2022",
                "2022-08-17T16:20:47.680+0800: 2.464: [Concurrent reset, start]",
                "2022-08-17T16:20:47.680+0800: 2.464: [Concurrent reset, 0.333 ms]",
                "2022-08-17T16:20:47.685+0800: 2.469: [Pause Init Mark (process weakrefs), start]",
                "2022-08-17T16:20:47.688+0800: 2.472: [Pause Init Mark (process weakrefs), 3.341 ms]",
                "2022-08-17T16:20:48.561+0800: 3.344: [Concurrent cleanup 1613M->1361M(1636M), 0.092 ms]",
                "2022-08-17T16:20:49.000+0800: 3.800: [Pause Degenerated GC (Update Refs) 3941M->1733M(3966M), 120.500 ms]",
                "2022-08-17T16:20:50.000+0800: 4.800: [Pause Full 3941M->1000M(3966M), 1500.000 ms]");
        assertThat(events(log)).containsExactly(
                "PAUSE 3341 2475341 -",
                "PAUSE 120500 3920500 " + 3941 * K + "->" + 1733 * K + "(" + 3966 * K + ")",
                "FULL 1500000 6300000 " + 3941 * K + "->" + 1000 * K + "(" + 3966 * K + ")");
        assertThat(log.version()).isEqualTo("8");
        assertCollector(log, "Shenandoah", 0, "Shenandoah Pauses");
    }

    @Test
    void pausesNotUnderstoodAreCountedWithTheFirstExample() throws Exception {
        GcLog log = read(
                "1.000: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K)",
                "2.000: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K), 0.0100000 secs] ",
                "3.000: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] no time]",
                "garbage [GC (Allocation Failure) here",
                "4.000: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K), 0.0100000 secs] ",
                "5.000: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] 33280K->2");
        assertThat(events(log)).containsExactly(
                "YOUNG 10000 2010000 33280->20000(125952)",
                "YOUNG 10000 4010000 33280->20000(125952)");
        assertThat(log.unreadEvents()).isEqualTo(4); // cut by the next pause, no time, no stamp, cut by the end
        assertThat(log.unreadShare()).isEqualTo(4 / 6.0);
        assertThat(log.warnings()).containsExactly("4 lines that look like a GC pause were not understood and not "
                + "counted; the first: [GC (Allocation Failure) [PSYoungGen: 33280K->5088K(38400K)] 33280K->20000K(125952K)");
    }

    @Test
    void aCompleteLastLineWithoutALineEndIsRead() throws Exception {
        Path f = dir.resolve("gc.log");
        Files.writeString(f, "0.456: [GC (Allocation Failure) [PSYoungGen: 65536K->10720K(76288K)] 65536K->10728K(251392K), "
                + "0.0123456 secs] [Times: user=0.03 sys=0.01, real=0.01 secs]");
        GcLog log = GcLogReader.read(List.of(GcInput.open(f.toString())));
        assertThat(events(log)).containsExactly("YOUNG 12345 468345 65536->10728(251392)");
        assertThat(log.warnings()).isEmpty();
    }

    @Test
    void aLastLineCutInsideItsTimeIsNotRead() throws Exception {
        Path f = dir.resolve("gc.log");
        Files.writeString(f, "0.456: [GC (Allocation Failure) [PSYoungGen: 65536K->10720K(76288K)] 65536K->10728K(251392K), "
                + "0.0123456 secs]\n1.000: [GC (Allocation Failure) [PSYoungGen: 65536K->10720K(76288K)] 65536K->10728K(251392K), 0.01");
        GcLog log = GcLogReader.read(List.of(GcInput.open(f.toString())));
        assertThat(events(log)).hasSize(1);
        assertThat(log.warnings()).anyMatch(w -> w.contains("line 2 is cut"));
    }
}
