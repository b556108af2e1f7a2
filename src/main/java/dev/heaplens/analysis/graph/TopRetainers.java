package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;

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
     * size): linear in the objects, no boxing. In heap arrays, an int an id: serve's (web/ServedDump
     * keeps the order as an int array).
     */
    public static int[] all(Dominators d) {
        long n = d.reachableCount();
        int[] order = new int[(int) n];
        for (long i = 0; i < n; i++) {
            order[(int) i] = (int) d.preorderObject(i);
        }
        java.util.Arrays.sort(order); // id order first: the stable sorts below keep it among equals
        order = descending(order, d::retainedCount);
        return descending(order, d::retainedSize);
    }

    private interface Key {
        long of(long object);
    }

    /** A stable LSD radix sort of {@code order} by {@code key}, largest first (keys are not negative). */
    private static int[] descending(int[] order, Key key) {
        int n = order.length;
        long max = 0;
        for (int o : order) {
            max = Math.max(max, key.of(o));
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = max - key.of(order[i]);
        }
        int[] orderTmp = new int[n];
        long[] keysTmp = new long[n];
        int[] counts = new int[257];
        for (int shift = 0; shift < 64 && (max >>> shift) != 0; shift += 8) {
            java.util.Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) ((keys[i] >>> shift) & 0xff) + 1]++;
            }
            for (int b = 0; b < 256; b++) {
                counts[b + 1] += counts[b];
            }
            for (int i = 0; i < n; i++) {
                int slot = counts[(int) ((keys[i] >>> shift) & 0xff)]++;
                orderTmp[slot] = order[i];
                keysTmp[slot] = keys[i];
            }
            int[] t = order;
            order = orderTmp;
            orderTmp = t;
            long[] k = keys;
            keys = keysTmp;
            keysTmp = k;
        }
        return order;
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
