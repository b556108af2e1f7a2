package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.Arrays;

/**
 * Step 5 of {@link MappedDominatorComputation}: from the immediate dominators by preorder number,
 * each object's idom, retained size and count and the preorder, in the heap or in mapped scratch.
 * Its own class so that the computation's scratch (given back step by step) stays in one short file.
 */
final class MappedDominatorResults {
    private static final int STEP = 1 << 16;
    private final HeapGraph g;
    private final long objects;
    private final long n;
    private final MappedIds vertex;
    private final Scratch scratch;
    /** How far the retained sizes are, for progress: written every {@link #STEP} numbers. */
    private volatile long handled;

    /** @param vertex the reachable objects by preorder number 1..n */
    MappedDominatorResults(HeapGraph g, long n, MappedIds vertex, Scratch scratch) {
        this.g = g;
        this.objects = g.objectCount();
        this.n = n;
        this.vertex = vertex;
        this.scratch = scratch;
    }

    long handled() {
        return handled;
    }

    /**
     * 5. Per-object results in the heap, when it has room for them: used as plain arrays, the mapped
     * ones cost a first {@code top} out of core more CPU and RSS (1.2 GB Ruby dump at 256 MiB: BENCHMARKS).
     * Retained sizes accumulate in reverse preorder (children first). Only where Java arrays number
     * every object: below 2^31 objects.
     */
    Dominators inHeap(MappedIds idom, EdgeFilter publicFilter) {
        HeapGraph g = this.g;
        int n = (int) this.n;
        MappedIds vertex = this.vertex;
        int objects = (int) this.objects;
        int[] idomObject = new int[objects];
        Arrays.fill(idomObject, Dominators.UNREACHABLE);
        long[] size = new long[objects];
        int[] count = new int[objects];
        int[] preorder = new int[n];
        long[] bytes = new long[2];
        int half = n / 2;
        // random writes, on two threads: numbers 1..half, then the rest
        Parallel.runUnchecked("heaplens-dominators", 2, k -> {
            long sum = 0;
            for (int x = k == 0 ? 1 : half + 1, end = k == 0 ? half : n; x <= end; x++) {
                int o = (int) vertex.get(x);
                preorder[x - 1] = o;
                long d = idom.get(x);
                idomObject[o] = d == 0 ? Dominators.SUPER_ROOT : (int) vertex.get(d);
                long s = g.shallowSize(o);
                size[o] = s;
                count[o] = 1;
                sum += s;
            }
            bytes[k] = sum;
        });
        long reachableBytes = bytes[0] + bytes[1];
        handled = n;
        for (int x = n; x >= 1; x--) {
            if ((x & (STEP - 1)) == 0) {
                handled = 2L * n - x;
            }
            int d = (int) idom.get(x);
            if (d != 0) {
                int o = preorder[x - 1];
                int dom = preorder[d - 1];
                size[dom] += size[o];
                count[dom] += count[o];
            }
        }
        return new Dominators(g, publicFilter, idomObject, size, count, preorder, reachableBytes);
    }

    /**
     * 5. Per-object results, in mapped scratch too, when the heap has no room for them (used in place,
     * as an index's: no 20 B an object in the heap after the computation), as wide as the ids.
     */
    Dominators mapped(MappedIds idom, EdgeFilter publicFilter) {
        HeapGraph g = this.g;
        long n = this.n;
        MappedIds vertex = this.vertex;
        boolean wide = MappedIds.wide(objects);
        MappedIds idomObject = scratch.ids(objects, wide);
        idomObject.fill(Dominators.UNREACHABLE);
        MappedLongs size = scratch.longs(objects); // a new scratch file is zeros: unreachable objects' 0
        MappedIds count = scratch.ids(objects, wide);
        MappedIds preorder = scratch.ids(n, wide);
        long[] bytes = new long[2];
        long half = n / 2;
        // random writes, on two threads: numbers 1..half, then the rest
        Parallel.runUnchecked("heaplens-dominators", 2, k -> {
            long sum = 0;
            for (long x = k == 0 ? 1 : half + 1, end = k == 0 ? half : n; x <= end; x++) {
                long o = vertex.get(x);
                preorder.set(x - 1, o);
                long d = idom.get(x);
                idomObject.set(o, d == 0 ? Dominators.SUPER_ROOT : vertex.get(d));
                long s = g.shallowSize(o);
                size.set(o, s);
                count.set(o, 1);
                sum += s;
            }
            bytes[k] = sum;
        });
        long reachableBytes = bytes[0] + bytes[1];
        handled = n;
        for (long x = n; x >= 1; x--) {
            if ((x & (STEP - 1)) == 0) {
                handled = 2 * n - x;
            }
            long d = idom.get(x);
            if (d != 0) {
                long o = vertex.get(x);
                long dom = vertex.get(d);
                size.set(dom, size.get(dom) + size.get(o));
                count.set(dom, count.get(dom) + count.get(o));
            }
        }
        return new Dominators(g, publicFilter, new MappedDominatorColumns(idomObject, size, count, preorder), (int) n,
                reachableBytes);
    }
}
