package dev.heaplens.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Retained sets of groups when threads share a traversal ({@link GroupTraversals}): against brute
 * force on the small random graphs of {@link DominatorsOracleTest}, and on graphs big enough that
 * threads give work away (one root reaching most objects, as in a real heap; more threads than
 * cores included) against one thread's traversal, which a plain search per group checks in turn.
 */
class GroupTraversalsTest {
    @Test
    void sharedTraversalsMatchBruteForce() {
        for (long seed = 40_000; seed < 40_400; seed++) {
            DominatorsOracleTest.Case c = new DominatorsOracleTest.Case(seed);
            boolean filtered = seed % 2 == 0;
            DominatorsOracleTest.Groups groups = c.randomGroups(new Random(seed));
            int threads = 2 + (int) (seed % 3);
            RetainedSet[] shared = GroupTraversals.run(c.graph, filtered ? c.filter() : EdgeFilter.ALL,
                    IdCells.over(groups.groupOf()), groups.count(), threads, Scratch.heap());
            groups.assertMatch(shared, c.oracle(filtered), c, "seed " + seed + ", " + threads + " threads");
        }
    }

    @Test
    void threadsSharingABigTraversalAgreeWithOneThread() {
        for (long seed = 1; seed <= 12; seed++) {
            Random rnd = new Random(seed);
            HeapGraph g = bigGraph(rnd, 60_000 + rnd.nextInt(60_000));
            int n = (int) g.objectCount();
            int groups = 1 + rnd.nextInt(31);
            int[] groupOf = new int[n];
            for (int o = 0; o < n; o++) {
                groupOf[o] = rnd.nextInt(50) == 0 ? rnd.nextInt(groups) : -1;
            }
            RetainedSet[] one = GroupTraversals.run(g, EdgeFilter.ALL, IdCells.over(groupOf), groups, 1, Scratch.heap());
            for (int threads = 2; threads <= 4; threads++) {
                assertThat(GroupTraversals.run(g, EdgeFilter.ALL, IdCells.over(groupOf), groups, threads, Scratch.heap()))
                        .as("seed %d, %d threads", seed, threads).containsExactly(one);
            }
            assertThat(one[0].count()).as("seed %d: the group retains something", seed).isPositive();
            for (int k : new int[] {0, groups / 2, groups - 1}) { // and a few groups against a plain search
                assertThat(one[k]).as("seed %d group %d", seed, k).isEqualTo(retainedBySearch(g, groupOf, k));
            }
        }
    }

    /**
     * Out of core: the groups and each traversal's bits in mapped scratch, 8 bytes an object as past
     * 2^31 objects, one thread a traversal: the heap's answers, on graphs of more than one batch.
     */
    @Test
    void mappedWideBitsGiveTheHeapsAnswers(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        for (long seed = 1; seed <= 4; seed++) {
            Random rnd = new Random(seed);
            HeapGraph g = bigGraph(rnd, 20_000 + rnd.nextInt(20_000));
            int n = (int) g.objectCount();
            int groups = 1 + rnd.nextInt(70);
            int[] groupOf = new int[n];
            for (int o = 0; o < n; o++) {
                groupOf[o] = rnd.nextInt(50) == 0 ? rnd.nextInt(groups) : -1;
            }
            RetainedSet[] inHeap = GroupTraversals.run(g, EdgeFilter.ALL, IdCells.over(groupOf), groups, 2, Scratch.heap());
            for (boolean wide : new boolean[] {false, true}) {
                MappedIds.forceWide = wide;
                Scratch scratch = Scratch.mappedIn(dir, 12, bytes -> false);
                try {
                    IdCells mappedGroups = scratch.idCells(n, n);
                    for (int o = 0; o < n; o++) {
                        mappedGroups.set(o, groupOf[o]);
                    }
                    assertThat(GroupTraversals.run(g, EdgeFilter.ALL, mappedGroups, groups, 2, scratch))
                            .as("seed %d, wide %s", seed, wide).containsExactly(inHeap);
                    scratch.release(mappedGroups);
                    assertThat(scratch.liveBytes()).as("every column given back").isZero();
                    assertThat(scratch.mappedBytes()).as("the bits were mapped").isGreaterThanOrEqualTo((wide ? 16L : 8L) * n);
                } finally {
                    MappedIds.forceWide = false;
                    scratch.releaseAll();
                }
            }
        }
    }

    @Test
    void aThreadThatFailsEndsTheTraversalWithItsFailureNotAHang() {
        HeapGraph g = bigGraph(new Random(3), 80_000);
        int[] groupOf = new int[(int) g.objectCount()];
        java.util.Arrays.fill(groupOf, -1);
        groupOf[5] = 0;
        java.util.concurrent.atomic.AtomicInteger followed = new java.util.concurrent.atomic.AtomicInteger();
        EdgeFilter failing = (source, reference, target) -> {
            if (followed.incrementAndGet() == 20_000) {
                throw new IllegalStateException("a filter that fails");
            }
            return true;
        };
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () ->
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> GroupTraversals.run(g, failing, IdCells.over(groupOf), 1, 2, Scratch.heap()))
                        .hasMessage("a filter that fails"));
    }

    /** What the roots reach, less what they reach without passing a member of group {@code k}: a search each. */
    private static RetainedSet retainedBySearch(HeapGraph g, int[] groupOf, int k) {
        boolean[] all = reach(g, groupOf, Integer.MIN_VALUE); // no group avoided
        boolean[] without = reach(g, groupOf, k);
        long count = 0;
        long bytes = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            if (all[o] && !without[o]) {
                count++;
                bytes += g.shallowSize(o);
            }
        }
        return new RetainedSet(count, bytes);
    }

    private static boolean[] reach(HeapGraph g, int[] groupOf, int avoided) {
        boolean[] seen = new boolean[(int) g.objectCount()];
        java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>();
        for (int r = 0; r < g.rootCount(); r++) {
            int t = (int) g.rootTarget(r);
            if (!seen[t] && groupOf[t] != avoided) {
                seen[t] = true;
                queue.add(t);
            }
        }
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (long i = g.outStart(v); i < g.outEnd(v); i++) {
                int w = (int) g.target(i);
                if (!seen[w] && groupOf[w] != avoided) {
                    seen[w] = true;
                    queue.add(w);
                }
            }
        }
        return seen;
    }

    /**
     * A heap as Ruby's looks to a traversal: one root reaches a long spine whose objects each hold
     * a few others, with random cross references, and a few small roots of their own.
     */
    private static HeapGraph bigGraph(Random rnd, int n) {
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        for (int i = 0; i < n; i++) {
            p.addObject(0x1000L + 40L * i, (byte) 1, 0, 40 + rnd.nextInt(200));
            if (i + 1 < n && i % 8 == 0) {
                p.addReference(0x1000L + 40L * Math.min(n - 1, i + 8)); // the spine
            }
            if (i % 8 == 0) {
                for (int k = 1; k < 8 && i + k < n; k++) {
                    p.addReference(0x1000L + 40L * (i + k));
                }
            }
            if (rnd.nextInt(4) == 0) {
                p.addReference(0x1000L + 40L * rnd.nextInt(n));
            }
        }
        p.addRoot("vm", 0x1000L);
        for (int r = 0; r < 5; r++) {
            p.addRoot("global", 0x1000L + 40L * rnd.nextInt(n));
        }
        return b.build();
    }
}
