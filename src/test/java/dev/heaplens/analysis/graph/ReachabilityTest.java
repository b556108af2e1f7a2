package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapGraphPart;
import dev.heaplens.graph.MappedScratch;
import dev.heaplens.graph.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reachability's counts against breadth-first walks over the edge lists the graph was built from, the
 * weak-only walk's bits in the heap and in a mapped scratch.
 */
class ReachabilityTest {
    @TempDir
    Path dir;

    private record Edge(int target, boolean weak) {
    }

    @Test
    void weakOnlyIsWhatEveryReferenceReachesMinusWhatStrongOnesReach() {
        weakOnlyIsWhatEveryReferenceReachesMinusWhatStrongOnesReach(Scratch.heap());
    }

    @Test
    void weakOnlyWithItsBitsMappedIsTheSame() {
        Scratch scratch = MappedScratch.withoutHeapRoom(dir);
        weakOnlyIsWhatEveryReferenceReachesMinusWhatStrongOnesReach(scratch);
        assertThat(scratch.mappedBytes()).as("the bits mapped").isPositive();
    }

    private static void weakOnlyIsWhatEveryReferenceReachesMinusWhatStrongOnesReach(Scratch scratch) {
        Random rnd = new Random(42);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + rnd.nextInt(trial < 100 ? 12 : 200);
            List<List<Edge>> out = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                List<Edge> edges = new ArrayList<>();
                for (int k = rnd.nextInt(4); k > 0; k--) {
                    edges.add(new Edge(rnd.nextInt(n), rnd.nextInt(3) == 0));
                }
                out.add(edges);
            }
            int[] roots = rnd.ints(rnd.nextInt(3), 0, n).toArray();
            HeapGraphBuilder b = new HeapGraphBuilder();
            HeapGraphPart p = b.newPart();
            for (int v = 0; v < n; v++) {
                p.addObject(address(v), (byte) 1, 0, 10 + v);
                for (Edge e : out.get(v)) {
                    if (e.weak()) {
                        p.addWeakReference(address(e.target()));
                    } else {
                        p.addReference(address(e.target()));
                    }
                }
            }
            for (int r : roots) {
                p.addRoot("root", address(r));
            }
            HeapGraph g = b.build();
            Reachability r = Reachability.of(Dominators.compute(g, g.strongReferences()), new KindOnly(), scratch);

            boolean[] strong = walk(out, roots, false);
            boolean[] all = walk(out, roots, true);
            long count = 0;
            long bytes = 0;
            long unreachable = 0;
            for (int v = 0; v < n; v++) {
                unreachable += strong[v] ? 0 : 1;
                if (all[v] && !strong[v]) {
                    count++;
                    bytes += 10 + v;
                }
            }
            assertThat(r.unreachableCount()).as("trial %d", trial).isEqualTo(unreachable);
            if (g.hasWeakReferences()) {
                assertThat(r.weakOnly()).as("trial %d", trial).isEqualTo(new Reachability.WeakOnly(count, bytes));
            } else {
                assertThat(r.weakOnly()).isNull();
            }
        }
    }

    private static long address(int v) {
        return 0x1000L + 16L * v;
    }

    private static boolean[] walk(List<List<Edge>> out, int[] roots, boolean weakToo) {
        boolean[] seen = new boolean[out.size()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int r : roots) {
            if (!seen[r]) {
                seen[r] = true;
                queue.add(r);
            }
        }
        while (!queue.isEmpty()) {
            for (Edge e : out.get(queue.poll())) {
                if ((weakToo || !e.weak()) && !seen[e.target()]) {
                    seen[e.target()] = true;
                    queue.add(e.target());
                }
            }
        }
        return seen;
    }

    private static final class KindOnly implements ObjectNamer {
        @Override
        public String kind(long object) {
            return "object";
        }

        @Override
        public String group(long object, GroupBy key) {
            return "object";
        }

        @Override
        public ShownValue value(long object) {
            return ShownValue.NONE;
        }

        @Override
        public String location(long object) {
            return null;
        }
    }
}
