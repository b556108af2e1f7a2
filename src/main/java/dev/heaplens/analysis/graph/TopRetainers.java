package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;

/** The objects with the largest retained size, biggest first. */
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
    public static int[] largest(Dominators d, int n) {
        int[] stored = d.storedLargest(); // ranked so when the index was written: its prefix is the answer
        if (stored != null && (n <= stored.length || stored.length == d.reachableCount())) {
            return java.util.Arrays.copyOf(stored, Math.min(n, stored.length));
        }
        int size = Math.min(n, d.reachableCount());
        int[] heap = new int[size];
        int filled = 0;
        for (int o = 0, objects = d.graph().objectCount(); o < objects; o++) {
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
        int[] sorted = new int[filled];
        for (int k = filled - 1; k >= 0; k--) {
            sorted[k] = heap[0];
            heap[0] = heap[k];
            siftDown(d, heap, k);
        }
        return sorted;
    }

    /** Whether {@code a} ranks above {@code b}. */
    private static boolean bigger(Dominators d, int a, int b) {
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

    private static void siftUp(Dominators d, int[] heap, int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (!bigger(d, heap[parent], heap[i])) {
                return;
            }
            int t = heap[parent];
            heap[parent] = heap[i];
            heap[i] = t;
            i = parent;
        }
    }

    /** Restores the min-heap (smallest rank at the top) over {@code heap[0, size)}. */
    private static void siftDown(Dominators d, int[] heap, int size) {
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
            int t = heap[smallest];
            heap[smallest] = heap[i];
            heap[i] = t;
            i = smallest;
        }
    }
}
