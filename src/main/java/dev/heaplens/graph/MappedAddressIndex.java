package dev.heaplens.graph;

/**
 * Finds an address in the sorted address column where it lies, mapped: {@link AddressIndex}'s
 * buckets (the address range cut in about half as many slices as objects, each slice's first
 * position kept) and its binary search within a bucket, with positions in longs and the buckets'
 * starts mapped too, as wide as the graph's ids ({@link MappedIds#wide}). For a first read out of core
 * past what a heap array holds, whose addresses no compact table takes ({@link DenseAddressTable}).
 */
final class MappedAddressIndex implements AddressLookup {
    private final MappedLongs addresses;
    private final long min;
    private final long max;
    private final int shift;
    /** Per bucket, the first position at or past it; the count last. Null when there are no addresses. */
    private final MappedIds bucketStart;

    /** Over {@code sortedAddresses} (ascending as signed longs), its buckets' starts in {@code scratch}. */
    MappedAddressIndex(MappedLongs sortedAddresses, Scratch scratch) {
        this.addresses = sortedAddresses;
        long n = sortedAddresses.length();
        if (n == 0) {
            min = 0;
            max = -1;
            shift = 0;
            bucketStart = null;
            return;
        }
        min = sortedAddresses.get(0);
        max = sortedAddresses.get(n - 1);
        long range = max - min; // unsigned
        int s = AddressIndex.bucketShift(range, n);
        shift = s;
        long buckets = (range >>> s) + 1;
        bucketStart = scratch.ids(buckets + 1, MappedIds.wide(n));
        long[] chunk = new long[(int) Math.min(n, AddressChunks.CHUNK)];
        long b = 0; // the first bucket whose start is not written yet
        for (long from = 0; from < n; from += chunk.length) {
            int count = (int) Math.min(chunk.length, n - from);
            sortedAddresses.copy(from, chunk, count);
            for (int i = 0; i < count; i++) {
                for (long bucket = (chunk[i] - min) >>> s; b <= bucket; b++) {
                    bucketStart.set(b, from + i);
                }
            }
        }
        for (; b <= buckets; b++) {
            bucketStart.set(b, n);
        }
    }

    /** The first position holding {@code address}, or -1. */
    @Override
    public long find(long address) {
        if (address < min || address > max) {
            return -1;
        }
        long b = (address - min) >>> shift;
        long lo = bucketStart.get(b);
        long hi = bucketStart.get(b + 1);
        long to = hi;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (addresses.get(mid) < address) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < to && addresses.get(lo) == address ? lo : -1;
    }

    /** The buckets' disk given back to {@code scratch} once the lookups are done. */
    void release(Scratch scratch) {
        if (bucketStart != null) {
            scratch.release(bucketStart);
        }
    }
}
