package dev.heaplens.graph;

import java.util.Arrays;

/**
 * The sort of {@link AddressSort#sort} (ascending as signed longs, equal keys by original position,
 * the same permutation) in place: an MSD radix sort on bytes that swaps keys and positions within
 * their arrays (American flag sort), so it needs no second {@code long[n]} and {@code int[n]} as the
 * LSD radix sort does (24 B an object at a first read's peak, against 12 here). Used when a first
 * read works out of core, where heap matters more than the LSD sort's speed.
 */
final class InPlaceAddressSort {
    /** Buckets this small are finished by insertion sort on (key, position). */
    private static final int SMALL = 48;

    private InPlaceAddressSort() {
    }

    static int[] sort(long[] keys) {
        int n = keys.length;
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        if (n < 2) {
            return perm;
        }
        // keys taken as unsigned after flipping the sign bit: signed order becomes unsigned order
        sort(keys, perm, 0, n, 56);
        return perm;
    }

    /** Sorts {@code [from, to)} on the byte at {@code shift} and below; higher bytes are equal in it. */
    private static void sort(long[] keys, int[] perm, int from, int to, int shift) {
        if (to - from <= SMALL) {
            insertionSort(keys, perm, from, to);
            return;
        }
        if (shift < 0) { // every byte equal: the keys are equal, ordered by position
            Arrays.sort(perm, from, to);
            return;
        }
        int[] count = new int[256];
        for (int i = from; i < to; i++) {
            count[digit(keys[i], shift)]++;
        }
        if (count[digit(keys[from], shift)] == to - from) { // one bucket: nothing to move at this byte
            sort(keys, perm, from, to, shift - 8);
            return;
        }
        int[] start = new int[257];
        start[0] = from;
        for (int b = 0; b < 256; b++) {
            start[b + 1] = start[b] + count[b];
        }
        int[] next = Arrays.copyOf(start, 256);
        for (int b = 0; b < 256; b++) {
            int end = start[b + 1];
            while (next[b] < end) {
                int i = next[b];
                long k = keys[i];
                int p = perm[i];
                int d = digit(k, shift);
                while (d != b) { // carry the element to its bucket, taking the one there in turn
                    int j = next[d]++;
                    long kj = keys[j];
                    int pj = perm[j];
                    keys[j] = k;
                    perm[j] = p;
                    k = kj;
                    p = pj;
                    d = digit(k, shift);
                }
                keys[i] = k;
                perm[i] = p;
                next[b]++;
            }
        }
        for (int b = 0; b < 256; b++) {
            if (start[b + 1] - start[b] > 1) {
                sort(keys, perm, start[b], start[b + 1], shift - 8);
            }
        }
    }

    private static int digit(long key, int shift) {
        return (int) (((key ^ Long.MIN_VALUE) >>> shift) & 0xFF);
    }

    private static void insertionSort(long[] keys, int[] perm, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long k = keys[i];
            int p = perm[i];
            int j = i - 1;
            while (j >= from && (keys[j] > k || keys[j] == k && perm[j] > p)) {
                keys[j + 1] = keys[j];
                perm[j + 1] = perm[j];
                j--;
            }
            keys[j + 1] = k;
            perm[j + 1] = p;
        }
    }
}
