package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmWasteChecks;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.analysis.suspects.SuspectFinder;
import dev.heaplens.analysis.suspects.probe.CapacityProbe;
import dev.heaplens.analysis.suspects.probe.ConcurrentMapProbe;
import dev.heaplens.analysis.suspects.probe.DuplicateStringsProbe;
import dev.heaplens.analysis.suspects.probe.OneValueProbe;
import dev.heaplens.analysis.suspects.probe.WasteProbe;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import dev.heaplens.io.DumpInput;
import dev.heaplens.report.ObjectRenderer;
import dev.heaplens.report.OutputFormat;
import dev.heaplens.report.SuspectsRenderer;
import dev.heaplens.report.ThreadsRenderer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM's suspects (its waste checks and duplicate strings), threads and object as past 2^31
 * objects: read out of core (the first run reads the dump and writes the index, the second works on
 * the index) with 8-byte ids forced and every heap array an object refused ({@link WideIds}), by a
 * load for a command that works on any object count, each renders byte for byte what an in-heap read
 * without an index renders. On child JVMs' dumps whose findings fire (empty collections and
 * zero-length arrays, also in a layout whose sizes do not say an array's length; unused capacity with
 * concurrent maps' counter cells; one-value arrays; duplicate strings) and on this JVM's own. And the
 * checks themselves with every column mapped, the heap said to have no room.
 */
class JvmPast2To31Test {
    @TempDir
    static Path dir;
    private static final List<Path> DUMPS = new ArrayList<>();

    @BeforeAll
    static void dumpChildren() throws Exception {
        for (Class<?> probe : List.of(WasteProbe.class, CapacityProbe.class, ConcurrentMapProbe.class, OneValueProbe.class,
                DuplicateStringsProbe.class)) {
            DUMPS.add(dumpChild(probe, dir.resolve(probe.getSimpleName() + ".hprof")));
        }
        DUMPS.add(SelfDump.write(dir.resolve("self.hprof")));
    }

    /** Runs {@code probe}'s main in a child JVM (serial GC) that dumps its heap to {@code dump}. */
    private static Path dumpChild(Class<?> probe, Path dump) throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                "-Xmx256m", "--add-opens", "java.base/java.util=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                probe.getName(), dump.toString()).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        return dump;
    }

    @Test
    void suspectsThreadsAndObjectRenderTheSameWideOutOfCore() throws IOException {
        for (Path dump : DUMPS) {
            String address = CliTestSupport.run("top", dump.toString(), "--top", "1", "--format", "tsv", "--no-index")
                    .outLines().get(1).split("\t")[0];
            List<Function<ReadOptions, String>> steps = new ArrayList<>(List.of(
                    options -> suspects(dump, options, OutputFormat.TABLE),
                    options -> threads(dump, options),
                    options -> object(dump, options, address, OutputFormat.JSON)));
            if (dump.getFileName().toString().startsWith("WasteProbe")) { // sizes that do not say a length: records read
                steps.add(options -> suspects(dump, new ReadOptions(false, 2, "uncompressed-jdk22", options.index(),
                        options.memory()), OutputFormat.JSON));
            }
            ReadOptions inHeap = ReadOptions.defaults().withIndex(IndexOptions.OFF);
            ReadOptions outOfCore = ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")))
                    .withMemory(1);
            for (Function<ReadOptions, String> step : steps) {
                String expected = step.apply(inHeap);
                WideIds.force(true);
                WideIds.refuseObjectArrays(true);
                try {
                    String first = step.apply(outOfCore); // reads the dump, writes the index
                    String second = step.apply(outOfCore); // works on the index
                    if (step == steps.get(0)) {
                        HeapGraph g = runtime(input(dump), outOfCore).load(input(dump)).graph();
                        assertThat(g.isOutOfCore() && WideIds.targetsAreWide(g)).as(dump.toString()).isTrue();
                    }
                    assertThat(first).as(dump.toString()).isEqualTo(expected);
                    assertThat(second).as(dump.toString()).isEqualTo(expected);
                } finally {
                    WideIds.force(false);
                    WideIds.refuseObjectArrays(false);
                    deleteAll(dir.resolve("cache")); // the next step writes its index first
                }
            }
        }
    }

    /**
     * The checks with every column and list mapped (the heap said to have no room, so the sorts go by
     * blocks) and 8 bytes an id, worked out ahead or not: the findings the heap's columns give, every
     * scratch file given back.
     */
    @Test
    void theChecksFindTheSameWithTheirColumnsMapped() throws Exception {
        for (Path dump : DUMPS) {
            JvmHeap heap = new JvmHeap(HprofGraphReader.read(HprofSource.of(dump)));
            Dominators d = Dominators.compute(heap.graph());
            Reachability.WeakOnly weak = Reachability.weakOnly(d);
            long analysed = SuspectFinder.analysedBytes(heap, d);
            List<Finding> inHeap = JvmWasteChecks.of(heap, d, weak, analysed, null, Scratch.heap());
            assertThat(inHeap).as(dump.toString()).isNotEmpty();
            WideIds.force(true);
            try {
                Scratch scratch = MappedScratch.withoutHeapRoom(dir.resolve("scratch"));
                assertThat(JvmWasteChecks.of(heap, d, weak, analysed, null, scratch)).as(dump.toString()).isEqualTo(inHeap);
                assertThat(JvmWasteChecks.of(heap, d, weak, analysed, JvmWasteChecks.ahead(heap, scratch), scratch))
                        .as(dump.toString()).isEqualTo(inHeap);
                assertThat(scratch.liveBytes()).isZero();
                assertThat(scratch.mappedBytes()).isPositive();
            } finally {
                WideIds.force(false);
            }
        }
    }

    private static void deleteAll(Path cache) throws IOException {
        if (Files.exists(cache)) {
            try (Stream<Path> files = Files.walk(cache)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    private static HeapRuntime runtime(DumpInput input, ReadOptions options) {
        return HeapRuntime.of(input, options, ReadListener.QUIET);
    }

    private static DumpInput input(Path dump) {
        return DumpInput.open(dump.toString(), InputStream.nullInputStream());
    }

    private static String suspects(Path dump, ReadOptions options, OutputFormat format) {
        HeapRuntime runtime = runtime(input(dump), options);
        return SuspectsRenderer.render(runtime.suspects(runtime.loadForSuspects(input(dump)), 10), format);
    }

    private static String threads(Path dump, ReadOptions options) {
        LoadedHeap loaded = runtime(input(dump), options).loadThreads(input(dump));
        return ThreadsRenderer.render(loaded.threads(), true, OutputFormat.TABLE, dump.toString());
    }

    private static String object(Path dump, ReadOptions options, String address, OutputFormat format) {
        LoadedHeap loaded = runtime(input(dump), options).load(input(dump));
        return ObjectRenderer.object(loaded.objectReport(loaded.objectAt(address), 10), format);
    }
}
