package dev.heaplens.format.gclog;

import dev.heaplens.format.gclog.probe.GcProbe;
import dev.heaplens.gc.GcEventDetails;
import dev.heaplens.gc.GcEvents;
import dev.heaplens.gc.GcLog;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Reading a unified log in parts on several threads (each part's lines filtered on its own
 * thread, the kept lines parsed in order) must give exactly what reading it line by line on one
 * thread gives: the oracle is the one-thread reader, on real logs of every collector made by
 * child JVMs, read whole, cut at arbitrary points at either end, and with CRLF line ends, with
 * part sizes from a few bytes (every line crosses a boundary) to many lines.
 */
class GcLogPartsTest {
    private static final String JDK_25 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";
    private static final String THIS_JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final int[] PART_SIZES = {7, 100, 1000, 4093, 65536};

    static Stream<Arguments> logs() {
        return Stream.of(
                Arguments.of(THIS_JAVA, "-XX:+UseG1GC", "gc*=debug", "uptime,level,tags"),
                Arguments.of(THIS_JAVA, "-XX:+UseParallelGC", "gc*", "time,uptimemillis,pid,tid,level,tags"),
                Arguments.of(THIS_JAVA, "-XX:+UseSerialGC", "gc*", "uptimenanos"),
                Arguments.of(THIS_JAVA, "-XX:+UseZGC", "gc*", "uptime,level,tags"),
                Arguments.of(THIS_JAVA, "-XX:+UseShenandoahGC", "gc*=debug", "time,level,tags"),
                Arguments.of(JDK_25, "-XX:+UseZGC", "gc*", "uptime,level,tags"),
                Arguments.of(JDK_25, "-XX:+UseShenandoahGC", "gc*", "uptimenanos,pid,level,tags"));
    }

    @ParameterizedTest(name = "{0} {1} -Xlog:{2}::{3}")
    @MethodSource("logs")
    void partsOnSeveralThreadsReadAsOneThreadDoes(String java, String collector, String what, String decorators,
                                                  @TempDir Path dir) throws Exception {
        assumeTrue(new File(java).canExecute(), java + " is not installed");
        Path log = dir.resolve("gc.log");
        Process child = new ProcessBuilder(java, collector, "-Xmx64m",
                "-Xlog:" + what + ":file=" + log + ":" + decorators + ":filecount=0",
                "-cp", System.getProperty("java.class.path"), GcProbe.class.getName(), dir.resolve("beans.txt").toString(),
                "300").redirectErrorStream(true).start();
        String childOutput = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(childOutput).isZero();
        byte[] whole = Files.readAllBytes(log);

        GcLog one = readOnOneThread(log);
        assertThat(one.events().size()).as("the log has events").isPositive();
        for (int part : PART_SIZES) {
            assertSameAsOneThread(log, part, one);
        }

        Random random = new Random(whole.length);
        Path cut = dir.resolve("cut.log");
        for (int i = 0; i < 12; i++) {
            int from = i % 3 == 0 ? 0 : random.nextInt(whole.length / 2);
            int to = i % 3 == 1 ? whole.length : from + 1 + random.nextInt(whole.length - from);
            Files.write(cut, Arrays.copyOfRange(whole, from, to));
            if (GcInput.open(cut.toString()).kind() != GcFileKind.UNIFIED) {
                continue; // too little left to tell what it is
            }
            GcLog oneCut = readOnOneThread(cut);
            for (int part : new int[] {1 + random.nextInt(200), 1 + random.nextInt(20_000)}) {
                assertSameAsOneThread(cut, part, oneCut);
            }
        }

        Path crlf = dir.resolve("crlf.log");
        Files.writeString(crlf, Files.readString(log).replace("\n", "\r\n"));
        GcLog oneCrlf = readOnOneThread(crlf);
        assertThat(describe(oneCrlf)).isEqualTo(describe(one).replace("lines " + one.lines(), "lines " + oneCrlf.lines())
                .replace(log.toString(), crlf.toString()));
        for (int part : PART_SIZES) {
            assertSameAsOneThread(crlf, part, oneCrlf);
        }
    }

    private static GcLog readOnOneThread(Path log) {
        return GcLogReader.read(List.of(GcInput.open(log.toString())), Integer.MAX_VALUE, 1);
    }

    private static void assertSameAsOneThread(Path log, int partBytes, GcLog expected) {
        for (int threads : new int[] {2, 3}) {
            GcLog inParts = GcLogReader.read(List.of(GcInput.open(log.toString())), partBytes, threads);
            assertThat(describe(inParts)).as(log + " in parts of " + partBytes + " bytes on " + threads + " threads")
                    .isEqualTo(describe(expected));
        }
    }

    /** Everything a GcLog holds, as text: two logs are the same when their descriptions are. */
    static String describe(GcLog log) {
        StringBuilder s = new StringBuilder();
        s.append(log.runtime()).append(' ').append(log.collector()).append(' ').append(log.version())
                .append(" uptime ").append(log.uptimeClock()).append(" evacuation failures ").append(log.evacuationFailures())
                .append(" lines ").append(log.lines()).append('\n');
        log.warnings().forEach(w -> s.append("warning ").append(w).append('\n'));
        GcEvents e = log.events();
        GcEventDetails d = log.details();
        for (int i = 0; i < e.size(); i++) {
            s.append(e.time(i)).append(' ').append(e.duration(i)).append(' ').append(e.type(i)).append(' ')
                    .append(e.collectorName(e.collector(i))).append(" / ").append(e.causeName(e.cause(i))).append(' ')
                    .append(e.before(i)).append("->").append(e.after(i)).append('(').append(e.capacity(i)).append(") GC(")
                    .append(e.gcId(i)).append(") old ").append(d.oldBefore(i)).append("->").append(d.oldAfter(i))
                    .append(" metaspace ").append(d.metaspace(i)).append(" humongous ").append(d.humongous(i)).append('\n');
        }
        return s.toString();
    }
}
