package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;


/**
 * One ranking for "largest retained first": the CLI's top n ({@link TopRetainers#largest}) and the
 * web's whole order ({@link TopRetainers#all}) against a brute-force sort by the rule (size, then
 * objects retained, then id), on seeded random heaps where sizes tie often. A failure names its seed.
 */
class TopRetainersTest {
    private static final Comparator<int[]> RULE = Comparator
            .comparingLong((int[] row) -> -row[1] * 1L)
            .thenComparingInt(row -> -row[2])
            .thenComparingInt(row -> row[0]);

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    /** The web's order made in the heap, and every other seed mapped (as out of core, no heap room). */
    @Test
    void theWebsOrderAndTheCliTopAreTheSameRanking() {
        for (long seed = 1; seed <= 300; seed++) {
            Dominators d = Dominators.compute(randomHeap(new Random(seed)));
            int[] expected = bruteForce(d);
            Scratch scratch = seed % 2 == 0 ? MappedScratch.withoutHeapRoom(dir) : Scratch.heap();
            assertThat(ids(TopRetainers.all(d, scratch))).as("seed " + seed).containsExactly(expected);
            scratch.releaseAll();
            for (int n : new int[] {0, 1, 2, 5, expected.length, expected.length + 3}) {
                assertThat(TopRetainers.largest(d, n)).as("seed " + seed + ", n " + n)
                        .containsExactly(Arrays.stream(expected, 0, Math.min(n, expected.length)).asLongStream().toArray());
            }
        }
    }

    @Test
    void sizeTiesGoToTheObjectThatRetainsMoreObjects() {
        // 0 -> 1 -> 2 and 0 -> 3: 1 retains {1, 2} (sizes 4 + 4), 3 retains {3} (size 8): same bytes
        HeapGraph g = heap(new long[] {1, 4, 4, 8}, new int[][] {{0, 1}, {1, 2}, {0, 3}});
        Dominators d = Dominators.compute(g);
        assertThat(ids(TopRetainers.all(d, Scratch.heap()))).containsExactly(0, 1, 3, 2);
        assertThat(TopRetainers.largest(d, 4)).containsExactly(0, 1, 3, 2);
    }

    private static int[] ids(IdCells cells) {
        int[] ids = new int[(int) cells.length()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = (int) cells.get(i);
        }
        return ids;
    }

    private static int[] bruteForce(Dominators d) {
        return IntStream.range(0, (int) d.graph().objectCount())
                .filter(o -> d.retainedCount(o) > 0)
                .mapToObj(o -> new int[] {o, (int) d.retainedSize(o), (int) d.retainedCount(o)})
                .sorted(RULE)
                .mapToInt(row -> row[0])
                .toArray();
    }

    /** Up to 80 objects of sizes 1..4 (so retained sizes tie often), random edges, object 0 the root. */
    private static HeapGraph randomHeap(Random rnd) {
        int n = 1 + rnd.nextInt(80);
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = 1 + rnd.nextInt(4);
        }
        int m = rnd.nextInt(2 * n + 1);
        int[][] edges = new int[m][];
        for (int k = 0; k < m; k++) {
            edges[k] = new int[] {rnd.nextInt(n), rnd.nextInt(n)};
        }
        return heap(sizes, edges);
    }

    private static HeapGraph heap(long[] sizes, int[][] edges) {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        for (int i = 0; i < sizes.length; i++) {
            p.addObject(0x1000L + 16L * i, (byte) 1, 0, sizes[i]);
            for (int[] e : edges) {
                if (e[0] == i) {
                    p.addReference(0x1000L + 16L * e[1]);
                }
            }
        }
        p.addRoot("root", 0x1000L);
        return b.build();
    }
}
