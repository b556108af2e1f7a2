package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.analysis.suspects.SuspectFinder;
import dev.heaplens.analysis.suspects.SuspectInputs;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import dev.heaplens.io.DumpInput;
import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph commands' analyses on the bundled Rails dump and on seeded random heaps (Ruby and HPROF)
 * read out of core with wide ids (forced), first read and reopened: suspects as the runtime answers
 * it, and each analysis with its per-object columns in a mapped scratch that says the heap has no room
 * (the path tree, shortest paths, the ranking, retained sizes by group, reachability, the suspects'
 * inputs and their answer), against the same in the heap with no index.
 */
class AnalysesOutOfCoreSampleTest {
    private static final double[] THRESHOLDS = {1, 10};

    @TempDir
    Path dir;

    @AfterEach
    void narrowAgain() {
        WideIds.force(false);
    }

    @Test
    void theRailsDumpsAnalysesOutOfCoreWithWideIdsAreTheHeaps() throws IOException {
        Path dump = dir.resolve("rails-ish.json");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of("samples/rails-ish.json.gz")))) {
            Files.copy(in, dump);
        }
        check(dump, 499);
    }

    @Test
    void randomHeapsAnalysesOutOfCoreWithWideIdsAreTheHeaps() {
        for (long seed = 0; seed < 2; seed++) {
            TestHeap h = HeapIndexTest.randomHeap(seed, 3000);
            check(h.writeRuby(dir.resolve(seed + ".json")), 7);
            check(h.writeHprof(dir.resolve(seed + ".hprof")), 7);
        }
    }

    /** Paths to every {@code step}-th object. */
    private void check(Path dump, int step) {
        ReadOptions indexed = ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")));
        WideIds.force(false);
        DumpInput heapInput = open(dump);
        HeapRuntime heapRuntime = HeapRuntime.of(heapInput, indexed.withIndex(IndexOptions.OFF), ReadListener.QUIET);
        LoadedHeap inHeap = heapRuntime.loadForSuspects(heapInput);
        WideIds.force(true);
        for (String pass : List.of("first read", "reopened")) {
            String at = dump + ", " + pass + " out of core";
            DumpInput input = open(dump);
            HeapRuntime runtime = HeapRuntime.of(input, indexed.withMemory(1), ReadListener.QUIET);
            LoadedHeap outOfCore = runtime.loadForSuspects(input);
            assertThat(outOfCore.graph().isOutOfCore()).as(at).isTrue();
            assertThat(WideIds.targetsAreWide(outOfCore.graph())).as(at).isTrue();
            for (double threshold : THRESHOLDS) {
                assertThat(runtime.suspects(outOfCore, threshold)).as(at + ", suspects at " + threshold)
                        .isEqualTo(heapRuntime.suspects(inHeap, threshold));
            }
            Scratch scratch = MappedScratch.withoutHeapRoom(dir.resolve("scratch"));
            assertSamePaths(at, inHeap.graph(), outOfCore.graph(), scratch, step);
            Dominators d = outOfCore.dominators();
            Dominators e = inHeap.dominators();
            assertThat(TopRetainers.largest(d, 50)).as(at).containsExactly(TopRetainers.largest(e, 50));
            assertThat(Reachability.of(d, outOfCore.namer(), scratch)).as(at).isEqualTo(inHeap.reachability());
            assertThat(RetainedByGroup.compute(d, outOfCore.namer(), GroupBy.CLASS, 5, scratch)).as(at)
                    .isEqualTo(RetainedByGroup.compute(e, inHeap.namer(), GroupBy.CLASS, 5));
            SuspectInputs inputs = SuspectFinder.inputs(outOfCore.namer(), d, null, scratch, analysed -> List.of());
            SuspectInputs heapInputs = SuspectFinder.inputs(inHeap.namer(), e, analysed -> List.of());
            for (double threshold : THRESHOLDS) {
                SuspectsResult expected = SuspectFinder.find("dump", inHeap.namer(), e, threshold, GroupBy.CLASS, null,
                        analysed -> List.of());
                assertThat(SuspectFinder.find("dump", outOfCore.namer(), d, threshold, GroupBy.CLASS, inputs, analysed -> List.of(),
                        scratch)).as(at + ", from inputs worked out mapped, at " + threshold).isEqualTo(expected)
                        .isEqualTo(SuspectFinder.find("dump", inHeap.namer(), e, threshold, GroupBy.CLASS, heapInputs,
                                analysed -> List.of()));
                assertThat(SuspectFinder.find("dump", outOfCore.namer(), d, threshold, GroupBy.CLASS, null, analysed -> List.of(),
                        scratch)).as(at + ", worked out for the threshold, at " + threshold).isEqualTo(expected);
            }
        }
    }

    /** The path tree over the strong references object by object, and shortest paths to every {@code step}-th object. */
    private static void assertSamePaths(String at, HeapGraph heap, HeapGraph mapped, Scratch scratch, int step) {
        RootPaths.Tree expected = RootPaths.tree(heap, heap.strongReferences());
        RootPaths.Tree tree = RootPaths.tree(mapped, mapped.strongReferences(), scratch);
        long[] all = LongStream.range(0, heap.objectCount()).toArray();
        assertThat(tree.edgeIndexes(all)).as(at).containsExactly(expected.edgeIndexes(all));
        for (long o = 0; o < heap.objectCount(); o++) {
            assertThat(tree.stored(o)).as("%s: object %d", at, o).isEqualTo(expected.stored(o));
        }
        for (long o = 0, searches = 0; o < heap.objectCount(); o += step) {
            if (++searches % 64 == 0) {
                // each search maps its scratch columns in 4 KiB pages, unmapped only when collected: without a
                // collection now and then, the fork's mappings pass the kernel's 65,530 and the JVM dies
                System.gc();
            }
            assertThat(RootPaths.shortest(mapped, mapped.strongReferences(), o, 3, scratch)).as("%s: object %d", at, o)
                    .usingRecursiveFieldByFieldElementComparator()
                    .isEqualTo(RootPaths.shortest(heap, heap.strongReferences(), o, 3));
        }
    }

    private static DumpInput open(Path dump) {
        return DumpInput.open(dump.toString(), InputStream.nullInputStream());
    }
}
