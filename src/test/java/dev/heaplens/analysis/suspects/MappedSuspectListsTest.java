package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.function.LongUnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Out of core, the first suspects run on an index keeps every node's dominated children and the
 * whole path tree in mapped scratch files: the same answers as in the heap, and as the oracles
 * (a scan of the immediate dominators; a breadth-first search of the test's own for the lengths);
 * with the ids in 4 bytes and, forced, in 8 (with the bits mapped as well).
 */
class MappedSuspectListsTest {
    @TempDir
    Path dir;

    @AfterEach
    void narrowAgain() {
        WideIds.force(false);
    }

    @Test
    void dominatedChildrenListedInScratchAreTheScansAnswers() {
        dominatedChildrenListedIn(Scratch.mappedIn(dir), 4);
    }

    @Test
    void dominatedChildrenListedInWideScratchAreTheScansAnswers() {
        WideIds.force(true);
        dominatedChildrenListedIn(MappedScratch.withoutHeapRoom(dir), 8);
    }

    /** On 20 graphs of 2,000 objects, each node's children listed twice in {@code scratch}, {@code idBytes} an id. */
    private void dominatedChildrenListedIn(Scratch scratch, int idBytes) {
        for (long seed = 1; seed <= 20; seed++) {
            HeapGraph g = graph(new Random(seed), 2_000);
            Dominators d = Dominators.compute(g);
            long before = scratch.mappedBytes();
            DominatedChildren mapped = DominatedChildren.forMany(d, scratch);
            DominatedChildren inHeap = DominatedChildren.forMany(d, Scratch.heap());
            DominatedChildren scanned = new DominatedChildren(d, scratch); // listed after SCANS scans
            int[] nodes = {Dominators.SUPER_ROOT, 0, 8, 16, 5, 1_000, 1_999, 3, 24, 40, 1_998};
            for (int node : nodes) {
                long[] expected = scan(d, node);
                assertThat(mapped.of(node)).as("seed %d node %d", seed, node).containsExactly(expected);
                assertThat(inHeap.of(node)).as("seed %d node %d", seed, node).containsExactly(expected);
                assertThat(scanned.of(node)).as("seed %d node %d", seed, node).containsExactly(expected);
            }
            assertThat(scratch.mappedBytes() - before).as("seed %d: two listings of every slot and child mapped", seed)
                    .isEqualTo(2L * idBytes * (g.objectCount() + 3 + d.reachableCount()));
        }
    }

    @Test
    void aPathTreeInScratchIsTheHeapsAndItsPathsAreShortest() {
        aPathTreeIn(Scratch.mappedIn(dir), 4, false);
    }

    @Test
    void aPathTreeInWideScratchIsTheHeapsAndItsPathsAreShortest() {
        WideIds.force(true);
        aPathTreeIn(MappedScratch.withoutHeapRoom(dir), 8, true);
    }

    /** On 11 graphs of 3,000 objects, the parents and queue in {@code scratch}, {@code idBytes} an id; the bits too when {@code bitsMapped}. */
    private void aPathTreeIn(Scratch scratch, int idBytes, boolean bitsMapped) {
        for (long seed = 100; seed <= 110; seed++) {
            HeapGraph g = graph(new Random(seed), 3_000);
            long before = scratch.mappedBytes();
            RootPaths.Tree mapped = RootPaths.tree(g, EdgeFilter.ALL, scratch);
            long bits = bitsMapped ? 2 * 8 * ((3_000 + 63) / 64) : 0; // reached, and a level's
            assertThat(scratch.mappedBytes() - before).as("seed " + seed + ": the tree's columns mapped")
                    .isEqualTo(2L * idBytes * 3_000 + bits);
            RootPaths.Tree inHeap = RootPaths.tree(g, EdgeFilter.ALL, Scratch.heap());
            int[] dist = distances(g);
            long[] all = java.util.stream.LongStream.range(0, g.objectCount()).toArray();
            assertThat(mapped.edgeIndexes(all)).as("seed " + seed).containsExactly(inHeap.edgeIndexes(all));
            long[] wide = java.util.stream.LongStream.range(0, g.objectCount()).toArray();
            assertThat(mapped.edgeIndexes(wide)).as("seed " + seed).containsExactly(inHeap.edgeIndexes(all));
            for (long o = 0; o < g.objectCount(); o++) {
                String at = "seed " + seed + " object " + o;
                assertThat(mapped.parent(o)).as(at).isEqualTo(inHeap.parent(o));
                assertThat(mapped.stored(o)).as(at).isEqualTo(inHeap.stored(o));
                RootPaths.Path path = mapped.pathTo(o);
                if (dist[(int) o] < 0) {
                    assertThat(path).as(at).isNull();
                    continue;
                }
                assertThat(path.objects()).as(at).containsExactly(inHeap.pathTo(o).objects()).hasSize(dist[(int) o] + 1);
            }
        }
    }

    /** Every object whose immediate dominator is {@code node}, in id order: the oracle. */
    private static long[] scan(Dominators d, int node) {
        return java.util.stream.LongStream.range(0, d.graph().objectCount())
                .filter(o -> d.immediateDominator(o) == node).toArray();
    }

    /**
     * References from the roots to each object, -1 unreachable: relaxed over every reference until
     * nothing changes (brute force, no queue: nothing shared with the search under test).
     */
    private static int[] distances(HeapGraph g) {
        int[] dist = new int[(int) g.objectCount()];
        Arrays.fill(dist, Integer.MAX_VALUE);
        for (int r = 0; r < g.rootCount(); r++) {
            dist[(int) g.rootTarget(r)] = 0;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int o = 0; o < dist.length; o++) {
                if (dist[o] == Integer.MAX_VALUE) {
                    continue;
                }
                for (long i = g.outStart(o); i < g.outEnd(o); i++) {
                    int t = (int) g.target(i);
                    if (dist[o] + 1 < dist[t]) {
                        dist[t] = dist[o] + 1;
                        changed = true;
                    }
                }
            }
        }
        return Arrays.stream(dist).map(d -> d == Integer.MAX_VALUE ? -1 : d).toArray();
    }

    /** Clusters of eight under a spine from one root, random cross references, a few more roots, some objects unreached. */
    private static HeapGraph graph(Random rnd, int n) {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart part = b.newPart();
        LongUnaryOperator address = i -> 0x1000L + 40L * i;
        for (int i = 0; i < n; i++) {
            part.addObject(address.applyAsLong(i), (byte) 1, 0, 40 + rnd.nextInt(200));
            boolean clusterHead = i % 8 == 0 && i + 8 < n && i < n - n / 10;
            for (int k = 1; clusterHead && k <= 8; k++) {
                part.addReference(address.applyAsLong(i + k)); // its cluster, then the next head
            }
            if (rnd.nextInt(4) == 0) {
                part.addReference(address.applyAsLong(rnd.nextInt(n)));
            }
        }
        part.addRoot("vm", address.applyAsLong(0));
        for (int r = 0; r < 3; r++) {
            part.addRoot("global", address.applyAsLong(rnd.nextInt(n)));
        }
        return b.build();
    }
}
