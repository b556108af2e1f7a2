package dev.heaplens.graph;

import java.util.List;

/**
 * Graph order over what the parts kept, each part in its own reading order: columns are put in
 * graph order by reading the parts straight, with no concatenated copy in reading order first.
 * Graph order is walked in runs of objects consecutive in one part (a heap page's slots, in a
 * Ruby dump), each copied whole. Graph ids are longs: out of core they pass 2^31.
 */
final class GraphOrder {
    /** The longest run visited at once, so that a run's length is an int. */
    private static final int MOST_RUN = 1 << 30;
    /** Reading index of each part's first object, and the object count last. */
    private final long[] partStart;
    /** Graph id -> reading index (in the heap, or mapped out of core: read in graph order); null when they are the same. */
    private final ReadingIndex readingIndex;
    private final long n;

    GraphOrder(long[] partObjects, ReadingIndex readingIndex) {
        partStart = new long[partObjects.length + 1];
        for (int k = 0; k < partObjects.length; k++) {
            partStart[k + 1] = partStart[k] + partObjects[k];
        }
        this.readingIndex = readingIndex;
        this.n = partStart[partObjects.length];
    }

    /** Objects {@code [graphId, graphId + length)} are the part's {@code [local, local + length)}, in order. */
    interface RunVisitor {
        void run(long graphId, int part, long local, int length);
    }

    /** The reading order (null when it is graph order), for its scratch to be given back. */
    ReadingIndex readingIndex() {
        return readingIndex;
    }

    long objectCount() {
        return n;
    }

    /** Visits graph ids {@code [from, to)} as runs, in graph order. */
    void forEachRun(long from, long to, RunVisitor visitor) {
        int k = 0;
        long g = from;
        while (g < to) {
            long old = readingIndex == null ? g : readingIndex.get(g);
            while (old >= partStart[k + 1]) {
                k++;
            }
            while (old < partStart[k]) {
                k--;
            }
            int most = (int) Math.min(MOST_RUN, Math.min(to - g, partStart[k + 1] - old));
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

    /** Graph ids {@code [from, to)} of {@code columns} (one a part) into {@code out[0, to - from)}. */
    void bytes(List<GrowableBytes> columns, long from, long to, byte[] out) {
        forEachRun(from, to, (g, k, local, length) -> columns.get(k).copyRange(local, out, (int) (g - from), length));
    }

    /** Every object's value of {@code columns} (one a part), in the heap (a graph built out of core orders them a chunk at a time). */
    byte[] bytes(List<GrowableBytes> columns) {
        byte[] out = ObjectArrays.bytes(n, "the kinds in graph order");
        bytes(columns, 0, n, out);
        return out;
    }

    /** Graph ids {@code [from, to)} of {@code columns} (one a part; -1 where a part's column has no value) into {@code out[0, to - from)}. */
    void ints(List<IntColumn> columns, long from, long to, int[] out) {
        forEachRun(from, to, (g, k, local, length) -> columns.get(k).copyRange(local, out, (int) (g - from), length));
    }
}
