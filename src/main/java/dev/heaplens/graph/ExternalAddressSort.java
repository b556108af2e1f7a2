package dev.heaplens.graph;

/**
 * The sort of {@link AddressSort#sort} (ascending as signed longs, equal keys by reading index, the
 * same permutation) for a first read out of core, whose heap cannot hold every address: the
 * addresses, in reading order, are sorted in runs of at most {@code runLength} in the heap (12 B a
 * key, one run at a time), each run written to scratch, and the runs merged from there into the
 * sorted column and the reading order, both mapped. Every scratch column is read and written in
 * order (one stream a run while merging), so the page cache is never asked for random access.
 */
final class ExternalAddressSort {
    /** The smallest run worth sorting apart: below it the runs' cursors cost more than they save. */
    static final int MIN_RUN = 1 << 16;
    /** Heap bytes a key takes while its run is sorted: the key and its position. */
    private static final int RUN_BYTES_PER_KEY = 12;
    /** Of the heap, the share one run may take (the rest: the read's other state, and slack for the collector). */
    private static final int RUN_SHARE_OF_HEAP = 3;

    /** The addresses, ascending, mapped. */
    final MappedLongs sorted;
    /** Graph id -> reading index, mapped; null when the addresses came in order already. */
    final IntCells readingIndex;
    /** Addresses equal to the one before. */
    final int duplicates;

    /** The addresses by reading index, handed over in order. */
    interface Source {
        /** The next {@code count} addresses into {@code to[0, count)}. */
        void next(long[] to, int count);
    }

    /** The longest run for a heap of {@code maxHeapBytes}: a third of it, at least {@link #MIN_RUN} keys. */
    static int runLength(long maxHeapBytes) {
        return (int) Math.max(MIN_RUN, Math.min(HeapGraphBuilder.MAX_OBJECTS, maxHeapBytes / RUN_SHARE_OF_HEAP / RUN_BYTES_PER_KEY));
    }

    /** Sorts the {@code n} addresses of {@code source} in runs of at most {@code runLength}, in {@code scratch} (mapped). */
    ExternalAddressSort(Source source, int n, int runLength, Scratch scratch) {
        if (runLength < 1) {
            throw new IllegalArgumentException("runs of " + runLength);
        }
        MappedLongs runKeys = scratch.longs(n);
        MappedInts runAt = null; // made when a run is first out of order: until then, the reading order is the identity
        int runs = (n + runLength - 1) / runLength;
        boolean ascending = true;
        long last = Long.MIN_VALUE;
        for (int r = 0; r < runs; r++) {
            int from = r * runLength;
            long[] keys = new long[Math.min(runLength, n - from)];
            source.next(keys, keys.length);
            int[] perm = null;
            if (!isAscending(keys)) {
                int[] merged = RunMergeSort.sort(keys, 1);
                perm = merged != null ? merged : InPlaceAddressSort.sort(keys);
            }
            ascending &= perm == null && keys[0] >= last;
            last = keys[keys.length - 1];
            if (perm != null && runAt == null) {
                runAt = scratch.ints(n);
                for (int i = 0; i < from; i++) {
                    runAt.set(i, i);
                }
            }
            for (int i = 0; i < keys.length; i++) {
                runKeys.set(from + i, keys[i]);
                if (runAt != null) {
                    runAt.set(from + i, from + (perm == null ? i : perm[i]));
                }
            }
        }
        if (ascending || runs == 1) {
            sorted = runKeys;
            readingIndex = ascending ? null : runAt;
            duplicates = countDuplicates(sorted);
            return;
        }
        if (runAt == null) { // every run in order, but not the runs one after another
            runAt = scratch.ints(n);
            for (int i = 0; i < n; i++) {
                runAt.set(i, i);
            }
        }
        sorted = scratch.longs(n);
        MappedInts order = scratch.ints(n);
        duplicates = merge(runKeys, runAt, n, runLength, sorted, order);
        readingIndex = order;
    }

    /**
     * Merges the sorted runs of {@code keys} (positions in {@code at}) into {@code outKeys} and
     * {@code outAt}: a binary heap of the runs by their next key, equal keys taken from the earlier
     * run (whose positions are lower), so the order is stable. Returns the duplicates written.
     */
    private static int merge(MappedLongs keys, MappedInts at, int n, int runLength, MappedLongs outKeys, MappedInts outAt) {
        int runs = (n + runLength - 1) / runLength;
        long[] next = new long[runs];
        long[] end = new long[runs];
        long[] head = new long[runs];
        int[] heap = new int[runs];
        for (int r = 0; r < runs; r++) {
            next[r] = (long) r * runLength;
            end[r] = Math.min(n, next[r] + runLength);
            head[r] = keys.get(next[r]);
            heap[r] = r;
        }
        int size = runs;
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(heap, size, i, head);
        }
        int duplicates = 0;
        long previous = 0;
        for (long o = 0; o < n; o++) {
            int r = heap[0];
            long key = head[r];
            if (o > 0 && key == previous) {
                duplicates++;
            }
            previous = key;
            outKeys.set(o, key);
            outAt.set(o, at.get(next[r]));
            if (++next[r] < end[r]) {
                head[r] = keys.get(next[r]);
            } else {
                heap[0] = heap[--size];
            }
            if (size > 0) {
                siftDown(heap, size, 0, head);
            }
        }
        return duplicates;
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

    private static int countDuplicates(MappedLongs sorted) {
        int duplicates = 0;
        for (long i = 1, n = sorted.length(); i < n; i++) {
            if (sorted.get(i - 1) == sorted.get(i)) {
                duplicates++;
            }
        }
        return duplicates;
    }
}
