package dev.heaplens.graph;

/**
 * Stable sort of addresses (signed order) carrying their original positions: by runs when the keys
 * are long ascending runs whose ranges do not overlap (a Ruby dump lists each heap page's slots in
 * address order, the pages in no order), else an LSD radix sort.
 */
public final class AddressSort {
    /** The widest digit: 2^11 counters stay in the first-level cache, and as many output streams in the TLB. */
    private static final int MAX_DIGIT_BITS = 11;
    /** Runs are worth sorting as runs while they average at least this many keys. */
    private static final int MIN_RUN = 16;
    /**
     * A run also ends where the keys cross a multiple of 2^12 (a 4 KB memory page): two heap pages
     * listed one after the other in ascending order are then two runs, which the pages between them,
     * listed elsewhere, do not overlap.
     */
    private static final int BLOCK_SHIFT = 12;

    private AddressSort() {
    }

    /**
     * Sorts {@code keys} in place, ascending as signed longs, stably, and returns the permutation:
     * element {@code i} of the result is the original position of the key now at {@code i}.
     */
    public static int[] sort(long[] keys) {
        int[] byRuns = sortRuns(keys);
        return byRuns != null ? byRuns : radixSort(keys);
    }

    /**
     * When {@code keys} are ascending runs (each within a 4 KB block) whose ranges do not overlap,
     * sorts them by moving whole runs (one pass to find them, one to copy) and returns the
     * permutation; else null, keys untouched. Equal keys are then all in one run, so their order is kept.
     */
    static int[] sortRuns(long[] keys) {
        int n = keys.length;
        int runs = 1;
        for (int i = 1; i < n; i++) {
            if (runEndsBefore(keys, i) && ++runs > n / MIN_RUN) {
                return null;
            }
        }
        if (runs == 1) {
            return identity(n);
        }
        int[] start = new int[runs + 1];
        long[] first = new long[runs];
        for (int i = 1, r = 1; i < n; i++) {
            if (runEndsBefore(keys, i)) {
                start[r++] = i;
            }
        }
        start[runs] = n;
        for (int r = 0; r < runs; r++) {
            first[r] = keys[start[r]];
        }
        int[] order = radixSort(first); // the runs by their first key; first is now sorted
        for (int k = 1; k < runs; k++) {
            // the run before must end below where this one starts: else the runs interleave
            if (keys[start[order[k - 1] + 1] - 1] >= first[k]) {
                return null;
            }
        }
        int[] perm = new int[n];
        long[] sorted = new long[n];
        int at = 0;
        for (int k = 0; k < runs; k++) {
            int r = order[k];
            int from = start[r];
            int length = start[r + 1] - from;
            System.arraycopy(keys, from, sorted, at, length);
            for (int i = 0; i < length; i++) {
                perm[at + i] = from + i;
            }
            at += length;
        }
        System.arraycopy(sorted, 0, keys, 0, n);
        return perm;
    }

    private static boolean runEndsBefore(long[] keys, int i) {
        return keys[i] < keys[i - 1] || keys[i] >>> BLOCK_SHIFT != keys[i - 1] >>> BLOCK_SHIFT;
    }

    private static int[] identity(int n) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        return perm;
    }

    /**
     * {@link #sort} by LSD radix, for any keys. The digits are those of each key's distance from the
     * smallest, without the low bits every distance shares (the alignment), in as few passes as that
     * span needs; digits every key shares are skipped. A heap of a few GB of 8-byte-aligned objects
     * takes three passes.
     */
    private static int[] radixSort(long[] keys) {
        int n = keys.length;
        int[] perm = identity(n);
        if (n < 2) {
            return perm;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long k : keys) {
            min = Math.min(min, k);
            max = Math.max(max, k);
        }
        long shared = 0;
        for (long k : keys) {
            shared |= k - min;
        }
        if (shared == 0) {
            return perm; // all equal
        }
        int shift = Long.numberOfTrailingZeros(shared);
        int bits = 64 - Long.numberOfLeadingZeros((max - min) >>> shift);
        int passes = (bits + MAX_DIGIT_BITS - 1) / MAX_DIGIT_BITS;
        int digitBits = (bits + passes - 1) / passes;
        int radix = 1 << digitBits;
        int digitMask = radix - 1;
        int[][] counts = new int[passes][radix];
        for (long k : keys) {
            long u = (k - min) >>> shift;
            for (int d = 0; d < passes; d++) {
                counts[d][(int) (u >>> (d * digitBits)) & digitMask]++;
            }
        }
        long[] keysA = keys;
        int[] permA = perm;
        long[] keysB = null;
        int[] permB = null;
        for (int d = 0; d < passes; d++) {
            int[] count = counts[d];
            boolean trivial = false;
            for (int c : count) {
                if (c == n) {
                    trivial = true;
                    break;
                }
            }
            if (trivial) {
                continue;
            }
            if (keysB == null) {
                keysB = new long[n];
                permB = new int[n];
            }
            int sum = 0;
            for (int b = 0; b < radix; b++) {
                int c = count[b];
                count[b] = sum;
                sum += c;
            }
            int digitShift = shift + d * digitBits;
            for (int i = 0; i < n; i++) {
                long k = keysA[i];
                int pos = count[(int) ((k - min) >>> digitShift) & digitMask]++;
                keysB[pos] = k;
                permB[pos] = permA[i];
            }
            long[] tk = keysA;
            keysA = keysB;
            keysB = tk;
            int[] tp = permA;
            permA = permB;
            permB = tp;
        }
        if (keysA != keys) {
            System.arraycopy(keysA, 0, keys, 0, n);
        }
        return permA;
    }
}
