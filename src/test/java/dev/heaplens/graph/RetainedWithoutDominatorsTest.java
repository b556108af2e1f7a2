package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.oracle.BruteForceRetention;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What leaks computes without a dominator tree, against brute force on the seeded random graphs of
 * {@link DominatorsOracleTest}: each object's own retained set ({@link RetainedSet#eachOf}), more
 * objects than one traversal takes at times, with and without a filter.
 */
class RetainedWithoutDominatorsTest {
    @Test
    void eachObjectsRetainedSetMatchesBruteForce() {
        for (long seed = 20_000; seed < 20_400; seed++) {
            DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(seed);
            boolean filtered = seed % 2 == 0;
            BruteForceRetention oracle = c.oracle(filtered);
            Random rnd = new Random(seed);
            List<Integer> nodes = new ArrayList<>();
            for (int y = 0; y < c.n; y++) {
                nodes.add(y);
            }
            Collections.shuffle(nodes, rnd);
            List<Integer> chosen = nodes.subList(0, 1 + rnd.nextInt(c.n));
            long[] objects = chosen.stream().mapToLong(y -> c.object[y]).toArray();
            RetainedSet[] each = RetainedSet.eachOf(c.graph, filtered ? c.filter() : EdgeFilter.ALL, objects, Scratch.heap());
            for (int i = 0; i < objects.length; i++) {
                int y = chosen.get(i);
                assertThat(each[i]).as("seed %d%s: node %d of %d asked", seed, filtered ? " (filtered)" : "", y,
                        objects.length).isEqualTo(new RetainedSet(oracle.retains(y).cardinality(),
                        BruteForceRetention.bytes(oracle.retains(y), c.size)));
            }
        }
    }

    @Test
    void aSearchStoppedOnceItReachedItsTargetsGivesTheWholeSearchsPathsToThem() {
        for (long seed = 30_000; seed < 30_400; seed++) {
            DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(seed);
            EdgeFilter filter = seed % 2 == 0 ? c.filter() : EdgeFilter.ALL;
            Random rnd = new Random(seed);
            BitSet until = new BitSet();
            for (int k = rnd.nextInt(4); k >= 0; k--) {
                until.set(c.object[rnd.nextInt(c.n)]);
            }
            RootPaths.Tree whole = RootPaths.tree(c.graph, filter);
            RootPaths.Tree stopped = RootPaths.tree(c.graph, filter, until);
            for (int o = until.nextSetBit(0); o >= 0; o = until.nextSetBit(o + 1)) {
                RootPaths.Path expected = whole.pathTo(o);
                RootPaths.Path got = stopped.pathTo(o);
                String at = "seed " + seed + ": object " + o;
                if (expected == null) {
                    assertThat(got).as(at).isNull();
                } else {
                    assertThat(got.objects()).as(at).containsExactly(expected.objects());
                    assertThat(got.rootCategory()).as(at).isEqualTo(expected.rootCategory());
                }
            }
        }
    }
}
