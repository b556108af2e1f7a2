package dev.heaplens.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.suspects.probe.CapacityProbe;
import dev.heaplens.analysis.suspects.probe.ConcurrentMapProbe;
import dev.heaplens.analysis.suspects.probe.DuplicateStringsProbe;
import dev.heaplens.analysis.suspects.probe.OneValueProbe;
import dev.heaplens.analysis.suspects.probe.WasteProbe;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.analysis.jvm.JvmWasteChecks;
import dev.heaplens.cli.CliTestSupport;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.format.hprof.SelfDump;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM's {@code suspects} (its waste checks and duplicate strings), {@code strings}, {@code threads}
 * and {@code object} as past 2^31 objects: out of core ({@code --memory 1k}: the first run reads the
 * dump and writes the index, the second works on the index) with 8-byte ids forced and every heap array
 * an object refused ({@link WideIds}), each prints byte for byte what an in-heap run without an index
 * prints, on child JVMs' dumps whose findings fire (empty collections and zero-length arrays, also in a
 * layout whose sizes do not say an array's length; unused capacity with concurrent maps' counter cells;
 * one-value arrays; duplicate strings) and on this JVM's own.
 */
class JvmWideOutOfCoreTest {
    @TempDir
    static Path dir;
    private static final List<Path> DUMPS = new ArrayList<>();

    @BeforeAll
    static void dumpChildren() throws Exception {
        List<String> opens = List.of("--add-opens", "java.base/java.util=ALL-UNNAMED", "--add-opens",
                "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED");
        for (Class<?> probe : List.of(WasteProbe.class, CapacityProbe.class, ConcurrentMapProbe.class, OneValueProbe.class,
                DuplicateStringsProbe.class)) {
            Path dump = dir.resolve(probe.getSimpleName() + ".hprof");
            WasteFindings.dumpChild(probe, dump, "256m", opens);
            DUMPS.add(dump);
        }
        DUMPS.add(SelfDump.write(dir.resolve("self.hprof")));
    }

    @Test
    void everyJvmValueReaderPrintsTheSameWideOutOfCore() throws Exception {
        for (Path dump : DUMPS) {
            String top = CliTestSupport.run("top", dump.toString(), "--top", "1", "--format", "tsv", "--no-index").outLines().get(1);
            String address = top.split("\t")[0];
            List<List<String>> commands = new ArrayList<>(List.of(
                    List.of("suspects", dump.toString()),
                    List.of("suspects", dump.toString(), "--format", "json"),
                    List.of("threads", dump.toString()),
                    List.of("object", dump.toString(), address),
                    List.of("object", dump.toString(), address, "--format", "json")));
            if (dump.getFileName().toString().startsWith("WasteProbe")) { // sizes that do not say a length: records read
                commands.add(List.of("suspects", dump.toString(), "--layout", "uncompressed-jdk22", "--format", "json"));
            }
            for (List<String> command : commands) {
                sameWideOutOfCore(dump, command);
            }
            sameWide(List.of("strings", dump.toString())); // no graph: read from the dump as it streams
        }
    }

    /**
     * The checks themselves with every column and list mapped (the heap said to have no room, so the
     * sorts go by blocks) and 8 bytes an id, worked out ahead or not: the findings the heap's columns
     * give, every scratch file given back.
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

    private static void sameWideOutOfCore(Path dump, List<String> command) throws Exception {
        Files.deleteIfExists(dump.resolveSibling(dump.getFileName() + ".heaplens-index"));
        CliTestSupport.Result inHeap = run(command, "--no-index");
        assertThat(inHeap.exitCode()).as(inHeap.toString()).isZero();
        WideIds.force(true);
        WideIds.refuseObjectArrays(true);
        try {
            for (String pass : List.of("first", "second")) {
                CliTestSupport.Result outOfCore = run(command, "--memory", "1k");
                assertThat(outOfCore.out()).as(pass + " " + command + "\n" + outOfCore.err()).isEqualTo(inHeap.out());
                assertThat(withoutNotes(outOfCore.err())).as(pass + " " + command).isEqualTo(inHeap.err());
                assertThat(outOfCore.exitCode()).isZero();
            }
        } finally {
            WideIds.force(false);
            WideIds.refuseObjectArrays(false);
        }
    }

    private static void sameWide(List<String> command) {
        CliTestSupport.Result plain = run(command);
        assertThat(plain.exitCode()).as(plain.toString()).isZero();
        WideIds.force(true);
        WideIds.refuseObjectArrays(true);
        try {
            assertThat(run(command)).isEqualTo(plain);
        } finally {
            WideIds.force(false);
            WideIds.refuseObjectArrays(false);
        }
    }

    private static CliTestSupport.Result run(List<String> command, String... more) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of(more));
        return CliTestSupport.run(args.toArray(new String[0]));
    }

    private static String withoutNotes(String err) {
        return err.lines().filter(l -> !l.startsWith("heaplens: note: ")).map(l -> l + "\n").collect(Collectors.joining());
    }
}
