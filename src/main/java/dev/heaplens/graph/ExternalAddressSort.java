package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

/**
 * The sort of {@link AddressSort#sort} (ascending as signed longs, equal keys by reading index, the
 * same permutation) for a first read out of core, whose heap cannot hold every address: the
 * addresses, in reading order, are sorted in runs of at most {@code runLength} in the heap (12 B a
 * key, one run at a time), each run streamed to two scratch files ({@link RunFiles}, not mapped), and
 * the runs merged from there, a window of each at a time, into the sorted column and the reading
 * order, both mapped. Past one run, the runs are half as long and sorted two at a time, one a
 * thread (the same heap as one whole run: the first read's second core, issue 28, round 10); the runs' files are closed, so their disk given back, as soon as merged. Every
 * scratch column is read and written in order, so the page cache is never asked for random access.
 */
final class ExternalAddressSort {
    /** The smallest run worth sorting apart: below it the runs' cursors cost more than they save. */
    static final int MIN_RUN = 1 << 16;
    /** Heap bytes a key takes while its run is sorted: the key and its position. */
    private static final int RUN_BYTES_PER_KEY = 12;
    /** Of the heap, the share one run may take (the rest: the read's other state, and slack for the collector). */
    private static final int RUN_SHARE_OF_HEAP = 3;
    /** The longest run: one Java array of keys. */
    static final int MAX_RUN = Integer.MAX_VALUE - 8;

    /** The addresses, ascending, mapped. */
    final MappedLongs sorted;
    /**
     * Graph id -> reading index, mapped, 4 bytes an id or 8 where the graph numbers past an int
     * ({@link MappedIds#wide}); null when the addresses came in order already.
     */
    final MappedIds readingIndex;
    /** Addresses equal to the one before. */
    final long duplicates;

    /** The addresses by reading index, handed over in order. */
    interface Source {
        /** The next {@code count} addresses into {@code to[0, count)}. */
        void next(long[] to, int count);
    }

    /** The longest run for a heap of {@code maxHeapBytes}: a third of it, at least {@link #MIN_RUN} keys. */
    static int runLength(long maxHeapBytes) {
        return (int) Math.max(MIN_RUN, Math.min(MAX_RUN, maxHeapBytes / RUN_SHARE_OF_HEAP / RUN_BYTES_PER_KEY));
    }

    /** Sorts the {@code n} addresses of {@code source} in runs of at most {@code runLength}, in {@code scratch} (mapped). */
    ExternalAddressSort(Source source, long n, int runLength, Scratch scratch) {
        if (runLength < 1) {
            throw new IllegalArgumentException("runs of " + runLength);
        }
        boolean wide = MappedIds.wide(n);
        if (n <= runLength) { // one run: sorted in the heap, written where it stays
            int count = (int) n;
            long[] keys = new long[count];
            source.next(keys, count);
            int[] perm = isAscending(keys) ? null : sortRun(keys);
            sorted = scratch.longs(n);
            sorted.put(0, keys, count);
            MappedIds order = perm == null ? null : scratch.ids(n, wide);
            if (order != null) {
                order.put(0, perm, count);
            }
            readingIndex = order;
            duplicates = countDuplicates(sorted);
            return;
        }
        int half = (runLength + 1) / 2; // two runs in the heap at once, each sorted by a thread of its own
        long runs = (n + half - 1) / half;
        // Runs streamed to two files of their own, not mapped: closed, so given back, once merged.
        try (RunFiles files = new RunFiles(scratch, wide)) {
            boolean ascending = true;
            long last = Long.MIN_VALUE;
            for (long r = 0; r < runs; r += 2) {
                int pair = (int) Math.min(2, runs - r);
                long[][] keys = new long[pair][];
                int[][] perm = new int[pair][];
                for (int k = 0; k < pair; k++) {
                    keys[k] = new long[(int) Math.min(half, n - (r + k) * half)];
                    source.next(keys[k], keys[k].length);
                }
                Parallel.runUnchecked("heaplens-sort", pair, k -> perm[k] = isAscending(keys[k]) ? null : sortRun(keys[k]));
                for (int k = 0; k < pair; k++) {
                    ascending &= perm[k] == null && keys[k][0] >= last;
                    last = keys[k][keys[k].length - 1];
                    files.append(keys[k], perm[k], (r + k) * half);
                }
            }
            sorted = scratch.longs(n);
            if (ascending) { // in order already: the keys copied as they are
                long[] window = new long[RunFiles.WINDOW];
                for (long at = 0; at < n; at += window.length) {
                    int count = (int) Math.min(window.length, n - at);
                    files.keys(at, window, count);
                    sorted.put(at, window, count);
                }
                readingIndex = null;
                duplicates = countDuplicates(sorted);
                return;
            }
            MappedIds order = scratch.ids(n, wide);
            duplicates = merge(files, n, half, sorted, order);
            readingIndex = order;
        }
    }

