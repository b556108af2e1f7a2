package dev.heaplens.analysis.graph;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.WideIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each group's sample against its definition written out by brute force on seeded random graphs: per
 * group, the keeper (the first object not leaked on the tree's way back to the roots, -1 for a root)
 * that keeps most of its reached members, the lowest on a tie and -1 last, and of those members the
 * first. In the heap, and with the graph built out of core and every column mapped, ids wide.
 */
class LeakSamplesTest {
    private static final int SEEDS = 300;

    @TempDir
    Path dir;

    @Test
    void theSamplesAreTheDefinitionsInTheHeapAndMapped() {
        Scratch mapped = MappedScratch.withoutHeapRoom(dir);
        int sampled = 0;
        int chains = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            Random rnd = new Random(seed);
            int n = 1 + rnd.nextInt(120);
            long[][] edges = new long[n][];
            for (int i = 0; i < n; i++) {
                edges[i] = rnd.longs(rnd.nextInt(4), 0, n).toArray();
            }
            int[] roots = rnd.ints(1 + rnd.nextInt(3), 0, n).toArray();
            boolean[] leaked = new boolean[n];
            int[] group = new int[n];
            int groups = 1 + rnd.nextInt(4);
            double share = rnd.nextDouble();
            for (int o = 0; o < n; o++) {
                leaked[o] = rnd.nextDouble() < share;
                group[o] = !leaked[o] ? -1 : rnd.nextInt(groups + 1) - 1; // some leaked objects in no measured group
            }
            long[] expected = null;
            for (boolean outOfCore : new boolean[] {false, true}) {
                String as = "seed " + seed + (outOfCore ? ", mapped" : "");
                WideIds.force(outOfCore);
                try {
                    Scratch scratch = outOfCore ? mapped : Scratch.heap();
                    HeapGraph g = graph(edges, roots, scratch);
                    RootPaths.Tree tree = RootPaths.tree(g, g.strongReferences(), scratch);
                    ObjectBits bits = ObjectBits.none(n, scratch);
                    IdCells groupOf = scratch.idCells(n, n);
                    for (int o = 0; o < n; o++) {
                        groupOf.set(o, group[o]);
                        if (leaked[o]) {
                            bits.set(o);
                        }
                    }
                    if (expected == null) {
                        expected = bruteForce(tree, leaked, group, groups);
                    }
                    assertThat(LeakSamples.of(groupOf, groups, bits, tree)).as(as).containsExactly(expected);
                } finally {
                    WideIds.force(false);
                }
            }
            sampled += (int) Arrays.stream(expected).filter(s -> s >= 0).count();
            for (int o = 0; o < n; o++) {
                chains += leaked[o] && roots.length > 0 && group[o] >= 0 && edges[o].length > 0 ? 1 : 0;
            }
        }
        assertThat(sampled).isGreaterThan(SEEDS);
        assertThat(chains).isGreaterThan(SEEDS);
        assertThat(mapped.mappedBytes()).isPositive();
    }

    private static HeapGraph graph(long[][] edges, int[] roots, Scratch scratch) {
        HeapGraphBuilder b = new HeapGraphBuilder(scratch);
        HeapGraphPart p = b.newPart();
        for (int i = 0; i < edges.length; i++) {
            p.addObject(address(i), (byte) 1, 0, 16 + i);
            for (long t : edges[i]) {
                p.addReference(address((int) t));
            }
        }
        for (int r : roots) {
            p.addRoot("root", address(r));
        }
        return b.build();
    }

    private static long address(int i) {
        return 0x7f00_0000_0000L + 40L * i;
    }

    private static long[] bruteForce(RootPaths.Tree tree, boolean[] leaked, int[] group, int groups) {
        long[] sample = new long[groups];
        Arrays.fill(sample, -1);
        for (int g = 0; g < groups; g++) {
            Map<Long, Integer> kept = new HashMap<>();
            for (int o = 0; o < group.length; o++) {
                if (group[o] == g && tree.parent(o) != -2) {
                    kept.merge(keeper(tree, leaked, o), 1, Integer::sum);
                }
            }
            long best = 0;
            int most = 0;
            for (Map.Entry<Long, Integer> e : kept.entrySet()) {
                long k = e.getKey();
                if (e.getValue() > most || e.getValue() == most && (best == -1 || k != -1 && k < best)) {
                    most = e.getValue();
                    best = k;
                }
            }
            for (int o = 0; o < group.length && most > 0; o++) {
                if (group[o] == g && tree.parent(o) != -2 && keeper(tree, leaked, o) == best) {
                    sample[g] = o;
                    break;
                }
            }
        }
        return sample;
    }

    private static long keeper(RootPaths.Tree tree, boolean[] leaked, long o) {
        long up = o;
        while (up >= 0 && leaked[(int) up]) {
            up = tree.parent(up);
        }
        return up;
    }
}
