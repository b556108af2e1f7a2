package dev.heaplens.graph;

/**
 * Address to object for addresses packed densely into their span (a heap's slots): one bit per
 * possible address (per unit of the addresses' common alignment) over the span, and beside each
 * word of 64 bits the object of its first set bit, so an object is its word's count plus the set
 * bits below its own. Both share one 16-byte record, so a lookup reads one cache line, of a table
 * small enough to stay mostly in the last-level cache (for a Ruby heap of 40-byte slots about
 * 1.5 bytes per object), where {@link PackedAddressTable} misses the cache on nearly every lookup.
 * Built in one pass over the sorted addresses. {@link #of} declines addresses too sparse for it
 * (a span of more than {@link #MAX_UNITS_PER_OBJECT} alignment units per object) and duplicates.
 * Its objects are longs: it numbers past 2^31 objects (its span, not their count, bounds it).
 */
final class DenseAddressTable implements AddressLookup {
    /** Sparser addresses make a bigger table than the packed one: 64 units cost 16 bytes. */
    static final int MAX_UNITS_PER_OBJECT = 48;
    /** Lookups whose loads are issued together by {@link #findAll}. */
    private static final int BATCH = 32;

    private final long min;
    private final long max;
    private final int shift;      // the addresses' common alignment, as a power of two
    private final long alignMask; // (1 << shift) - 1
    /** Per word w: [2w] the bits of units 64w..64w+63, [2w+1] the object at its lowest set bit. */
    private final long[] words;

    /** The table for {@code sortedAddresses}, or null when they repeat or are too sparse for it. */
    static DenseAddressTable of(long[] sortedAddresses) {
        return of(sortedAddresses, AddressUnits.of(sortedAddresses));
    }

    /** As {@link #of(long[])}, with the addresses' {@code units} already found. */
    static DenseAddressTable of(long[] sortedAddresses, AddressUnits units) {
        return of(AddressChunks.of(sortedAddresses), units);
    }

    /** As {@link #of(long[], AddressUnits)}, the addresses handed over a chunk at a time. */
    static DenseAddressTable of(AddressChunks sortedAddresses, AddressUnits units) {
        if (units == null || units.repeats()) {
            return null; // with repeats, the first of equal addresses must win: a rank cannot say which
        }
        long n = sortedAddresses.count();
        long span = units.span();
        if (span <= 0 || span / MAX_UNITS_PER_OBJECT > n || (span + 63) >>> 6 > (Integer.MAX_VALUE - 8) / 2) {
            return null;
        }
        return new DenseAddressTable(sortedAddresses, units);
    }

    private DenseAddressTable(AddressChunks sortedAddresses, AddressUnits units) {
        this.min = units.min();
        this.max = units.max();
        this.shift = units.shift();
        this.alignMask = (1L << shift) - 1;
        int wordCount = (int) ((units.span() + 63) >>> 6);
        words = new long[2 * wordCount];
        int[] lastWord = {-1};
        sortedAddresses.forEach((a, count, first) -> lastWord[0] = fill(a, count, first, lastWord[0]));
    }

    /** Sets the bits of objects {@code first...} at {@code a[0, count)}; returns the last word written. */
    private int fill(long[] a, int count, long first, int lastWord) {
        for (int i = 0; i < count; i++) {
            long unit = (a[i] - min) >>> shift;
            int w = (int) (unit >>> 6);
            if (w != lastWord) {
                // words with no address keep a first object of 0: their bits are 0, so nothing reads it
                words[2 * w + 1] = first + i;
                lastWord = w;
            }
            words[2 * w] |= 1L << unit;
        }
        return lastWord;
    }

    /** The object at {@code address}, or -1. */
    @Override
    public long find(long address) {
        long offset = address - min;
        if (address < min || address > max || (offset & alignMask) != 0) {
            return -1;
        }
        long unit = offset >>> shift;
        int w = (int) (unit >>> 6);
        long bit = 1L << unit;
        long word = words[2 * w];
        return (word & bit) == 0 ? -1 : words[2 * w + 1] + Long.bitCount(word & (bit - 1));
    }

    /**
     * As {@link #find} for each, in batches: first every address's word is read, loads that do not
     * depend on one another so the processor overlaps their cache misses, then each is finished.
     */
    @Override
    public void findAll(long[] addresses, int count, long[] objects) {
        long[] word = new long[BATCH];
        int[] at = new int[BATCH];
        for (int b = 0; b < count; b += BATCH) {
            int m = Math.min(BATCH, count - b);
            for (int j = 0; j < m; j++) {
                long address = addresses[b + j];
                long offset = address - min;
                if (address < min || address > max || (offset & alignMask) != 0) {
                    at[j] = -1;
                } else {
                    int w = (int) (offset >>> shift >>> 6);
                    at[j] = w;
                    word[j] = words[2 * w];
                }
            }
            for (int j = 0; j < m; j++) {
                int w = at[j];
                long found = -1;
                if (w >= 0) {
                    long bit = 1L << ((addresses[b + j] - min) >>> shift);
                    long bits = word[j];
                    if ((bits & bit) != 0) {
                        found = words[2 * w + 1] + Long.bitCount(bits & (bit - 1));
                    }
                }
                objects[b + j] = found;
            }
        }
    }
}
