package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What each group of roots alone keeps alive ({@link RootGroupRetained}), against brute force: a
 * search from every root outside the group, on seeded random graphs with roots in up to 70 groups
 * (two batches of 64), with and without an edge filter, in the heap and mapped. A failure names the seed.
 */
class RootGroupRetainedTest {
    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    /** Every third seed and every twentieth with each object's bits mapped (as out of core, no heap room), the rest in the heap. */
    @Test
    void matchesASearchFromTheOtherRoots() {
        for (long seed = 1; seed <= 300; seed++) {
            Random rnd = new Random(seed);
            int n = 1 + rnd.nextInt(120);
            int groups = seed % 10 == 0 ? 60 + rnd.nextInt(11) : 1 + rnd.nextInt(6); // 60 to 70: one batch or two
            HeapGraphBuilder b = new HeapGraphBuilder();
            HeapGraphPart p = b.newPart();
            for (int i = 0; i < n; i++) {
                p.addObject(Graphs.address(i), (byte) 1, 0, Graphs.size(i));
                for (int e = rnd.nextInt(4); e > 0; e--) {
                    p.addReference(Graphs.address(rnd.nextInt(n)));
                }
            }
            for (int r = rnd.nextInt(2 * groups + 3); r >= 0; r--) {
                int group = rnd.nextInt(groups + 2) - 2; // -2, -1: roots of no group, under two categories
                p.addRoot(group < 0 ? "other" + group : "thread " + group, Graphs.address(rnd.nextInt(n)));
            }
            HeapGraph g = b.build();
            int[] groupOfCategory = new int[g.rootCategories().size()];
            for (int c = 0; c < groupOfCategory.length; c++) {
                String name = g.rootCategories().get(c);
                groupOfCategory[c] = name.startsWith("thread ") ? Integer.parseInt(name.substring(7)) : -1;
            }
            boolean filtered = seed % 2 == 0;
            EdgeFilter filter = filtered ? (source, reference, target) -> (source + target) % 5 != 0 : EdgeFilter.ALL;
            Scratch scratch = seed % 3 == 0 || seed % 20 == 0 ? Scratch.mappedIn(dir, 6, bytes -> false) : Scratch.heap();
            RetainedSet[] got = RootGroupRetained.of(Dominators.compute(g, filter), groupOfCategory, groups, scratch);
            assertThat(scratch.liveBytes()).as("the bits given back").isZero();
            for (int k = 0; k < groups; k++) {
                assertThat(got[k]).as("seed %d, group %d of %d", seed, k, groups)
                        .isEqualTo(bruteForce(g, filter, groupOfCategory, k));
            }
        }
    }

    /** Reachable from every root, minus reachable from the roots outside {@code group}. */
    private static RetainedSet bruteForce(HeapGraph g, EdgeFilter filter, int[] groupOfCategory, int group) {
        BitSet all = search(g, filter, groupOfCategory, -99);
        BitSet others = search(g, filter, groupOfCategory, group);
        all.andNot(others);
        long bytes = 0;
        for (int o = all.nextSetBit(0); o >= 0; o = all.nextSetBit(o + 1)) {
            bytes += g.shallowSize(o);
        }
        return new RetainedSet(all.cardinality(), bytes);
    }

    private static BitSet search(HeapGraph g, EdgeFilter filter, int[] groupOfCategory, int skipped) {
        BitSet seen = new BitSet();
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (groupOfCategory[g.rootCategoryId(r)] != skipped && !seen.get((int) g.rootTarget(r))) {
                seen.set((int) g.rootTarget(r));
                queue.add((int) g.rootTarget(r));
            }
        }
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (long i = g.outStart(v); i < g.outEnd(v); i++) {
                int w = (int) g.target(i);
                if (!seen.get(w) && filter.follow(v, i, w)) {
                    seen.set(w);
                    queue.add(w);
                }
            }
        }
        return seen;
    }
}
