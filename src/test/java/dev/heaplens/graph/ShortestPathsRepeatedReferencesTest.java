package dev.heaplens.graph;

import dev.heaplens.analysis.graph.RootPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shortest paths through objects that hold the same reference many times (an array filled with one
 * element): a chain of 12 such arrays, each holding the next 40 times, has 40^12 walks of the same one
 * path. Asked for more paths than there are, the search must still end at once.
 */
class ShortestPathsRepeatedReferencesTest {
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aChainOfArraysRepeatingTheirElementHasOnePathFoundAtOnce() {
        int links = 12;
        int repeats = 40;
        List<int[]> edges = new ArrayList<>();
        for (int node = 0; node < links; node++) {
            for (int r = 0; r < repeats; r++) {
                edges.add(new int[] {node, node + 1});
            }
        }
        HeapGraph g = Graphs.of(links + 2, edges.toArray(new int[0][]), 0);
        assertThat(RootPaths.shortest(g, g.strongReferences(), links, 50)).singleElement()
                .satisfies(p -> assertThat(p.objects()).hasSize(links + 1));

        // a second root holding the first link as often: two paths, once each
        for (int r = 0; r < repeats; r++) {
            edges.add(new int[] {links + 1, 1});
        }
        HeapGraph two = Graphs.of(links + 2, edges.toArray(new int[0][]), 0, links + 1);
        assertThat(RootPaths.shortest(two, two.strongReferences(), links, 50)).hasSize(2)
                .allSatisfy(p -> assertThat(p.objects()).hasSize(links + 1))
                .extracting(p -> p.objects()[0]).containsExactlyInAnyOrder(0L, links + 1L);
    }
}
