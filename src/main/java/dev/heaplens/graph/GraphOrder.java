package dev.heaplens.graph;

import java.util.List;

/**
 * Puts a per-object column that the parts kept, each in its own reading order, into one array in
 * graph order, read straight from the parts' chunks: no concatenated copy in reading order first.
 */
final class GraphOrder {
    /** Reading index of each part's first object, and the object count last. */
    private final long[] partStart;
    /** Graph id -> reading index; null when they are the same. */
    private final int[] readingIndex;
    private final int n;

    GraphOrder(long[] partObjects, int[] readingIndex) {
        partStart = new long[partObjects.length + 1];
        for (int k = 0; k < partObjects.length; k++) {
            partStart[k + 1] = partStart[k] + partObjects[k];
        }
        this.readingIndex = readingIndex;
        this.n = (int) partStart[partObjects.length];
    }

    /** The part holding reading index {@code old}, searched from {@code k}: parts are few and runs long. */
    private int partOf(int old, int k) {
        while (old >= partStart[k + 1]) {
            k++;
        }
        while (old < partStart[k]) {
            k--;
        }
        return k;
    }

    /** One value per object from {@code columns} (one a part); a null column gives {@code missing}. */
    long[] longs(List<GrowableLongs> columns, long missing) {
        long[] out = new long[n];
        if (readingIndex == null) {
            for (int k = 0; k < columns.size(); k++) {
                GrowableLongs c = columns.get(k);
                if (c == null) {
                    java.util.Arrays.fill(out, (int) partStart[k], (int) partStart[k + 1], missing);
                } else {
                    c.copyTo(out, (int) partStart[k]);
                }
            }
            return out;
        }
        int k = 0;
        for (int g = 0; g < n; g++) {
            int old = readingIndex[g];
            k = partOf(old, k);
            GrowableLongs c = columns.get(k);
            out[g] = c == null ? missing : c.get(old - partStart[k]);
        }
        return out;
    }

    byte[] bytes(List<GrowableBytes> columns) {
        byte[] out = new byte[n];
        if (readingIndex == null) {
            for (int k = 0; k < columns.size(); k++) {
                columns.get(k).copyTo(out, (int) partStart[k]);
            }
            return out;
        }
        int k = 0;
        for (int g = 0; g < n; g++) {
            int old = readingIndex[g];
            k = partOf(old, k);
            out[g] = columns.get(k).get(old - partStart[k]);
        }
        return out;
    }

    /** As {@link #longs}, for {@link IntColumn}s: -1 where a part's column has no value. */
    int[] ints(List<IntColumn> columns) {
        int[] out = new int[n];
        int k = 0;
        for (int g = 0; g < n; g++) {
            int old = readingIndex == null ? g : readingIndex[g];
            k = partOf(old, k);
            out[g] = columns.get(k).get(old - partStart[k]);
        }
        return out;
    }
}
