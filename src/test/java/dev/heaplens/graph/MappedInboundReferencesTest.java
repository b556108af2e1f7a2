package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.graph.RootPaths;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A graph used out of core builds its inbound references in mapped scratch ({@code paths} and
 * {@code object} on a dump bigger than the heap): on seeded random graphs, every object's sources are
 * the heap build's, and the shortest paths searched with mapped scratch are the heap search's.
 */
class MappedInboundReferencesTest {
    private static final int SEEDS = 200;

    @TempDir
    Path dir;

    @Test
    void mappedInboundReferencesAndPathsAreTheHeaps() {
        Scratch scratch = Scratch.mappedIn(dir, 12, bytes -> false); // mapped, in small mappings that columns cross
        for (long seed = 0; seed < SEEDS; seed++) {
            String at = "seed " + seed;
            HeapGraph heap = new DominatorsOracleTest.Case(seed).graph;
            HeapGraph mapped = new DominatorsOracleTest.Case(seed, scratch).graph;
            mapped.keepInboundIn(scratch);
            long before = scratch.mappedBytes();
            for (int o = 0; o < heap.objectCount(); o++) {
                assertThat(mapped.inStart(o)).as(at).isEqualTo(heap.inStart(o));
                assertThat(mapped.inEnd(o)).as(at).isEqualTo(heap.inEnd(o));
                assertThat(mapped.inDegree(o)).as(at).isEqualTo(heap.inDegree(o));
            }
            for (long i = 0; i < heap.referenceCount(); i++) {
                assertThat(mapped.source(i)).as(at).isEqualTo(heap.source(i));
            }
            assertThat(scratch.mappedBytes()).as(at + ": the sources are in scratch").isGreaterThan(before);
            for (int o = 0; o < heap.objectCount(); o++) {
                assertThat(RootPaths.shortest(mapped, mapped.strongReferences(), o, 3, scratch))
                        .as(at + ", object " + o)
                        .usingRecursiveFieldByFieldElementComparator()
                        .isEqualTo(RootPaths.shortest(heap, heap.strongReferences(), o, 3));
            }
        }
    }
}
