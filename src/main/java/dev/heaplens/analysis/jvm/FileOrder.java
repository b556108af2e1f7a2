package dev.heaplens.analysis.jvm;

import dev.heaplens.graph.AddressSort;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import java.util.function.IntToLongFunction;

/**
 * Records read again in file order: the waste checks that read many records (Strings' arrays,
 * collections and their tables) sort their offsets, so one pass over the dump reads them all, and
 * name each record by its place in that order rather than by looking its address up.
 */
final class FileOrder {
    private FileOrder() {
    }

    /**
     * The order of {@code n} records by where they are in the file, {@code at(i)} for record
     * {@code i}, computed as asked, not held (a column of offsets was 8 bytes a String's array at
     * the peak of suspects out of core): element {@code k} is the record {@code k}th in the file,
     * equal offsets in their given order. As {@link #sort(int[], long[])} sorts, its keys made here.
     */
    static int[] order(int n, IntToLongFunction at) {
        long[] packed = new long[n]; // each offset asked once (out of core each is a read of the mapped index)
        long last = 0;
        for (int i = 0; i < n; i++) {
            packed[i] = at.applyAsLong(i);
            last = Math.max(last, packed[i]);
        }
        int indexBits = 64 - Long.numberOfLeadingZeros(Math.max(1, n - 1));
        if (64 - Long.numberOfLeadingZeros(last) + indexBits > 63) {
            return AddressSort.sort(packed);
        }
        for (int i = 0; i < n; i++) {
            packed[i] = packed[i] << indexBits | i;
        }
        Arrays.sort(packed);
        int[] order = new int[n];
        long mask = (1L << indexBits) - 1;
        for (int i = 0; i < n; i++) {
            order[i] = (int) (packed[i] & mask);
        }
        return order;
    }

    /** {@code values[order[k]]} for each {@code k}: a column put in {@link #order}'s order. */
    static int[] permuted(int[] values, int[] order) {
        int[] out = new int[order.length];
        for (int k = 0; k < order.length; k++) {
            out[k] = values[order[k]];
        }
        return out;
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

    /**
     * Two ascending lists of offsets ({@code a(i)} for {@code i < aLength}, {@code b(j)} for
     * {@code j < bLength}) as one, as they are read: a merged copy held 8 bytes an offset more at
     * the peak of suspects out of core. The lists share no offset (each is other records').
     */
    static PrimitiveIterator.OfLong merge(IntToLongFunction a, int aLength, IntToLongFunction b, int bLength) {
        return new PrimitiveIterator.OfLong() {
            private int i;
            private int j;
            private long nextA = i < aLength ? a.applyAsLong(0) : 0;
            private long nextB = j < bLength ? b.applyAsLong(0) : 0;

            @Override
            public boolean hasNext() {
                return i < aLength || j < bLength;
            }

            @Override
            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (j == bLength || i < aLength && nextA < nextB) {
                    long at = nextA;
                    nextA = ++i < aLength ? a.applyAsLong(i) : 0;
                    return at;
                }
                long at = nextB;
                nextB = ++j < bLength ? b.applyAsLong(j) : 0;
                return at;
            }
        };
    }
}
