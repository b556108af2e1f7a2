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
        long target = Math.max(1, n / 2);
        int s = 0;
        // Shifts stop at 63: a shift of 64 is no shift in Java, and a range of 2^63 or more would loop forever.
        while (s < 63 && Long.compareUnsigned(range >>> s, target) >= 0) {
            s++;
        }
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

    /** The first position holding {@code address}, or -1. */
    @Override
    public int find(long address) {
        if (address < min || address > max) {
            return -1;
        }
        int b = (int) ((address - min) >>> shift);
        int lo = bucketStart[b];
        int hi = bucketStart[b + 1];
        long[] a = addresses;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < address) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < bucketStart[b + 1] && a[lo] == address ? lo : -1;
    }
}
