package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Out of core, the first suspects run on an index keeps every node's dominated children and the
 * whole path tree in mapped scratch files: the same answers as in the heap, and as the oracles
 * (a scan of the immediate dominators; a breadth-first search of the test's own for the lengths).
 */
class MappedSuspectListsTest {
    @TempDir
    Path dir;

    @Test
    void dominatedChildrenListedInScratchAreTheScansAnswers() {
        for (long seed = 1; seed <= 20; seed++) {
            HeapGraph g = graph(new Random(seed), 2_000);
            Dominators d = Dominators.compute(g);
            DominatedChildren mapped = DominatedChildren.forMany(d, Scratch.mappedIn(dir));
            DominatedChildren inHeap = DominatedChildren.forMany(d, Scratch.heap());
            int[] nodes = {Dominators.SUPER_ROOT, 0, 8, 16, 5, 1_000, 1_999};
            for (int node : nodes) {
                int[] expected = scan(d, node);
                assertThat(mapped.of(node)).as("seed %d node %d", seed, node).containsExactly(expected);
                assertThat(inHeap.of(node)).as("seed %d node %d", seed, node).containsExactly(expected);
            }
        }
    }

    @Test
    void aPathTreeInScratchIsTheHeapsAndItsPathsAreShortest() {
        for (long seed = 100; seed <= 110; seed++) {
            HeapGraph g = graph(new Random(seed), 3_000);
            RootPaths.Tree mapped = RootPaths.treeWithEdges(g, EdgeFilter.ALL, Scratch.mappedIn(dir));
            RootPaths.Tree inHeap = RootPaths.treeWithEdges(g, EdgeFilter.ALL, Scratch.heap());
            int[] dist = distances(g);
            for (int o = 0; o < g.objectCount(); o++) {
                String at = "seed " + seed + " object " + o;
                assertThat(mapped.parent(o)).as(at).isEqualTo(inHeap.parent(o));
                RootPaths.Path path = mapped.pathTo(o);
                if (dist[o] < 0) {
                    assertThat(path).as(at).isNull();
                    continue;
                }
                assertThat(mapped.edgeIndex(o)).as(at).isEqualTo(inHeap.edgeIndex(o));
                assertThat(path.objects()).as(at).containsExactly(inHeap.pathTo(o).objects()).hasSize(dist[o] + 1);
            }
        }
    }

    /** Every object whose immediate dominator is {@code node}, in id order: the oracle. */
    private static int[] scan(Dominators d, int node) {
        return java.util.stream.IntStream.range(0, d.graph().objectCount())
                .filter(o -> d.immediateDominator(o) == node).toArray();
    }

    /** References from the roots to each object, by a search of the test's own; -1 unreachable. */
    private static int[] distances(HeapGraph g) {
        int[] dist = new int[g.objectCount()];
        Arrays.fill(dist, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (dist[g.rootTarget(r)] < 0) {
                dist[g.rootTarget(r)] = 0;
                queue.add(g.rootTarget(r));
            }
        }
        while (!queue.isEmpty()) {
            int o = queue.poll();
            for (long i = g.outStart(o); i < g.outEnd(o); i++) {
                int t = g.target(i);
                if (dist[t] < 0) {
                    dist[t] = dist[o] + 1;
                    queue.add(t);
                }
            }
        }
        return dist;
    }

    /** Clusters of eight under a spine from one root, random cross references, a few more roots, some objects unreached. */
    private static HeapGraph graph(Random rnd, int n) {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        for (int i = 0; i < n; i++) {
            p.addObject(0x1000L + 40L * i, (byte) 1, 0, 40 + rnd.nextInt(200));
            if (i % 8 == 0 && i + 8 < n && i < n - n / 10) {
                p.addReference(0x1000L + 40L * (i + 8));
                for (int k = 1; k < 8; k++) {
                    p.addReference(0x1000L + 40L * (i + k));
                }
            }
            if (rnd.nextInt(4) == 0) {
                p.addReference(0x1000L + 40L * rnd.nextInt(n));
            }
        }
        p.addRoot("vm", 0x1000L);
        for (int r = 0; r < 3; r++) {
            p.addRoot("global", 0x1000L + 40L * rnd.nextInt(n));
        }
        return b.build();
    }
}
