package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.ObjectNamer;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.analysis.graph.ShownValue;
import dev.heaplens.analysis.graph.TopRetainers;
import dev.heaplens.oracle.BruteForceRetention;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analyses out of core, on seeded random graphs built out of core with wide ids (forced: 8 bytes an
 * id) and their dominators computed so, each per-object column in a mapped scratch that says the heap
 * has no room: the path tree, the shortest paths, the ranking, retained sizes by group and the
 * reachability give what the same analyses give in the heap on the graph built there, and the exact
 * group sizes what the brute force gives (what becomes unreachable once a group's members are removed).
 */
class AnalysesOutOfCoreOracleTest {
    private static final int SEEDS = 150;

    @TempDir
    Path dir;

    @BeforeEach
    void wide() {
        MappedIds.forceWide = true;
    }

    @AfterEach
    void narrowAgain() {
        MappedIds.forceWide = false;
    }

    @Test
    void theAnalysesOutOfCoreWithWideIdsAreTheHeaps() {
        Scratch scratch = Scratch.mappedIn(dir.resolve("scratch"), 12, bytes -> false);
        for (long seed = 0; seed < SEEDS; seed++) {
            String at = "seed " + seed;
            DominatorsOracleTest.Case heap = new DominatorsOracleTest.Case(seed);
            DominatorsOracleTest.Case mapped = new DominatorsOracleTest.Case(seed, scratch);
            assertThat(WideIds.targetsAreWide(mapped.graph)).as(at).isTrue();
            boolean filtered = seed % 2 == 0;
            Dominators inHeap = filtered ? Dominators.compute(heap.graph, heap.filter()) : Dominators.compute(heap.graph);
            Dominators outOfCore = Dominators.compute(mapped.graph, filtered ? mapped.filter() : EdgeFilter.ALL, Phases.NONE, scratch);
            long before = scratch.mappedBytes();
            assertSamePaths(at, heap.graph, inHeap.filter(), mapped.graph, outOfCore.filter(), scratch);
            assertThat(scratch.mappedBytes() - before).as(at + ": the tree's and the searches' columns mapped").isPositive();
            long n = heap.graph.objectCount();
            for (int k : new int[] {1, 3, (int) n + 1}) {
                long[] top = TopRetainers.largest(outOfCore, k);
                assertThat(top).as(at + ", top " + k).containsExactly(TopRetainers.largest(inHeap, k));
            }
            Namer namer = new Namer(heap.graph);
            assertThat(Reachability.of(outOfCore, namer, scratch)).as(at).isEqualTo(Reachability.of(inHeap, namer));
            for (int top : new int[] {0, 2}) {
                List<RetainedByGroup.Row> rows = RetainedByGroup.compute(outOfCore, namer, GroupBy.CLASS, top, scratch);
                assertThat(rows).as(at + ", top " + top).isEqualTo(RetainedByGroup.compute(inHeap, namer, GroupBy.CLASS, top));
                assertExactAsBruteForce(at, heap, filtered, namer, rows);
            }
        }
    }

    /** The whole tree object by object, its edges, and up to 3 shortest paths to every object. */
    private static void assertSamePaths(String at, HeapGraph heap, EdgeFilter heapFilter, HeapGraph mapped, EdgeFilter mappedFilter,
                                        Scratch scratch) {
        RootPaths.Tree expected = RootPaths.tree(heap, heapFilter, Scratch.heap());
        RootPaths.Tree tree = RootPaths.tree(mapped, mappedFilter, scratch);
        long n = heap.objectCount();
        long[] all = LongStream.range(0, n).toArray();
        assertThat(tree.edgeIndexes(all)).as(at).containsExactly(expected.edgeIndexes(all));
        for (long o = 0; o < n; o++) {
            String object = at + ", object " + o;
            assertThat(tree.stored(o)).as(object).isEqualTo(expected.stored(o));
            assertThat(tree.parent(o)).as(object).isEqualTo(expected.parent(o));
            RootPaths.Path path = tree.pathTo(o);
            if (path == null) {
                assertThat(expected.pathTo(o)).as(object).isNull();
            } else {
                assertThat(path.objects()).as(object).containsExactly(expected.pathTo(o).objects());
                assertThat(path.rootCategory()).as(object).isEqualTo(expected.pathTo(o).rootCategory());
            }
            assertThat(RootPaths.shortest(mapped, mappedFilter, o, 3, scratch)).as(object)
                    .usingRecursiveFieldByFieldElementComparator()
                    .isEqualTo(RootPaths.shortest(heap, heapFilter, o, 3));
        }
    }

    /** Each exact row's retained count and bytes: what the roots no longer reach once its members are gone. */
    private static void assertExactAsBruteForce(String at, DominatorsOracleTest.Case c, boolean filtered, Namer namer,
                                                List<RetainedByGroup.Row> rows) {
        BruteForceRetention oracle = c.oracle(filtered);
        boolean[] reachable = oracle.reach(new BitSet());
        for (RetainedByGroup.Row row : rows) {
            if (!row.exact()) {
                continue;
            }
            BitSet members = new BitSet();
            for (int y = 0; y < c.n; y++) {
                if (namer.group(c.object[y], GroupBy.CLASS).equals(row.group())) {
                    members.set(y);
                }
            }
            boolean[] rest = oracle.reach(members);
            long count = 0;
            long bytes = 0;
            for (int y = 0; y < c.n; y++) {
                if (reachable[y] && !rest[y]) {
                    count++;
                    bytes += c.size[y];
                }
            }
            assertThat(row.retainedCount()).as(at + ", group " + row.group()).isEqualTo(count);
            assertThat(row.retainedBytes()).as(at + ", group " + row.group()).isEqualTo(bytes);
        }
    }

    /** Groups by kind, three of them (the random graphs' kinds are 0 to 6). */
    private record Namer(HeapGraph graph) implements ObjectNamer {
        @Override
        public String kind(long object) {
            return "kind " + graph.kind(object);
        }

        @Override
        public String group(long object, GroupBy key) {
            return "group " + graph.kind(object) % 3;
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
