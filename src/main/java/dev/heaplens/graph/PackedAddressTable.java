package dev.heaplens.graph;

/**
 * Address to object in one cache miss: open addressing with linear probing where each long slot
 * packs the address, as its distance from the lowest address in units of the addresses' common
 * alignment (32 bits), with the object id + 1 (32 bits), so a lookup reads no other array. Load at
 * most 0.6: a probe sequence mostly stays in one cache line of eight slots. Only for addresses
 * whose span, so counted, fits in 32 bits (a heap of up to 32 GB of 8-byte-aligned objects);
 * {@link #of} says when they do not and {@link AddressTable} is used then. Built and used like
 * AddressTable, and as big (8 bytes per slot, half as many slots).
 */
final class PackedAddressTable implements AddressLookup {
    static final int MAX_OBJECTS = (int) ((1 << 29) * 0.6);
    /** Lookups whose first loads are issued together by {@link #findAll}. */
    private static final int BATCH = 32;

    private final long min;
    private final long max;
    private final int shift;      // the addresses' common alignment, as a power of two
    private final long alignMask; // (1 << shift) - 1
    private final int hashShift;  // 64 - log2(slots)
    private final long[] slots;   // (offset << 32) | (object + 1); 0 = empty
    private final int mask;
    /** Kept so that the loads which only fetch slots into the cache are not optimised away. */
    @SuppressWarnings("unused")
    private final long touched;

    /** The table for {@code sortedAddresses}, or null when their span does not fit. */
    static PackedAddressTable of(long[] sortedAddresses) {
        return of(sortedAddresses, AddressUnits.of(sortedAddresses));
    }

    /** As {@link #of(long[])}, with the addresses' {@code units} already found. */
    static PackedAddressTable of(long[] sortedAddresses, AddressUnits units) {
        if (units == null || sortedAddresses.length > MAX_OBJECTS
                || Long.compareUnsigned((units.max() - units.min()) >>> units.shift(), 0xFFFF_FFFFL) > 0) {
            return null;
        }
        return new PackedAddressTable(sortedAddresses, units);
    }

    private PackedAddressTable(long[] sortedAddresses, AddressUnits units) {
        int n = sortedAddresses.length;
        this.min = units.min();
        this.max = units.max();
        this.shift = units.shift();
        this.alignMask = (1L << shift) - 1;
        int capacity = Integer.highestOneBit(Math.max(8, (int) Math.ceil(n / 0.6) - 1)) * 2; // load <= 0.6
        slots = new long[capacity];
        mask = capacity - 1;
        hashShift = 64 - Integer.numberOfTrailingZeros(capacity);
        long touched = 0;
        for (int b = 0; b < n; b += BATCH) {
            int end = Math.min(n, b + BATCH);
            // Loads of the batch's home slots first, independent of one another: their misses overlap.
            for (int o = b; o < end; o++) {
                touched += slots[slot((sortedAddresses[o] - min) >>> shift)];
            }
            for (int o = b; o < end; o++) {
                long key = (sortedAddresses[o] - min) >>> shift;
                int s = slot(key);
                long at;
                while ((at = slots[s]) != 0 && at >>> 32 != key) {
                    s = (s + 1) & mask;
                }
                if (at == 0) {
                    slots[s] = key << 32 | (o + 1); // the first of equal addresses wins
                }
            }
        }
        this.touched = touched;
    }

    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> hashShift);
    }

    /**
     * As {@link #find} for each, in batches: first every address's home slot is read, loads that
     * do not depend on one another so the processor overlaps their cache misses, then each probe
     * is finished from there (its cache line is then at hand).
     */
    @Override
    public void findAll(long[] addresses, int count, int[] objects) {
        long[] home = new long[BATCH];
        int[] at = new int[BATCH];
        for (int b = 0; b < count; b += BATCH) {
            int m = Math.min(BATCH, count - b);
            for (int j = 0; j < m; j++) {
                long address = addresses[b + j];
                long offset = address - min;
                if (address < min || address > max || (offset & alignMask) != 0) {
                    at[j] = -1;
                } else {
                    int s = slot(offset >>> shift);
                    at[j] = s;
                    home[j] = slots[s];
                }
            }
            for (int j = 0; j < m; j++) {
                int s = at[j];
                int found = -1;
                if (s >= 0) {
                    long key = (addresses[b + j] - min) >>> shift;
                    long slot = home[j];
                    while (slot != 0) {
                        if (slot >>> 32 == key) {
                            found = (int) slot - 1;
                            break;
                        }
                        s = (s + 1) & mask;
                        slot = slots[s];
                    }
                }
                objects[b + j] = found;
            }
        }
    }

    /** The first object at {@code address}, or -1. */
    @Override
    public int find(long address) {
        long offset = address - min;
        if (address < min || address > max || (offset & alignMask) != 0) {
            return -1;
        }
        long key = offset >>> shift;
        int s = slot(key);
        long at;
        while ((at = slots[s]) != 0) {
            if (at >>> 32 == key) {
                return (int) at - 1;
            }
            s = (s + 1) & mask;
        }
        return -1;
    }
}
