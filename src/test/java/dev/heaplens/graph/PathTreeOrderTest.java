package dev.heaplens.graph;

import dev.heaplens.analysis.graph.RootPaths;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tree of shortest paths chooses, among an object's holders one step nearer the roots, the one
 * its contract names, checked against a brute force on seeded random heaps: a root's target is held
 * by its first root; an object one step from the roots' targets by the first of them, in the order
 * of the roots, that holds it; any deeper object by the lowest-numbered holder. The reference
 * recorded is the holder's first followed reference to it.
 */
class PathTreeOrderTest {
    @Test
    void eachObjectsParentIsTheHolderTheContractNames() {
        for (long seed = 41_000; seed < 41_300; seed++) {
            DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(seed);
            EdgeFilter filter = seed % 2 == 0 ? c.filter() : EdgeFilter.ALL;
            HeapGraph g = c.graph;
            int n = (int) g.objectCount();
            int[] dist = distances(g, filter);
            int[] firstRoot = new int[n]; // the first root holding each root target, else -1
            Arrays.fill(firstRoot, -1);
            int[] rootOrder = new int[n]; // a root target's place among the roots' targets, first root first
            int places = 0;
            for (int r = 0; r < g.rootCount(); r++) {
                int o = (int) g.rootTarget(r);
                if (firstRoot[o] < 0) {
                    firstRoot[o] = r;
                    rootOrder[o] = places++;
                }
            }
            RootPaths.Tree tree = RootPaths.tree(g, filter, Scratch.heap());
            int[] edges = tree.edgeIndexes(java.util.stream.LongStream.range(0, n).toArray());
            for (int o = 0; o < n; o++) {
                String at = "seed " + seed + ", object " + o;
                if (dist[o] < 0) {
                    assertThat(tree.parent(o)).as(at).isEqualTo(-2);
                } else if (dist[o] == 0) {
                    assertThat(tree.parent(o)).as(at).isEqualTo(-1);
                    assertThat(tree.rootIndex(o)).as(at).isEqualTo(firstRoot[o]);
                } else {
                    int expected = -1;
                    for (int p = 0; p < n; p++) {
                        if (dist[p] == dist[o] - 1 && firstFollowed(g, filter, p, o) >= 0
                                && (expected < 0 || (dist[o] == 1 ? rootOrder[p] < rootOrder[expected] : p < expected))) {
                            expected = p;
                        }
                    }
                    assertThat(tree.parent(o)).as(at).isEqualTo(expected);
                    assertThat(edges[o]).as(at).isEqualTo(firstFollowed(g, filter, expected, o));
                }
            }
        }
    }

    /** Each object's distance from the roots' targets, -1 when none reaches it. */
    private static int[] distances(HeapGraph g, EdgeFilter filter) {
        int[] dist = new int[(int) g.objectCount()];
        Arrays.fill(dist, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (dist[(int) g.rootTarget(r)] < 0) {
                dist[(int) g.rootTarget(r)] = 0;
                queue.add((int) g.rootTarget(r));
            }
        }
        while (!queue.isEmpty()) {
            int o = queue.poll();
            for (long i = g.outStart(o); i < g.outEnd(o); i++) {
                int t = (int) g.target(i);
                if (dist[t] < 0 && filter.follow(o, i, t)) {
                    dist[t] = dist[o] + 1;
                    queue.add(t);
                }
            }
        }
        return dist;
    }

    /** The place of {@code holder}'s first followed reference to {@code o} among its references, or -1. */
    private static int firstFollowed(HeapGraph g, EdgeFilter filter, int holder, int o) {
        long start = g.outStart(holder);
        for (long i = start; i < g.outEnd(holder); i++) {
            if (g.target(i) == o && filter.follow(holder, i, o)) {
                return (int) (i - start);
            }
        }
        return -1;
    }
}
