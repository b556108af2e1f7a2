package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heaplens.oracle.BruteForceRetention;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dominators and retained sets against brute force on seeded random graphs: X retains Y when Y is
 * reachable from the roots and stops being so once X is removed. A failure names its seed.
 */
class DominatorsOracleTest {
    private static final int SEEDS = 600;

    /** A random graph in "generation" numbering, fed to the builder shuffled across parts. */
    static final class Case {
        final long seed;
        final int n;
        final long[] address;
        final long[] size;
        final List<int[]> edges = new ArrayList<>(); // {source, target}; target -1 = dangling
        final int[] roots;
        final HeapGraph graph;
        final int[] object; // generation node -> graph object
        final boolean[] weak; // per edge index in edges: filtered out by the test filter

        Case(long seed) {
            this(seed, Scratch.heap());
        }

        /** Built with {@code scratch}: a mapped one builds the graph out of core. */
        Case(long seed, Scratch scratch) {
            this.seed = seed;
            Random rnd = new Random(seed);
            n = 1 + rnd.nextInt(60);
            address = new long[n];
            size = new long[n];
            BitSet used = new BitSet();
            for (int i = 0; i < n; i++) {
                int slot;
                do {
                    slot = rnd.nextInt(4 * n + 8);
                } while (used.get(slot));
                used.set(slot);
                address[i] = 0x5000L + 16L * slot;
                size[i] = 1 + rnd.nextInt(1000);
            }
            double density = rnd.nextDouble() * 3;
            int m = (int) (n * density);
            for (int k = 0; k < m; k++) {
                int s = rnd.nextInt(n);
                int t = rnd.nextInt(20) == 0 ? -1 : rnd.nextInt(n);
                edges.add(new int[] {s, t});
                if (rnd.nextInt(8) == 0) {
                    edges.add(new int[] {s, t}); // duplicate
                }
            }
            if (rnd.nextBoolean()) { // a long chain with a back edge
                for (int i = 0; i + 1 < n && i < 20; i++) {
                    edges.add(new int[] {i, i + 1});
                }
                edges.add(new int[] {Math.min(n - 1, 20), 0});
            }
            roots = new int[1 + rnd.nextInt(4)];
            for (int r = 0; r < roots.length; r++) {
                roots[r] = rnd.nextInt(n);
            }
            weak = new boolean[edges.size()];
            for (int k = 0; k < weak.length; k++) {
                weak[k] = rnd.nextInt(5) == 0;
            }

            // Feed: objects in a random order, split into 1..3 parts; each object's edges in list order.
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            if (rnd.nextBoolean()) {
                for (int i = n - 1; i > 0; i--) {
                    int j = rnd.nextInt(i + 1);
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
            }
            List<List<Integer>> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                out.add(new ArrayList<>());
            }
            for (int k = 0; k < edges.size(); k++) {
                out.get(edges.get(k)[0]).add(k);
            }
            HeapGraphBuilder b = new HeapGraphBuilder(1 + rnd.nextInt(4), HeapGraphBuilder.MAX_OBJECTS, scratch);
            int parts = 1 + rnd.nextInt(3);
            List<HeapGraphPart> ps = new ArrayList<>();
            for (int i = 0; i < parts; i++) {
                ps.add(b.newPart());
            }
            for (int i = 0; i < n; i++) {
                HeapGraphPart p = ps.get(i * parts / n);
                int node = order[i];
                p.addObject(address[node], (byte) (node % 7), 0, size[node]);
                for (int k : out.get(node)) {
                    int t = edges.get(k)[1];
                    p.addReference(t < 0 ? 0x1 : address[t]);
                }
            }
            for (int r : roots) {
                ps.get(rnd.nextInt(parts)).addRoot("r", address[r]);
            }
            graph = b.build();
            object = new int[n];
            for (int i = 0; i < n; i++) {
                object[i] = (int) graph.objectOf(address[i]);
            }
        }

        /** 1 to 4, or to 40 (more than a batch), groups; some objects in none (ids -2, -1). */
        Groups randomGroups(Random rnd) {
            int groups = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 40);
            int[] groupOf = new int[n];
            BitSet[] members = new BitSet[groups];
            for (int g = 0; g < groups; g++) {
                members[g] = new BitSet();
            }
            for (int y = 0; y < n; y++) {
                int g = rnd.nextInt(groups + 2) - 2;
                groupOf[object[y]] = g;
                if (g >= 0) {
                    members[g].set(y);
                }
            }
            return new Groups(groups, groupOf, members);
        }

