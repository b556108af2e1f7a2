package dev.heaplens.analysis.jvm;

import dev.heaplens.graph.AddressSort;

import java.util.Arrays;

/**
 * Records read again in file order: the waste checks that read many records (Strings' arrays,
 * collections and their tables) sort their offsets, so one pass over the dump reads them all, and
 * name each record by its place in that order rather than by looking its address up.
 */
final class FileOrder {
    private FileOrder() {
    }

    /**
     * Sorts {@code offsets} in place and returns {@code values} (one per offset) in the same order.
     * Offset and index packed in one long where both fit, for the JDK's sort, which finds the long
     * ascending runs a dump's address order leaves (five times the radix sort's speed on 2.25M
     * Strings' arrays); else {@link AddressSort}.
     */
    static int[] sort(int[] values, long[] offsets) {
        int n = offsets.length;
        long last = 0;
        for (long at : offsets) {
            last = Math.max(last, at);
        }
        int indexBits = 64 - Long.numberOfLeadingZeros(Math.max(1, n - 1));
        int[] sorted = new int[n];
        if (64 - Long.numberOfLeadingZeros(last) + indexBits > 63) {
            int[] order = AddressSort.sort(offsets);
            for (int i = 0; i < n; i++) {
                sorted[i] = values[order[i]];
            }
            return sorted;
        }
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            packed[i] = offsets[i] << indexBits | i;
        }
        Arrays.sort(packed);
        long mask = (1L << indexBits) - 1;
        for (int i = 0; i < n; i++) {
            sorted[i] = values[(int) (packed[i] & mask)];
            offsets[i] = packed[i] >>> indexBits;
        }
        return sorted;
    }

    /** Two ascending offset lists as one, each offset once (collections may share an empty array). */
    static long[] merge(long[] a, long[] b) {
        long[] all = new long[a.length + b.length];
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < a.length || j < b.length) {
            long next = j == b.length || i < a.length && a[i] < b[j] ? a[i++] : b[j++];
            if (k == 0 || all[k - 1] != next) {
                all[k++] = next;
            }
        }
        return k == all.length ? all : Arrays.copyOf(all, k);
    }
}
