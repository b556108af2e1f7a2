package dev.heaplens.analysis.jvm;

import dev.heaplens.graph.AddressSort;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

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
        return sort(values, offsets, offsets.length);
    }

    /** As {@link #sort(int[], long[])}, for the first {@code n} of each (columns grown with room to spare). */
    static int[] sort(int[] values, long[] offsets, int n) {
        long last = 0;
        for (int i = 0; i < n; i++) {
            last = Math.max(last, offsets[i]);
        }
        int indexBits = 64 - Long.numberOfLeadingZeros(Math.max(1, n - 1));
        int[] sorted = new int[n];
        if (64 - Long.numberOfLeadingZeros(last) + indexBits > 63) {
            long[] keys = n == offsets.length ? offsets : Arrays.copyOf(offsets, n);
            int[] order = AddressSort.sort(keys); // sorts the keys in place
            System.arraycopy(keys, 0, offsets, 0, n);
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
     * Two ascending offset lists (the first {@code aLength} of {@code a}, {@code bLength} of
     * {@code b}) as one, as they are read (a merged copy held 8 bytes an offset more at the peak of
     * suspects out of core); the lists share no offset (each is other records').
     */
    static PrimitiveIterator.OfLong merge(long[] a, int aLength, long[] b, int bLength) {
        return new PrimitiveIterator.OfLong() {
            private int i;
            private int j;

            @Override
            public boolean hasNext() {
                return i < aLength || j < bLength;
            }

            @Override
            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return j == bLength || i < aLength && a[i] < b[j] ? a[i++] : b[j++];
            }
        };
    }
}
