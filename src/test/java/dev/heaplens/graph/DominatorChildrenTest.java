package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dominator tree's child lists, built in the heap, in scratch files (a heap with no room), and in
 * scratch files with 8-byte ids (forced: a graph past 2^31 objects cannot be made here), are each
 * node's children in preorder, as the immediate dominators and the preorder say, read node by node.
 */
class DominatorChildrenTest {
    @TempDir
    Path dir;

    @AfterEach
    void narrowAgain() {
        MappedIds.forceWide = false;
    }

    @Test
    void theListsAreEachNodesChildrenInPreorderWhereverTheyAreBuilt() {
        for (long seed = 1; seed <= 120; seed++) {
            DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(seed);
            MappedIds.forceWide = seed % 3 == 2;
            Scratch scratch = seed % 3 == 0 ? Scratch.heap() : Scratch.mappedIn(dir, 4 + (int) (seed % 4), bytes -> false);
            Dominators d = Dominators.compute(c.graph);
            d.keepChildrenIn(scratch);
            List<List<Long>> expected = expected(d);
            long n = c.graph.objectCount();
            for (long node = -1; node < n; node++) {
                List<Long> got = new ArrayList<>();
                for (long i = d.childStart(node); i < d.childEnd(node); i++) {
                    got.add(d.child(i));
                }
                assertThat(got).as("seed %d, node %d", seed, node).isEqualTo(expected.get((int) node + 1));
            }
            assertThat(scratch.mappedBytes() > 0).as("seed %d: built in scratch files", seed).isEqualTo(scratch.isMapped());
        }
    }

    /** Each node's children (slot 0: the super-root's), in the order the preorder visits them. */
    private static List<List<Long>> expected(Dominators d) {
        long n = d.graph().objectCount();
        List<List<Long>> children = new ArrayList<>();
        for (long s = 0; s <= n; s++) {
            children.add(new ArrayList<>());
        }
        for (long i = 0; i < d.reachableCount(); i++) {
            long o = d.preorderObject(i);
            children.get((int) d.immediateDominator(o) + 1).add(o);
        }
        return children;
    }
}
