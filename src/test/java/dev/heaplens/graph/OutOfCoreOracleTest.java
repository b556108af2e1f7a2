package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.index.IndexKey;
import dev.heaplens.index.IndexReader;
import dev.heaplens.index.IndexWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A graph and its dominators used out of core, where they lie in a mapped index: on seeded random
 * graphs, every value read in place equals the built graph's, and the dominators read in place match
 * the brute-force oracle. The first {@link HeapGraph#SPARSE_READS} reads of each are spent first, so
 * that the mapped columns, not the values read one by one, answer. And a graph built out of core
 * against the same input built in the heap.
 */
class OutOfCoreOracleTest {
    private static final int SEEDS = 300;
    private static final int BUILT_SEEDS = 200;

    @TempDir
    Path dir;

    private IndexKey key() throws IOException {
        return IndexKey.of(Files.writeString(dir.resolve("dump"), "a dump's bytes, for the key"), "test");
    }

    @Test
    void storedColumnsReadInPlaceMatchTheBuiltGraphAndTheBruteForce() throws IOException {
        IndexKey key = key();
        for (long seed = 0; seed < SEEDS; seed++) {
            DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(seed);
            Dominators computed = Dominators.compute(c.graph);
            Path file = dir.resolve(seed + ".index");
            write(file, key, c.graph, computed);
            GraphStore.Stored stored = GraphStore.read(IndexReader.open(file, key), true);
            HeapGraph g = stored.graph();
            Dominators d = stored.dominators();
            assertThat(g.isOutOfCore()).isTrue();
            for (int i = 0; i <= HeapGraph.SPARSE_READS; i++) { // spend the reads one by one
                g.address(0);
                g.kind(0);
                g.classAddress(0);
                g.shallowSize(0);
                g.position(0);
                d.immediateDominator(0);
                d.retainedSize(0);
                d.retainedCount(0);
                d.preorderObject(0);
            }
            String at = "seed " + seed;
            HeapGraph built = c.graph;
            SameGraphs.assertSame(at, built, g);
            for (int o = 0; o < built.objectCount(); o++) { // what SameGraphs does not read: the lookups and built indexes
                assertThat(g.objectOf(built.address(o))).as(at).isEqualTo(built.objectOf(built.address(o)));
                assertThat(g.inEnd(o) - g.inStart(o)).as(at).isEqualTo(built.inEnd(o) - built.inStart(o));
                assertThat(d.childEnd(o) - d.childStart(o)).as(at).isEqualTo(computed.childEnd(o) - computed.childStart(o));
            }
            assertThat(g.objectOf(0x1)).as(at).isEqualTo(-1);
            for (long i = 0; i < built.referenceCount(); i++) {
                assertThat(g.source(i)).as(at).isEqualTo(built.source(i));
            }
            DominatorsOracleTest.check(c, false, d);
        }
    }

    /**
     * A graph built out of core (its columns written to mapped scratch files as the build makes them)
     * against the same input built in the heap: every value the same, its dominators (computed with
     * mapped scratch) the brute force's, and the index written from its mappings byte for byte the
     * in-heap graph's index.
     */
    @Test
    void builtOutOfCoreIsTheHeapBuildAndWritesTheSameIndex() throws IOException {
        IndexKey key = key();
        Path scratchDir = dir.resolve("scratch");
        Scratch scratch = Scratch.mappedIn(scratchDir, 12); // small mappings: columns cross several
        for (long seed = 0; seed < BUILT_SEEDS; seed++) {
            String at = "seed " + seed;
            DominatorsOracleTest.Case heap = new DominatorsOracleTest.Case(seed);
            DominatorsOracleTest.Case mapped = new DominatorsOracleTest.Case(seed, scratch);
            HeapGraph g = mapped.graph;
            assertThat(g.isOutOfCore()).as(at).isTrue();
            assertThat(heap.graph.isOutOfCore()).as(at).isFalse();
            SameGraphs.assertSame(at, heap.graph, g);
            assertThat(g.totalShallowSize()).as(at).isEqualTo(heap.graph.totalShallowSize());
            for (int o = 0; o < g.objectCount(); o++) {
                assertThat(g.objectOf(heap.graph.address(o))).as(at).isEqualTo(heap.graph.objectOf(heap.graph.address(o)));
            }
            Dominators d = Dominators.compute(g, g.strongReferences(), Phases.NONE, scratch);
            DominatorsOracleTest.check(mapped, false, d);
            Path fromHeap = write(dir.resolve(seed + ".heap.index"), key, heap.graph, Dominators.compute(heap.graph));
            Path fromMapped = write(dir.resolve(seed + ".mapped.index"), key, g, d);
            assertThat(Files.mismatch(fromHeap, fromMapped)).as(at + ": the two indexes' first differing byte").isEqualTo(-1);
            // as a first read out of core writes it: each scratch column given back once its section is written
            Path givenBack = dir.resolve(seed + ".given.index");
            try (IndexWriter w = IndexWriter.create(givenBack, key)) {
                GraphStore.write(g, d, new long[0], w, scratch);
                w.commit();
            }
            assertThat(Files.mismatch(fromHeap, givenBack)).as(at + ": written while given back").isEqualTo(-1);
            assertThat(scratch.liveBytes()).as(at + ": scratch left after the index write").isZero();
        }
        assertThat(scratch.mappedBytes()).as("bytes mapped").isPositive();
        try (Stream<Path> left = Files.list(scratchDir)) {
            assertThat(left).as("scratch files left").isEmpty();
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
