package dev.heaplens.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.analysis.suspects.SuspectsResult;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.WideIds;
import dev.heaplens.io.DumpInput;
import dev.heaplens.testheap.TestHeap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dumps read out of core with wide ids (forced: 8 bytes an id in the first read's sort, reading order
 * and lookups, in the scratch columns and in the index) give, column by column, the heap an in-heap
 * read gives: the bundled Rails dump as first read, with its index mapped again, and with that index
 * loaded into the heap; seeded random heaps of both runtimes as first read and mapped again.
 */
class WideIdsOutOfCoreTest {
    @TempDir
    Path dir;
    /** The sample unzipped: the records' text is read where it lies, not inflated from the start for each. */
    private Path dump;

    @AfterEach
    void narrowAgain() {
        WideIds.force(false);
    }

    private LoadedHeap load(ReadOptions options, ReadListener listener) {
        DumpInput input = DumpInput.open(dump.toString(), InputStream.nullInputStream());
        return HeapRuntime.of(input, options, listener).load(input);
    }

    @Test
    void theRailsDumpOutOfCoreWithWideIdsIsTheHeapsHeap() throws IOException {
        dump = dir.resolve("rails-ish.json");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of("samples/rails-ish.json.gz")))) {
            Files.copy(in, dump);
        }
        ReadOptions indexed = ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")));
        LoadedHeap inHeap = load(indexed.withIndex(IndexOptions.OFF), ReadListener.QUIET);
        WideIds.force(true);
        HeapIndexTest.Reads first = new HeapIndexTest.Reads();
        LoadedHeap read = load(indexed.withMemory(1), first);
        HeapIndexTest.Reads second = new HeapIndexTest.Reads();
        LoadedHeap reopened = load(indexed.withMemory(1), second);
        HeapIndexTest.Reads third = new HeapIndexTest.Reads();
        LoadedHeap loaded = load(indexed, third);
        assertThat(first.warnings).isEmpty();
        assertThat(first.notes).singleElement().asString().contains("working out of core");
        assertThat(second.reads).as("the index read, not the dump").isZero();
        assertThat(third.reads).as("the index read, not the dump").isZero();
        assertThat(WideIds.targetsAreWide(read.graph())).as("first read").isTrue();
        assertThat(WideIds.targetsAreWide(reopened.graph())).as("reopened").isTrue();
        assertThat(loaded.graph().isOutOfCore()).as("enough memory").isFalse();
        for (var c : Map.of("read out of core", read, "reopened out of core", reopened, "loaded into the heap", loaded).entrySet()) {
            HeapIndexTest.assertSame(inHeap, c.getValue(), dump + " " + c.getKey());
            assertSameSources(inHeap.graph(), c.getValue().graph(), dump + " " + c.getKey());
        }
    }

    @Test
    void randomHeapsOutOfCoreWithWideIdsAreTheHeapsHeaps() throws IOException {
        ReadOptions everyCore = ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")));
        for (long seed = 0; seed < 4; seed++) {
            // one thread for the last heap: its HPROF read's one part passes the 16K objects at which its chunks go to scratch files
            ReadOptions indexed = seed < 3 ? everyCore : new ReadOptions(false, 1, null, everyCore.index());
            TestHeap h = HeapIndexTest.randomHeap(100 + seed, seed == 3 ? 20_000 : 3000 + 1000 * (int) seed);
            for (Path random : List.of(h.writeRuby(dir.resolve(seed + ".json")), h.writeHprof(dir.resolve(seed + ".hprof")))) {
                dump = random;
                WideIds.force(false);
                LoadedHeap inHeap = load(indexed.withIndex(IndexOptions.OFF), ReadListener.QUIET);
                WideIds.force(true);
                LoadedHeap read = load(indexed.withMemory(1), ReadListener.QUIET);
                LoadedHeap reopened = load(indexed.withMemory(1), ReadListener.QUIET);
                assertThat(WideIds.targetsAreWide(read.graph())).as(dump + " first read").isTrue();
                HeapIndexTest.assertSame(inHeap, read, dump + " read out of core");
                HeapIndexTest.assertSame(inHeap, reopened, dump + " reopened out of core");
                assertSameSources(inHeap.graph(), read.graph(), dump + " read out of core");
            }
        }
    }

    /**
     * Suspects from a wide index (its roots' targets, ranked objects, top objects, counts and path steps
     * in 8 bytes) are the suspects of a read with no index, and the index's ranked objects are the
     * ranking an in-heap read makes.
     */
    @Test
    void suspectsFromAWideIndexAreTheHeapsSuspects() throws IOException {
        dump = dir.resolve("rails-ish.json");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of("samples/rails-ish.json.gz")))) {
            Files.copy(in, dump);
        }
        ReadOptions indexed = ReadOptions.defaults().withIndex(IndexOptions.fromEnvironment(Map.of(), dir.resolve("cache")));
        SuspectsResult fresh = suspects(indexed.withIndex(IndexOptions.OFF));
        long[] ranked = TopRetainers.largest(load(indexed.withIndex(IndexOptions.OFF), ReadListener.QUIET).dominators(), 50);
        WideIds.force(true);
        SuspectsResult written = suspects(indexed.withMemory(1));
        SuspectsResult reopened = suspects(indexed.withMemory(1));
        SuspectsResult loaded = suspects(indexed);
        LoadedHeap again = load(indexed, ReadListener.QUIET);
        assertThat(again.dominators().storedLargest()).as("ranked objects stored").isNotNull();
        assertThat(TopRetainers.largest(again.dominators(), 50)).isEqualTo(ranked);
        assertThat(fresh.suspects()).isNotEmpty();
        for (SuspectsResult r : List.of(written, reopened, loaded)) {
            assertThat(r.suspects()).isEqualTo(fresh.suspects());
            assertThat(r.findings()).isEqualTo(fresh.findings());
        }
    }

    private SuspectsResult suspects(ReadOptions options) {
        DumpInput input = DumpInput.open(dump.toString(), InputStream.nullInputStream());
        HeapRuntime runtime = HeapRuntime.of(input, options, ReadListener.QUIET);
        return runtime.suspects(runtime.loadForSuspects(input), 0.5);
    }

    private static void assertSameSources(HeapGraph e, HeapGraph a, String what) {
        for (long o = 0; o < e.objectCount(); o++) {
            for (long i = e.inStart(o), j = a.inStart(o); i < e.inEnd(o); i++, j++) {
                assertThat(a.source(j)).as("%s: object %d", what, o).isEqualTo(e.source(i));
            }
        }
    }
}
