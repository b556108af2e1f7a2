package dev.heaplens.graph;

/** Stable LSD radix sort of addresses (signed order) carrying their original positions. */
final class AddressSort {
    private AddressSort() {
    }

    /**
     * Sorts {@code keys} in place, ascending as signed longs, stably, and returns the permutation:
     * element {@code i} of the result is the original position of the key now at {@code i}.
     * Digits that every key shares are skipped, so clustered addresses cost few passes.
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
        int[][] counts = new int[8][256];
        for (long k : keys) {
            long u = k ^ Long.MIN_VALUE;
            for (int d = 0; d < 8; d++) {
                counts[d][(int) (u >>> (d * 8)) & 0xFF]++;
            }
        }
        long[] keysA = keys;
        int[] permA = perm;
        long[] keysB = null;
        int[] permB = null;
        for (int d = 0; d < 8; d++) {
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
            for (int b = 0; b < 256; b++) {
                int c = count[b];
                count[b] = sum;
                sum += c;
            }
            int shift = d * 8;
            for (int i = 0; i < n; i++) {
                long k = keysA[i];
                int pos = count[(int) ((k ^ Long.MIN_VALUE) >>> shift) & 0xFF]++;
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