    /** A run's merge or in-place radix sort: both sort {@code keys} in place with no second {@code long[]}. */
    private static int[] sortRun(long[] keys) {
        int[] merged = RunMergeSort.sort(keys, 1);
        return merged != null ? merged : InPlaceAddressSort.sort(keys);
    }

    /**
     * Merges the sorted runs of {@code files} into {@code outKeys} and {@code outAt}: a binary heap of
     * the runs by their next key, equal keys taken from the earlier run (whose positions are lower),
     * so the order is stable; each run read through a window of its own. Returns the duplicates written.
     */
    private static long merge(RunFiles files, long n, int runLength, MappedLongs outKeys, MappedIds outAt) {
        int runs = Math.toIntExact((n + runLength - 1) / runLength);
        int window = Math.max(64, Math.min(RunFiles.WINDOW, RunFiles.WINDOW * 16 / runs));
        long[] next = new long[runs];
        long[] end = new long[runs];
        long[] head = new long[runs];
        long[][] keys = new long[runs][window];
        long[][] at = new long[runs][window];
        long[] windowStart = new long[runs];
        int[] heap = new int[runs];
        for (int r = 0; r < runs; r++) {
            next[r] = (long) r * runLength;
            end[r] = Math.min(n, next[r] + runLength);
            fill(files, r, next[r], end[r], keys, at, windowStart);
            head[r] = keys[r][0];
            heap[r] = r;
        }
        int size = runs;
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(heap, size, i, head);
        }
        long duplicates = 0;
        long previous = 0;
        long[] keysOut = new long[RunFiles.WINDOW]; // the output a window at a time: bulk puts, not a call per key
        long[] atOut = new long[RunFiles.WINDOW];
        int[] narrowOut = new int[RunFiles.WINDOW];
        for (long o = 0; o < n; o++) {
            int r = heap[0];
            long key = head[r];
            if (o > 0 && key == previous) {
                duplicates++;
            }
            previous = key;
            int w = (int) (o % keysOut.length);
            keysOut[w] = key;
            atOut[w] = at[r][(int) (next[r] - windowStart[r])];
            if (w == keysOut.length - 1 || o == n - 1) {
                outKeys.put(o - w, keysOut, w + 1);
                outAt.put(o - w, atOut, w + 1, narrowOut);
            }
            if (++next[r] < end[r]) {
                if (next[r] - windowStart[r] == keys[r].length) {
                    fill(files, r, next[r], end[r], keys, at, windowStart);
                }
                head[r] = keys[r][(int) (next[r] - windowStart[r])];
            } else {
                heap[0] = heap[--size];
            }
            if (size > 0) {
                siftDown(heap, size, 0, head);
            }
        }
        return duplicates;
    }

    /** Run {@code r}'s window from {@code from} (at most to {@code end}). */
    private static void fill(RunFiles files, int r, long from, long end, long[][] keys, long[][] at, long[] windowStart) {
        int count = (int) Math.min(keys[r].length, end - from);
        files.keys(from, keys[r], count);
        files.positions(from, at[r], count);
        windowStart[r] = from;
    }

    private static void siftDown(int[] heap, int size, int i, long[] head) {
        int r = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(heap[child + 1], heap[child], head)) {
                child++;
            }
            if (!before(heap[child], r, head)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = r;
    }

    /** Run {@code a}'s next key goes before run {@code b}'s: smaller, or equal and from an earlier run. */
    private static boolean before(int a, int b, long[] head) {
        return head[a] < head[b] || head[a] == head[b] && a < b;
    }

    private static boolean isAscending(long[] keys) {
        for (int i = 1; i < keys.length; i++) {
            if (keys[i - 1] > keys[i]) {
                return false;
            }
        }
        return true;
    }

    private static long countDuplicates(MappedLongs sorted) {
        long duplicates = 0;
        for (long i = 1, n = sorted.length(); i < n; i++) {
            if (sorted.get(i - 1) == sorted.get(i)) {
                duplicates++;
            }
        }
        return duplicates;
    }
}
