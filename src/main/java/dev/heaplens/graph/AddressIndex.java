package dev.heaplens.graph;

/**
 * Finds an address in the sorted address column: a bucket table over the address range narrows
 * the search to a few neighbouring entries, then a binary search finishes. About one int per two
 * objects. Clustered addresses (heap pages, regions) only make buckets uneven, and an uneven bucket
 * costs a binary search over its own entries, never more than a plain binary search.
 */
final class AddressIndex implements AddressLookup {
    private final long[] addresses;
    private final long min;
    private final long max;
    private final int shift;
    private final int[] bucketStart;

    AddressIndex(long[] sortedAddresses) {
        this.addresses = sortedAddresses;
        int n = sortedAddresses.length;
        if (n == 0) {
            min = 0;
            max = -1;
            shift = 0;
            bucketStart = new int[] {0, 0};
            return;
        }
        min = sortedAddresses[0];
        max = sortedAddresses[n - 1];
        long range = max - min; // unsigned
        int s = bucketShift(range, n);
        shift = s;
        int buckets = (int) (range >>> s) + 1;
        bucketStart = new int[buckets + 1];
        int i = 0;
        for (int b = 0; b <= buckets; b++) {
            while (i < n && (int) ((sortedAddresses[i] - min) >>> s) < b) {
                i++;
            }
            bucketStart[b] = i;
        }
    }

    /**
     * Lookups a graph answers by {@link #search} before it makes its index (1.8 bytes an object): a
     * command that looks up a few thousand addresses (thread stacks, a path) pays about 23 reads
     * each instead, and a command that looks up many makes the index once, a few milliseconds later.
     */
    static final int SEARCHES_FIRST = 4096;

    /** The first position holding {@code address}, or -1. */
    @Override
    public long find(long address) {
        if (address < min || address > max) {
            return -1;
        }
        int b = (int) ((address - min) >>> shift);
        return firstIn(addresses, bucketStart[b], bucketStart[b + 1], address);
    }

    /** The first position of {@code sortedAddresses} holding {@code address}, or -1: a binary search, no index. */
    static int search(long[] sortedAddresses, long address) {
        return firstIn(sortedAddresses, 0, sortedAddresses.length, address);
    }

    private static int firstIn(long[] a, int from, int to, long address) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < address) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < to && a[lo] == address ? lo : -1;
    }

    /** The shift that puts {@code n} addresses spread over {@code range} (unsigned) about two to a bucket. */
    static int bucketShift(long range, long n) {
        long target = Math.max(1, n / 2);
        int s = 0;
        // Shifts stop at 63: a shift of 64 is no shift in Java, and a range of 2^63 or more would loop forever.
        while (s < 63 && Long.compareUnsigned(range >>> s, target) >= 0) {
            s++;
        }
        return s;
    }
}
