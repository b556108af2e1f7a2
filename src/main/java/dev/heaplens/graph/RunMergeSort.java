package dev.heaplens.graph;

/**
 * Sorts addresses that are already mostly in order: a few long ascending runs, and some keys out
 * of place between them. An HPROF dump lists its class objects first, in no order, then every
 * other object in address order: one long run and a few thousand keys before it, which a merge
 * puts in place in one pass, where a radix sort makes three over every key.
 */
final class RunMergeSort {
    /** A run this long or longer is merged as it stands; the keys of shorter runs are sorted apart first. */
    static final int LONG_RUN = 1 << 12;
    /** The most long runs merged: each adds a pass over the keys merged so far. */
    static final int MAX_RUNS = 4;
    /** At most one key in this many may be out of the long runs. */
    private static final int MAX_OUTLIER_SHARE = 16;

    private RunMergeSort() {
    }

    /**
     * Sorts {@code keys} in place and returns the permutation exactly as {@link AddressSort#sort}
     * (ascending as signed longs, stable), or returns null, {@code keys} untouched, when they are
     * not mostly sorted: more than {@link #MAX_RUNS} long runs, or more than one key in
     * {@link #MAX_OUTLIER_SHARE} outside them.
     */
    static int[] sort(long[] keys) {
        return sort(keys, MAX_RUNS);
    }

    /**
     * As {@link #sort(long[])}, declining more than {@code maxRuns} long runs: 1 when the heap is
     * short (a first read out of core), as only one run is merged without a second {@code long[n]}.
     */
    static int[] sort(long[] keys, int maxRuns) {
        int n = keys.length;
        int[] runFrom = new int[MAX_RUNS];
        int[] runTo = new int[MAX_RUNS];
        int runs = 0;
        int outliers = 0;
        for (int start = 0, i = 1; i <= n; i++) {
            if (i == n || keys[i] < keys[i - 1]) {
                if (i - start >= LONG_RUN) {
                    if (runs == maxRuns) {
                        return null;
                    }
                    runFrom[runs] = start;
                    runTo[runs++] = i;
                } else if ((outliers += i - start) > n / MAX_OUTLIER_SHARE) {
                    return null;
                }
                start = i;
            }
        }
        if (runs == 0) {
            return null;
        }
        // The outliers in index order, then sorted (stably) with their positions.
        long[] mergedKeys = new long[outliers];
        int[] mergedAt = new int[outliers];
        int m = 0;
        for (int r = 0, from = 0; r <= runs; r++) {
            int to = r < runs ? runFrom[r] : n;
            for (int i = from; i < to; i++) {
                mergedKeys[m] = keys[i];
                mergedAt[m++] = i;
            }
            from = r < runs ? runTo[r] : n;
        }
        int[] order = AddressSort.sort(mergedKeys);
        int[] at = new int[m];
        for (int j = 0; j < m; j++) {
            at[j] = mergedAt[order[j]];
        }
        mergedAt = at;
        if (runs == 1) {
            return mergeInPlace(keys, mergedKeys, mergedAt, runFrom[0], runTo[0]);
        }
        // Each long run merged into what is merged so far; the last merge fills the result.
        for (int r = 0; r < runs; r++) {
            int size = m + runTo[r] - runFrom[r];
            long[] outKeys = new long[size];
            int[] outAt = new int[size];
            merge(mergedKeys, mergedAt, m, keys, runFrom[r], runTo[r], outKeys, outAt);
            mergedKeys = outKeys;
            mergedAt = outAt;
            m = size;
        }
        System.arraycopy(mergedKeys, 0, keys, 0, n);
        return mergedAt;
    }

    /**
     * The one-run case (an HPROF dump's) merged inside {@code keys}, with no second {@code long[n]}:
     * the run moved to the end, then merged with the sorted outliers from the front. The write
     * position never passes the run's next unread key (it trails it by the outliers not yet
     * written), so nothing is overwritten before it is read. Returns the positions.
     */
    private static int[] mergeInPlace(long[] keys, long[] outlierKeys, int[] outlierAt, int from, int to) {
        int n = keys.length;
        int m = outlierKeys.length;
        System.arraycopy(keys, from, keys, m, to - from);
        int[] at = new int[n];
        int i = 0;
        int j = m; // the run's next key; its original position is from + (j - m)
        int out = 0;
        while (i < m && j < n) {
            long a = outlierKeys[i];
            long b = keys[j];
            int bAt = from + j - m;
            if (a < b || a == b && outlierAt[i] < bAt) {
                keys[out] = a;
                at[out++] = outlierAt[i++];
            } else {
                keys[out] = b;
                at[out++] = bAt;
                j++;
            }
        }
        for (; i < m; i++) {
            keys[out] = outlierKeys[i];
            at[out++] = outlierAt[i];
        }
        for (; j < n; j++) {
            keys[out] = keys[j];
            at[out++] = from + j - m;
        }
        return at;
    }

    /**
     * Merges the sorted {@code a} (keys with their original positions) with the run
     * {@code keys[from, to)} (positions from..to-1): by key, equal keys by original position.
     */
    private static void merge(long[] aKeys, int[] aAt, int aCount, long[] keys, int from, int to,
                              long[] outKeys, int[] outAt) {
        int i = 0;
        int j = from;
        int out = 0;
        while (i < aCount && j < to) {
            long a = aKeys[i];
            long b = keys[j];
            if (a < b || a == b && aAt[i] < j) {
                outKeys[out] = a;
                outAt[out++] = aAt[i++];
            } else {
                outKeys[out] = b;
                outAt[out++] = j++;
            }
        }
        for (; i < aCount; i++) {
            outKeys[out] = aKeys[i];
            outAt[out++] = aAt[i];
        }
        for (; j < to; j++) {
            outKeys[out] = keys[j];
            outAt[out++] = j;
        }
    }
}
