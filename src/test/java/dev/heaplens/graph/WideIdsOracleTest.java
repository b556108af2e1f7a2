package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.index.IndexKey;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Graphs built out of core with wide ids (8 bytes a target and a source, forced on graphs of a few
 * objects) against the same input built in the heap, on seeded random graphs: the same targets,
 * sources, dominators and retained sizes (and the brute force's); and their index, written wide,
 * read back the same, in place or into the heap.
 */
class WideIdsOracleTest {
    private static final int SEEDS = 150;

    @TempDir
    Path dir;

    @BeforeEach
    void wide() {
        MappedIds.forceWide = true;
    }

    @AfterEach
    void narrowAgain() {
        MappedIds.forceWide = false;
    }

    /** Mapped in small mappings that columns cross, the inbound references too (no heap room said). */
    private Scratch scratch() {
        return Scratch.mappedIn(dir.resolve("scratch"), 12, bytes -> false);
    }

    @Test
    void builtWideOutOfCoreIsTheHeapBuild() {
        Scratch scratch = scratch();
        for (long seed = 0; seed < SEEDS; seed++) {
            String at = "seed " + seed;
            DominatorsOracleTest.Case heap = new DominatorsOracleTest.Case(seed);
            DominatorsOracleTest.Case mapped = new DominatorsOracleTest.Case(seed, scratch);
            HeapGraph g = mapped.graph;
            assertThat(g.mappedSource().mappedIds(GraphStore.TARGETS)).as(at).isInstanceOf(MappedIds.Wide.class);
            SameGraphs.assertSame(at, heap.graph, g);
            g.keepInboundIn(scratch);
            long before = scratch.mappedBytes();
            assertSameSources(at, heap.graph, g);
            assertThat(scratch.mappedBytes() - before).as(at + ": offsets and wide sources mapped")
                    .isEqualTo(8 * (g.objectCount() + 1) + 8 * Math.max(1, g.referenceCount()));
            boolean filtered = seed % 2 == 0;
            EdgeFilter filter = filtered ? mapped.filter() : EdgeFilter.ALL;
            Dominators d = Dominators.compute(g, filter, Phases.NONE, scratch);
            DominatorsOracleTest.check(mapped, filtered, d);
            assertSameDominators(at, filtered ? Dominators.compute(heap.graph, heap.filter()) : Dominators.compute(heap.graph), d);
        }
    }

    @Test
    void anIndexWrittenWideIsReadBackTheSame() throws IOException {
        IndexKey key = IndexKey.of(Files.writeString(dir.resolve("dump"), "a dump's bytes, for the key"), "test");
        Scratch scratch = scratch();
        for (long seed = 0; seed < SEEDS; seed++) {
            String at = "seed " + seed;
            DominatorsOracleTest.Case heap = new DominatorsOracleTest.Case(seed);
            HeapGraph g = new DominatorsOracleTest.Case(seed, scratch).graph;
            Dominators computed = Dominators.compute(heap.graph);
            Path fromHeap = write(dir.resolve(seed + ".heap.index"), key, heap.graph, computed);
            Path fromMapped = write(dir.resolve(seed + ".mapped.index"), key, g, Dominators.compute(g, EdgeFilter.ALL, Phases.NONE, scratch));
            assertThat(Files.mismatch(fromHeap, fromMapped)).as(at + ": the two indexes' first differing byte").isEqualTo(-1);
            try (IndexReader r = IndexReader.open(fromMapped, key)) {
                long bytes = 0;
                for (ByteBuffer page : r.mappedLongs(GraphStore.TARGETS)) { // a section of longs, or refused
                    bytes += page.capacity();
                }
                assertThat(bytes).as(at + ": 8 bytes a target").isEqualTo(8 * g.referenceCount());
            }
            for (boolean inPlace : new boolean[] {true, false}) {
                String how = at + (inPlace ? ", in place" : ", in the heap");
                GraphStore.Stored stored = GraphStore.read(IndexReader.open(fromMapped, key), inPlace);
                HeapGraph reopened = stored.graph();
                assertThat(reopened.isOutOfCore()).as(how).isEqualTo(inPlace);
                SameGraphs.assertSame(how, heap.graph, reopened);
                reopened.keepInboundIn(scratch);
                assertSameSources(how, heap.graph, reopened);
                assertSameDominators(how, computed, stored.dominators());
                // the dominators computed afresh out of core, streaming the wide targets where they lie
                Dominators again = Dominators.compute(reopened, EdgeFilter.ALL, Phases.NONE, scratch);
                DominatorsOracleTest.check(heap, false, again);
                assertSameDominators(how + ", computed again", computed, again);
            }
        }
    }

    private static void assertSameSources(String at, HeapGraph e, HeapGraph a) {
        for (long o = 0; o < e.objectCount(); o++) {
            assertThat(a.inStart(o)).as("%s: object %d", at, o).isEqualTo(e.inStart(o));
            assertThat(a.inEnd(o)).as("%s: object %d", at, o).isEqualTo(e.inEnd(o));
        }
        for (long i = 0; i < e.referenceCount(); i++) {
            assertThat(a.source(i)).as("%s: source %d", at, i).isEqualTo(e.source(i));
        }
    }

    private static void assertSameDominators(String at, Dominators e, Dominators a) {
        assertThat(a.reachableCount()).as(at).isEqualTo(e.reachableCount());
        assertThat(a.reachableBytes()).as(at).isEqualTo(e.reachableBytes());
        for (long o = 0; o < e.graph().objectCount(); o++) {
            assertThat(a.immediateDominator(o)).as("%s: object %d", at, o).isEqualTo(e.immediateDominator(o));
            assertThat(a.retainedSize(o)).as("%s: object %d", at, o).isEqualTo(e.retainedSize(o));
            assertThat(a.retainedCount(o)).as("%s: object %d", at, o).isEqualTo(e.retainedCount(o));
        }
        for (long i = 0; i < e.reachableCount(); i++) {
            assertThat(a.preorderObject(i)).as("%s: preorder %d", at, i).isEqualTo(e.preorderObject(i));
        }
    }

    private static Path write(Path file, IndexKey key, HeapGraph g, Dominators d) throws IOException {
        try (IndexWriter w = IndexWriter.create(file, key)) {
            GraphStore.write(g, d, new long[0], w);
            w.commit();
        }
        return file;
    }
}