        /** Filter for the graph: maps a reference back to its edge by position among the source's references. */
        EdgeFilter filter() {
            // References of an object keep their order with dangling ones dropped.
            int objects = (int) graph.objectCount();
            boolean[] weakRef = new boolean[(int) graph.referenceCount()];
            int[] node = new int[objects];
            for (int i = 0; i < n; i++) {
                node[object[i]] = i;
            }
            for (int o = 0; o < objects; o++) {
                long ref = graph.outStart(o);
                for (int k = 0; k < edges.size(); k++) {
                    int[] e = edges.get(k);
                    if (e[0] == node[o] && e[1] >= 0) {
                        weakRef[(int) ref++] = weak[k];
                    }
                }
            }
            return (source, reference, target) -> !weakRef[(int) reference];
        }

        /** The brute-force oracle over this case's edges (without the weak ones when {@code filtered}). */
        BruteForceRetention oracle(boolean filtered) {
            List<List<Integer>> targets = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                targets.add(new ArrayList<>());
            }
            for (int k = 0; k < edges.size(); k++) {
                int[] e = edges.get(k);
                if (e[1] >= 0 && !(filtered && weak[k])) {
                    targets.get(e[0]).add(e[1]);
                }
            }
            int[][] out = new int[n][];
            for (int i = 0; i < n; i++) {
                out[i] = targets.get(i).stream().mapToInt(Integer::intValue).toArray();
            }
            return new BruteForceRetention(out, roots);
        }
    }

    @Test
    void dominatorsMatchBruteForce() {
        for (long seed = 0; seed < SEEDS; seed++) {
            Case c = new Case(seed);
            check(c, false);
        }
    }

    @Test
    void filteredDominatorsMatchBruteForce() {
        for (long seed = 10_000; seed < 10_000 + SEEDS / 2; seed++) {
            Case c = new Case(seed);
            check(c, true);
        }
    }

    /**
     * The vertex records in pages of 1, 2 or 4 vertices instead of 2^28: the paging that lets more than
     * 2^29 objects have dominators in the heap, crossed at every few vertices.
     */
    @Test
    void pagedDominatorsMatchBruteForce() {
        for (long seed = 30_000; seed < 30_000 + SEEDS / 2; seed++) {
            Case c = new Case(seed);
            boolean filtered = seed % 2 == 0;
            EdgeFilter filter = filtered ? c.filter() : EdgeFilter.ALL;
            int vertexShift = (int) (seed % 3);
            check(c, filtered, new DominatorComputation(c.graph, filtered ? filter : null, vertexShift).run(filter, Phases.NONE));
        }
    }

    /**
     * The predecessors' fill cursors as {@code long}s, as past 2^32 references (the 32-bit ones are
     * every other test's): both kinds against brute force.
     */
    @Test
    void wideCursorDominatorsMatchBruteForce() {
        for (long seed = 40_000; seed < 40_000 + SEEDS / 2; seed++) {
            Case c = new Case(seed);
            boolean filtered = seed % 2 == 0;
            EdgeFilter filter = filtered ? c.filter() : EdgeFilter.ALL;
            check(c, filtered, new DominatorComputation(c.graph, filtered ? filter : null, DominatorComputation.VERTEX_SHIFT, 0)
                    .run(filter, Phases.NONE));
        }
    }

    /**
     * Out of core: the scratch arrays in files mapped in pages of 16, 32 or 64 bytes instead of 1 GiB,
     * crossed at every few vertices; every scratch file is gone once mapped.
     */
    @Test
    void mappedScratchDominatorsMatchBruteForce(@TempDir Path dir) throws IOException {
        for (long seed = 20_000; seed < 20_000 + SEEDS / 2; seed++) {
            Case c = new Case(seed);
            boolean filtered = seed % 2 == 0;
            EdgeFilter filter = filtered ? c.filter() : EdgeFilter.ALL;
            Scratch scratch = Scratch.mappedIn(dir, 4 + (int) (seed % 3));
            check(c, filtered, Dominators.compute(c.graph, filter, Phases.NONE, scratch));
            assertThat(scratch.mappedBytes()).as("seed %d", seed).isPositive();
            try (Stream<Path> left = Files.list(dir)) {
                assertThat(left).as("seed %d", seed).isEmpty();
            }
        }
    }

    /**
     * Out of core, the results (idom, retained sizes and counts, preorder) in the heap when it has
     * room for them, in mapped scratch when not: both choices forced, both against brute force.
     */
    @Test
    void mappedScratchResultsInHeapOrMappedByTheHeapsRoom(@TempDir Path dir) throws IOException {
        for (long seed = 21_000; seed < 21_000 + SEEDS / 4; seed++) {
            Case c = new Case(seed);
            boolean filtered = seed % 2 == 0;
            EdgeFilter filter = filtered ? c.filter() : EdgeFilter.ALL;
            for (boolean room : new boolean[] {true, false}) {
                Scratch scratch = Scratch.mappedIn(dir, 4 + (int) (seed % 3));
                Dominators d = new MappedDominatorComputation(c.graph, filtered ? filter : null, scratch, bytes -> room)
                        .run(filter, Phases.NONE);
                assertThat(d.mappedColumns() == null).as("seed %d, room %s: results in the heap", seed, room).isEqualTo(room);
                check(c, filtered, d);
                assertScratchGivenBack(c, d, scratch, "seed " + seed + ", room " + room);
            }
        }
    }

    /**
     * Out of core with ids and preorder numbers in 8 bytes ({@link MappedIds#wide}, forced: a graph
     * past 2^31 objects cannot be made here): the same dominators, against brute force, and its
     * scratch given back as the narrow one's, at twice the bytes a number.
     */
    @Test
    void wideMappedScratchDominatorsMatchBruteForce(@TempDir Path dir) throws IOException {
        MappedIds.forceWide = true;
        try {
            for (long seed = 22_000; seed < 22_000 + SEEDS / 4; seed++) {
                Case c = new Case(seed);
                boolean filtered = seed % 2 == 0;
                EdgeFilter filter = filtered ? c.filter() : EdgeFilter.ALL;
                Scratch scratch = Scratch.mappedIn(dir, 4 + (int) (seed % 3));
                Dominators d = new MappedDominatorComputation(c.graph, filtered ? filter : null, scratch, bytes -> true)
                        .run(filter, Phases.NONE);
                assertThat(d.mappedColumns()).as("seed %d: wide results are mapped, whatever the heap's room", seed).isNotNull();
                for (String column : List.of(GraphStore.IDOM, GraphStore.RETAINED_COUNT, GraphStore.PREORDER)) {
                    assertThat(d.mappedColumns().mappedIds(column)).as("seed %d: %s", seed, column).isInstanceOf(MappedIds.Wide.class);
                }
                check(c, filtered, d);
                long narrowPeak = 28 * (c.graph.objectCount() + 2) + 4 * (c.graph.referenceCount() + c.graph.rootCount());
                assertThat(scratch.peakLiveBytes()).as("seed %d: scratch peak", seed).isLessThanOrEqualTo(2 * narrowPeak
                        + 16 * c.graph.objectCount());
            }
        } finally {
            MappedIds.forceWide = false;
        }
    }

    /**
     * The computation's own scratch given back as its steps end: left at the end, only the mapped
     * results (idom, retained size and count 16 B an object, preorder 4 a reachable one), or nothing
     * when they are in the heap; and at its peak never all of its arrays at once (they were 36 B an
     * object and 4 a predecessor more than this bound, the results included, before each was given back).
     */
    private static void assertScratchGivenBack(Case c, Dominators d, Scratch scratch, String at) {
        long objects = c.graph.objectCount();
        long results = d.mappedColumns() == null ? 0 : 16 * objects + 4L * d.reachableCount();
        assertThat(scratch.liveBytes()).as(at + ": scratch left").isEqualTo(results);
        // steps 1 and 2a: numbers, vertices, parents, cursors (16) and counts (8); 2b: all but the cursors, the
        // predecessors' counts (4) and lists (4 a reference or root at most); 3: vertices, parents until the records
        // (16) are made, counts, lists; 5: vertices and idom (8) beside the results
        long lists = 4 * (c.graph.referenceCount() + c.graph.rootCount());
        long bound = Math.max(28 * (objects + 2) + lists, results + 8 * (objects + 1));
        assertThat(scratch.peakLiveBytes()).as(at + ": scratch peak").isLessThanOrEqualTo(bound);
    }

    private static void check(Case c, boolean filtered) {
        check(c, filtered, filtered ? Dominators.compute(c.graph, c.filter()) : Dominators.compute(c.graph));
    }

    static void check(Case c, boolean filtered, Dominators d) {
        String at = "seed " + c.seed + (filtered ? " (filtered)" : "");
        BruteForceRetention oracle = c.oracle(filtered);
        long reachableBytes = 0;
        int reachableCount = 0;
        for (int y = 0; y < c.n; y++) {
            int o = c.object[y];
            boolean reachable = oracle.isReachable(y);
            assertThat(d.isReachable(o)).as("%s: reachable node %d", at, y).isEqualTo(reachable);
            assertThat(d.retainedCount(o)).as("%s: retainedCount node %d", at, y).isEqualTo(oracle.retains(y).cardinality());
            assertThat(d.retainedSize(o)).as("%s: retainedSize node %d", at, y)
                    .isEqualTo(BruteForceRetention.bytes(oracle.retains(y), c.size));
            if (reachable) {
                reachableCount++;
                reachableBytes += c.size[y];
            }
            int expected;
            if (!reachable) {
                expected = Dominators.UNREACHABLE;
            } else {
                int idom;
                try {
                    idom = oracle.immediateDominator(y);
                } catch (AssertionError e) {
                    throw new AssertionError(at + ": " + e.getMessage(), e);
                }
                expected = idom < 0 ? Dominators.SUPER_ROOT : c.object[idom];
            }
            assertThat(d.immediateDominator(o)).as("%s: idom of node %d", at, y).isEqualTo(expected);
        }
        assertThat(d.reachableCount()).as(at).isEqualTo(reachableCount);
        assertThat(d.reachableBytes()).as(at).isEqualTo(reachableBytes);
        assertThat(d.unreachableCount()).as(at).isEqualTo(c.n - reachableCount);
        long total = 0;
        for (long s : c.size) {
            total += s;
        }
        assertThat(d.unreachableBytes()).as(at).isEqualTo(total - reachableBytes);

        // preorder lists every reachable object once, each after its immediate dominator
        int[] position = new int[c.n];
        java.util.Arrays.fill(position, -1);
        for (int i = 0; i < d.reachableCount(); i++) {
            int o = (int) d.preorderObject(i);
            assertThat(position[o]).as("%s: preorder repeats %d", at, o).isEqualTo(-1);
            position[o] = i;
            int dom = (int) d.immediateDominator(o);
            if (dom >= 0) {
                assertThat(position[dom]).as("%s: dominator after %d in preorder", at, o).isBetween(0, i - 1);
            }
        }
        // tree children agree with idom
        int childTotal = 0;
        for (int o = -1; o < c.n; o++) {
            for (int i = (int) d.childStart(o); i < d.childEnd(o); i++) {
                assertThat(d.immediateDominator(d.child(i))).as("%s: child of %d", at, o).isEqualTo(o);
                childTotal++;
            }
        }
        assertThat(childTotal).as(at).isEqualTo(reachableCount);

        // retained sets of random subsets
        Random rnd = new Random(c.seed * 31 + 7);
        for (int trial = 0; trial < 6; trial++) {
            BitSet members = new BitSet();
            BitSet membersObj = new BitSet();
            int k = 1 + rnd.nextInt(Math.min(c.n, 5));
            for (int i = 0; i < k; i++) {
                int y = rnd.nextInt(c.n);
                members.set(y);
                membersObj.set(c.object[y]);
            }
            BitSet precise = oracle.precise(members);
            BitSet union = oracle.minimum(members);
            String what = at + ": members " + members;
            assertThat(RetainedSet.precise(d, membersObj)).as("%s precise", what)
                    .isEqualTo(new RetainedSet(precise.cardinality(), BruteForceRetention.bytes(precise, c.size)));
            assertThat(RetainedSet.minimum(d, membersObj)).as("%s minimum", what)
                    .isEqualTo(new RetainedSet(union.cardinality(), BruteForceRetention.bytes(union, c.size)));
            int[] asArray = membersObj.stream().toArray();
            assertThat(RetainedSet.minimum(d, asArray)).as(what).isEqualTo(RetainedSet.minimum(d, membersObj));
            assertThat(RetainedSet.precise(d, asArray)).as(what).isEqualTo(RetainedSet.precise(d, membersObj));
        }

        // many groups made exact together (more than one batch of 32 sometimes), each against the oracle
        Groups groups = c.randomGroups(rnd);
        groups.assertMatch(RetainedSet.precise(d, IdCells.over(groups.groupOf()), groups.count(), Scratch.heap()), oracle, c, at);
    }

    /** Groups of a {@link Case}'s objects, for retained sets made exact together. */
    record Groups(int count, int[] groupOf, BitSet[] members) {
        /** Each group's retained set against the brute-force oracle. */
        void assertMatch(RetainedSet[] got, BruteForceRetention oracle, Case c, String at) {
            for (int g = 0; g < count; g++) {
                BitSet precise = oracle.precise(members[g]);
                assertThat(got[g]).as("%s: group %d of %d, members %s", at, g, count, members[g])
                        .isEqualTo(new RetainedSet(precise.cardinality(), BruteForceRetention.bytes(precise, c.size)));
            }
        }
    }
}
