package dev.heaplens.graph;

import java.util.Arrays;
import java.util.List;

/**
 * Graph order over what the parts kept, each part in its own reading order: columns are put in
 * graph order by reading the parts straight, with no concatenated copy in reading order first.
 * Graph order is walked in runs of objects consecutive in one part (a heap page's slots, in a
 * Ruby dump), each copied whole.
 */
final class GraphOrder {
    /** Reading index of each part's first object, and the object count last. */
    private final long[] partStart;
    /** Graph id -> reading index (in the heap, or mapped out of core: read in graph order); null when they are the same. */
    private final IntCells readingIndex;
    private final int n;

    GraphOrder(long[] partObjects, IntCells readingIndex) {
        partStart = new long[partObjects.length + 1];
        for (int k = 0; k < partObjects.length; k++) {
            partStart[k + 1] = partStart[k] + partObjects[k];
        }
        this.readingIndex = readingIndex;
        this.n = (int) partStart[partObjects.length];
    }

    /** Objects {@code [graphId, graphId + length)} are the part's {@code [local, local + length)}, in order. */
    interface RunVisitor {
        void run(int graphId, int part, long local, int length);
    }

    /** The reading order (null when it is graph order), for its scratch to be given back. */
    IntCells readingIndex() {
        return readingIndex;
    }

    int objectCount() {
        return n;
    }

    /** Visits graph ids {@code [from, to)} as runs, in graph order. */
    void forEachRun(int from, int to, RunVisitor visitor) {
        int k = 0;
        int g = from;
        while (g < to) {
            int old = readingIndex == null ? g : readingIndex.get(g);
            while (old >= partStart[k + 1]) {
                k++;
            }
            while (old < partStart[k]) {
                k--;
            }
            int most = (int) Math.min(to - g, partStart[k + 1] - old);
            int length = 1;
            if (readingIndex == null) {
                length = most;
            } else {
                while (length < most && readingIndex.get(g + length) == old + length) {
                    length++;
                }
            }
            visitor.run(g, k, old - partStart[k], length);
            g += length;
        }
    }

    /** One value per object from {@code columns} (one a part); a null column gives {@code missing}. */
    long[] longs(List<GrowableLongs> columns, long missing) {
        long[] out = new long[n];
        forEachRun(0, n, (g, k, local, length) -> {
            GrowableLongs c = columns.get(k);
            if (c == null) {
                Arrays.fill(out, g, g + length, missing);
            } else {
                c.copyRange(local, out, g, length);
            }
        });
        return out;
    }

    byte[] bytes(List<GrowableBytes> columns) {
        byte[] out = new byte[n];
        forEachRun(0, n, (g, k, local, length) -> columns.get(k).copyRange(local, out, g, length));
        return out;
    }

    /** Graph ids {@code [from, to)} of {@code columns} (as {@link #ints}) into {@code out[0, to - from)}. */
    void ints(List<IntColumn> columns, int from, int to, int[] out) {
        forEachRun(from, to, (g, k, local, length) -> columns.get(k).copyRange(local, out, g - from, length));
    }

    /** As {@link #longs}, for {@link IntColumn}s: -1 where a part's column has no value. */
    int[] ints(List<IntColumn> columns) {
        int[] out = new int[n];
        ints(columns, 0, n, out);
        return out;
    }
}
