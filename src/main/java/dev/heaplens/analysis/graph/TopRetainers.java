package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

/**
 * The one ranking of "largest retained first", for the CLI and the web alike: the larger retained
 * size first; ties, more objects retained first; then the lower object id.
 */
public final class TopRetainers {
    /** How many of the largest the index cache stores: more than any report shows. */
    public static final int STORED = 1024;

    private TopRetainers() {
    }

    /**
     * The {@code n} reachable objects that retain the most bytes (ties: more objects retained,
     * then lower id), biggest first. A bounded min-heap keeps this one pass over the objects, in
     * id order so that the columns stream (the ranking is total: the order of the pass does not
     * change the answer).
     */
    public static long[] largest(Dominators d, int n) {
        long[] stored = d.storedLargest(); // ranked so when the index was written: its prefix is the answer
        if (stored != null && (n <= stored.length || stored.length == d.reachableCount())) {
            return java.util.Arrays.copyOf(stored, Math.min(n, stored.length));
        }
        int size = (int) Math.min(n, d.reachableCount());
        long[] heap = new long[size];
        int filled = 0;
        for (long o = 0, objects = d.graph().objectCount(); o < objects; o++) {
            if (d.retainedCount(o) == 0) {
                continue; // unreachable
            }
            if (filled < size) {
                heap[filled++] = o;
                siftUp(d, heap, filled - 1);
            } else if (size > 0 && bigger(d, o, heap[0])) {
                heap[0] = o;
                siftDown(d, heap, size);
            }
        }
        long[] sorted = new long[filled];
        for (int k = filled - 1; k >= 0; k--) {
            sorted[k] = heap[0];
            heap[0] = heap[k];
            siftDown(d, heap, k);
        }
        return sorted;
    }

    /**
     * Every reachable object in rank order, as {@link #largest} would rank them all: the web's views
     * (top retainers, a class's objects, a dominator node's children) are read off it in order, so no
     * request sorts millions of objects. Two stable LSD radix sorts over the id order (by count, then by
     * size): linear in the objects, no boxing. In {@code scratch}'s cells: heap arrays while the heap has
     * room, else mapped (kept as long as the caller holds them).
     */
    public static IdCells all(Dominators d, Scratch scratch) {
        long n = d.reachableCount();
        long objects = d.graph().objectCount();
        IdCells order = scratch.idCellsWhereRoom(n, objects);
        long at = 0;
        for (long o = 0; o < objects; o++) { // id order first: the stable sorts below keep it among equals
            if (d.isReachable(o)) {
                order.set(at++, o);
            }
        }
        IdCells other = scratch.idCellsWhereRoom(n, objects);
        LongCells keys = scratch.longCellsWhereRoom(n);
        LongCells otherKeys = scratch.longCellsWhereRoom(n);
        IdCells[] sorted = descending(order, other, keys, otherKeys, d::retainedCount);
        sorted = descending(sorted[0], sorted[1], keys, otherKeys, d::retainedSize);
        scratch.release(sorted[1]);
        scratch.release(keys);
        scratch.release(otherKeys);
        return sorted[0];
    }

    private interface Key {
        long of(long object);
    }

    /**
     * A stable LSD radix sort of {@code order} by {@code key}, largest first (keys are not negative),
     * through {@code other} and the two key columns: the sorted order first, the spare cells second.
     */
    private static IdCells[] descending(IdCells order, IdCells other, LongCells keys, LongCells otherKeys, Key key) {
        long n = order.length();
        long max = 0;
        for (long i = 0; i < n; i++) {
            max = Math.max(max, key.of(order.get(i)));
        }
        for (long i = 0; i < n; i++) {
            keys.set(i, max - key.of(order.get(i)));
        }
        long[] counts = new long[257];
        for (int shift = 0; shift < 64 && (max >>> shift) != 0; shift += 8) {
            java.util.Arrays.fill(counts, 0);
            for (long i = 0; i < n; i++) {
                counts[(int) ((keys.get(i) >>> shift) & 0xff) + 1]++;
            }
            for (int b = 0; b < 256; b++) {
                counts[b + 1] += counts[b];
            }
            for (long i = 0; i < n; i++) {
                long k = keys.get(i);
                long slot = counts[(int) ((k >>> shift) & 0xff)]++;
                other.set(slot, order.get(i));
                otherKeys.set(slot, k);
            }
            IdCells t = order;
            order = other;
            other = t;
            LongCells kt = keys;
            keys = otherKeys;
            otherKeys = kt;
        }
        return new IdCells[] {order, other};
    }

    /** Whether {@code a} ranks above {@code b}. */
    private static boolean bigger(Dominators d, long a, long b) {
        long sa = d.retainedSize(a);
        long sb = d.retainedSize(b);
        if (sa != sb) {
            return sa > sb;
        }
        if (d.retainedCount(a) != d.retainedCount(b)) {
            return d.retainedCount(a) > d.retainedCount(b);
        }
        return a < b;
    }

    private static void siftUp(Dominators d, long[] heap, int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (!bigger(d, heap[parent], heap[i])) {
                return;
            }
            long t = heap[parent];
            heap[parent] = heap[i];
            heap[i] = t;
            i = parent;
        }
    }

    /** Restores the min-heap (smallest rank at the top) over {@code heap[0, size)}. */
    private static void siftDown(Dominators d, long[] heap, int size) {
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            int r = l + 1;
            int smallest = i;
            if (l < size && bigger(d, heap[smallest], heap[l])) {
                smallest = l;
            }
            if (r < size && bigger(d, heap[smallest], heap[r])) {
                smallest = r;
            }
            if (smallest == i) {
                return;
            }
            long t = heap[smallest];
            heap[smallest] = heap[i];
            heap[i] = t;
            i = smallest;
        }
    }
}
