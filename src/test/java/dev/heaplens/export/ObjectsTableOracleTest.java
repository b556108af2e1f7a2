package dev.heaplens.export;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Phases;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The objects table's two computations over every object, against brute force: the subtree numbering
 * (a recursive walk of the dominator tree) computed out of core as past 2^31 objects, on seeded random
 * graphs; the first root of each object with ids past 2^31 and 2^32.
 */
class ObjectsTableOracleTest {
    @TempDir
    Path dir;

    @Test
    void subtreeNumbersAsPast2To31AreThoseOfAWalkOfTheDominatorTree() {
        for (long seed = 1; seed <= 40; seed++) {
            Random rnd = new Random(seed);
            int n = 1 + rnd.nextInt(seed % 5 == 0 ? 3000 : 80);
            int[][] out = new int[n][];
            for (int i = 0; i < n; i++) {
                out[i] = rnd.ints(rnd.nextInt(4), 0, n).toArray();
            }
            int[] roots = rnd.ints(1 + rnd.nextInt(5), 0, n).toArray();
            Scratch scratch = MappedScratch.withoutHeapRoom(dir.resolve("scratch-" + seed));
            long s = seed;
            List<Long> numbers = WideIds.asPast2To31(() -> {
                HeapGraph graph = build(n, out, roots, scratch);
                assertThat(WideIds.targetsAreWide(graph)).isTrue();
                Dominators d = Dominators.compute(graph, EdgeFilter.ALL, Phases.NONE, scratch);
                IdCells order = new ObjectsTable(graph, null, d, false, scratch).preorderNumbers();
                List<Long> got = new ArrayList<>();
                for (long o = 0; o < n; o++) {
                    got.add(d.immediateDominator(o) == Dominators.UNREACHABLE ? -1 : order.get(o));
                }
                assertThat(walkOfTheTree(d, n)).as("seed %d", s).isEqualTo(got);
                return got;
            });
            HeapGraph inHeap = build(n, out, roots, Scratch.heap());
            Dominators d = Dominators.compute(inHeap);
            IdCells order = new ObjectsTable(inHeap, null, d, false, Scratch.heap()).preorderNumbers();
            for (long o = 0; o < n; o++) {
                if (d.immediateDominator(o) != Dominators.UNREACHABLE) {
                    assertThat(order.get(o)).as("seed %d object %d in the heap", seed, o).isEqualTo(numbers.get((int) o));
                }
            }
            scratch.releaseAll();
        }
    }

    /** Numbers by a recursive walk from the super root, each node's children in the dominators' preorder. */
    private static List<Long> walkOfTheTree(Dominators d, int n) {
        List<List<Long>> children = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            children.add(new ArrayList<>());
        }
        for (long i = 0; i < d.reachableCount(); i++) {
            long o = d.preorderObject(i);
            long parent = d.immediateDominator(o);
            children.get(parent == Dominators.SUPER_ROOT ? n : (int) parent).add(o);
        }
        List<Long> numbers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            numbers.add(-1L);
        }
        number(n, children, numbers, new long[1]);
        for (int o = 0; o < n; o++) { // what each retains is its subtree: the range from its own number on
            if (numbers.get(o) >= 0) {
                assertThat(subtree(o, children)).isEqualTo(d.retainedCount(o));
            }
        }
        return numbers;
    }

    private static void number(int node, List<List<Long>> children, List<Long> numbers, long[] next) {
        if (node < numbers.size()) {
            numbers.set(node, next[0]++);
        }
        for (long c : children.get(node)) {
            number((int) c, children, numbers, next);
        }
    }

    private static long subtree(int node, List<List<Long>> children) {
        long count = 1;
        for (long c : children.get(node)) {
            count += subtree((int) c, children);
        }
        return count;
    }

    private static HeapGraph build(int n, int[][] out, int[] roots, Scratch scratch) {
        HeapGraphBuilder b = new HeapGraphBuilder(scratch);
        HeapGraphPart p = b.newPart();
        for (int i = 0; i < n; i++) {
            p.addObject(0x1000L + 16L * i, (byte) 0, 0, 8 + i % 13);
            for (int t : out[i]) {
                p.addReference(0x1000L + 16L * t);
            }
        }
        for (int r : roots) {
            p.addRoot("r" + r % 3, 0x1000L + 16L * r);
        }
        return b.build();
    }

    @Test
    void eachObjectsFirstRootPast2To32() {
        for (long seed = 1; seed <= 200; seed++) {
            Random rnd = new Random(seed);
            int roots = rnd.nextInt(50);
            long base = rnd.nextBoolean() ? (1L << 32) - 10 : (1L << 31) - 10; // ids across 2^32 or 2^31
            long[] targets = new long[roots];
            int[] categories = new int[roots];
            for (int r = 0; r < roots; r++) {
                targets[r] = rnd.nextInt(8) == 0 ? -1 : base + rnd.nextInt(20) + (rnd.nextInt(4) == 0 ? 1L << 40 : 0);
                categories[r] = rnd.nextInt(6);
            }
            TreeMap<Long, Integer> expected = new TreeMap<>();
            for (int r = 0; r < roots; r++) {
                if (targets[r] >= 0) {
                    expected.putIfAbsent(targets[r], categories[r]);
                }
            }
            ObjectsTable.FirstRoots got = ObjectsTable.FirstRoots.of(targets, categories);
            assertThat(got.objects).as("seed %d", seed).containsExactly(expected.keySet().stream().mapToLong(Long::longValue).toArray());
            assertThat(got.categories).as("seed %d", seed)
                    .containsExactly(expected.values().stream().mapToInt(Integer::intValue).toArray());
        }
    }
}
