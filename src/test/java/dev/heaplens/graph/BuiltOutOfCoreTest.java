package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.index.IndexKey;
import dev.heaplens.index.IndexWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A graph built out of core (its columns written to mapped scratch files as the build makes them)
 * against the same input built in the heap: every value the same, its dominators (computed with
 * mapped scratch) the brute force's, and the index written from its mappings byte for byte the
 * in-heap graph's index.
 */
class BuiltOutOfCoreTest {
    private static final int SEEDS = 200;

    @TempDir
    Path dir;

    @Test
    void builtOutOfCoreIsTheHeapBuildAndWritesTheSameIndex() throws IOException {
        Path dump = Files.writeString(dir.resolve("dump"), "a dump's bytes, for the key");
        IndexKey key = IndexKey.of(dump, "test");
        Path scratchDir = dir.resolve("scratch");
        Scratch scratch = Scratch.mappedIn(scratchDir, 12); // small mappings: columns cross several
        for (long seed = 0; seed < SEEDS; seed++) {
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
        }
        assertThat(scratch.mappedBytes()).as("bytes mapped").isPositive();
        try (Stream<Path> left = Files.list(scratchDir)) {
            assertThat(left).as("scratch files left").isEmpty();
        }
    }

    private static Path write(Path file, IndexKey key, HeapGraph g, Dominators d) throws IOException {
        try (IndexWriter w = IndexWriter.create(file, key)) {
            GraphStore.write(g, d, new int[0], w);
            w.commit();
        }
        return file;
    }
}
