package dev.heaplens.graph;

import java.util.Arrays;

/**
 * What each group of GC roots alone keeps alive: the objects that become unreachable when that
 * group's roots are dropped (the objects themselves stay, and count only when nothing else reaches
 * them). A thread's locals are such a group: this is what the thread holds through its stack, as
 * Eclipse MAT counts a thread's retained heap.
 *
 * <p>One traversal makes 64 groups exact: each object keeps a bit per group, set when some path
 * from a root outside that group reaches it; an object reached again with new bits passes them on.
 * Every object gains each bit at most once, so one pass costs at most 65 traversals and on real
 * heaps about one.
 */
public final class RootGroupRetained {
    private RootGroupRetained() {
    }

    /**
     * Per group {@code 0..groups-1}: the objects and bytes only its roots reach. {@code groupOfCategory}
     * gives each root category of the graph its group, or -1 for none. References are followed as
     * {@code dominators} followed them, and only objects it counts reachable are counted.
     */
    public static RetainedSet[] of(Dominators dominators, int[] groupOfCategory, int groups, Scratch scratch) {
        HeapGraph g = dominators.graph();
        EdgeFilter filter = dominators.filter() == EdgeFilter.ALL ? null : dominators.filter();
        RetainedSet[] result = new RetainedSet[groups];
        long n = g.objectCount();
        LongCells reach = scratch.longCellsWhereRoom(n); // each object's bits: mapped out of core
        try {
            for (int first = 0; first < groups; first += 64) {
                if (first > 0) {
                    reach.fill(0);
                }
                traverse(g, filter, groupOfCategory, first, reach);
                count(g, reach, first, Math.min(64, groups - first), result);
            }
        } finally {
            scratch.release(reach);
        }
        return result;
    }

    /** The retained sets of groups {@code first} to {@code first + batch - 1}, from the bits {@link #traverse} set. */
    private static void count(HeapGraph g, LongCells reach, int first, int batch, RetainedSet[] result) {
        long[] count = new long[batch];
        long[] bytes = new long[batch];
        for (long o = 0, n = reach.length(); o < n; o++) {
            long bits = reach.get(o);
            if (bits == 0 || bits == -1L) {
                continue;
            }
            for (long missing = ~bits; missing != 0; missing &= missing - 1) {
                int k = Long.numberOfTrailingZeros(missing);
                if (k < batch) {
                    count[k]++;
                    bytes[k] += g.shallowSize(o);
                }
            }
        }
        for (int k = 0; k < batch; k++) {
            result[first + k] = new RetainedSet(count[k], bytes[k]);
        }
    }

    /** Sets each object's bits: bit k when a root outside group {@code first + k} reaches it. */
    private static void traverse(HeapGraph g, EdgeFilter filter, int[] groupOfCategory, int first, LongCells reach) {
        long[] stack = new long[64];
        int sp = 0;
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            int c = g.rootCategoryId(r);
            int group = c < groupOfCategory.length ? groupOfCategory[c] : -1;
            long mask = group >= first && group < first + 64 ? ~(1L << (group - first)) : -1L;
            long t = g.rootTarget(r);
            long held = reach.get(t);
            if ((held | mask) != held) {
                reach.set(t, held | mask);
                if (sp == stack.length) {
                    stack = Arrays.copyOf(stack, sp * 2);
                }
                stack[sp++] = t;
            }
        }
        while (sp > 0) {
            long v = stack[--sp];
            long bits = reach.get(v);
            for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                long w = g.target(i);
                long held = reach.get(w);
                if ((held | bits) != held && (filter == null || filter.follow(v, i, w))) {
                    reach.set(w, held | bits);
                    if (sp == stack.length) {
                        stack = Arrays.copyOf(stack, sp * 2);
                    }
                    stack[sp++] = w;
                }
            }
        }
    }
}
