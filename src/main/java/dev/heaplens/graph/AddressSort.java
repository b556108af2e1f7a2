package dev.heaplens.graph;

/** Stable LSD radix sort of addresses (signed order) carrying their original positions. */
final class AddressSort {
    /** The widest digit: 2^11 counters stay in the first-level cache, and as many output streams in the TLB. */
    private static final int MAX_DIGIT_BITS = 11;

    private AddressSort() {
    }

    /**
     * Sorts {@code keys} in place, ascending as signed longs, stably, and returns the permutation:
     * element {@code i} of the result is the original position of the key now at {@code i}.
     * The digits are those of each key's distance from the smallest, without the low bits every
     * distance shares (the alignment), in as few passes as that span needs; digits every key
     * shares are skipped. A heap of a few GB of 8-byte-aligned objects takes three passes.
     */
    static int[] sort(long[] keys) {
        int n = keys.length;
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
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
