package dev.heaplens.graph;

/**
 * Address to object in one cache miss: open addressing with linear probing where each long slot
 * packs the address, as its distance from the lowest address in units of the addresses' common
 * alignment (32 bits), with the object id + 1 (32 bits), so a lookup reads no other array. Load at
 * most 0.6: a probe sequence mostly stays in one cache line of eight slots. Only for addresses
 * whose span, so counted, fits in 32 bits (a heap of up to 32 GB of 8-byte-aligned objects);
 * {@link #of} says when they do not and {@link AddressTable} is used then. Built and used like
 * AddressTable, and as big (8 bytes per slot, half as many slots). The slots are paged
 * ({@link LongPages}): past 1.3 billion objects the table has 2^32 slots, more than one Java array holds.
 */
final class PackedAddressTable implements AddressLookup {
    /**
     * A slot keeps an object as an int: past that many objects the table (8 B a slot, 13 to 27 an
     * object) is too big for a heap anyway, and a graph out of core resolves through another lookup.
     */
    static final int MAX_OBJECTS = Integer.MAX_VALUE - 8;
    static final double LOAD = 0.6;
    /** Lookups whose first loads are issued together by {@link #findAll}. */
    private static final int BATCH = 32;

    private final long min;
    private final long max;
    private final int shift;      // the addresses' common alignment, as a power of two
    private final long alignMask; // (1 << shift) - 1
    private final int hashShift;  // 64 - log2(slots)
    private final LongPages slots; // (offset << 32) | (object + 1); 0 = empty
    private final long mask;
    /** Kept so that the loads which only fetch slots into the cache are not optimised away. */
    @SuppressWarnings("unused")
    private final long touched;

    /** The table for {@code sortedAddresses}, or null when their span does not fit. */
    static PackedAddressTable of(long[] sortedAddresses) {
        return of(sortedAddresses, AddressUnits.of(sortedAddresses));
    }

    /** As {@link #of(long[])}, with the addresses' {@code units} already found. */
    static PackedAddressTable of(long[] sortedAddresses, AddressUnits units) {
        return of(AddressChunks.of(sortedAddresses), units);
    }

    /** As {@link #of(long[], AddressUnits)}, the addresses handed over a chunk at a time. */
    static PackedAddressTable of(AddressChunks sortedAddresses, AddressUnits units) {
        if (units == null || sortedAddresses.count() > MAX_OBJECTS
                || Long.compareUnsigned((units.max() - units.min()) >>> units.shift(), 0xFFFF_FFFFL) > 0) {
            return null;
        }
        return new PackedAddressTable(sortedAddresses, units, capacity(sortedAddresses.count()), LongPages.DEFAULT_SHIFT);
    }

    /** Slots for {@code n} objects: a power of two, load at most {@link #LOAD}. */
    static long capacity(long n) {
        return Long.highestOneBit(Math.max(8, (long) Math.ceil(n / LOAD) - 1)) * 2;
    }

    /** Tests give a {@code capacity} (a power of two) past 2^31 slots with small pages, few of them written. */
    PackedAddressTable(long[] sortedAddresses, AddressUnits units, long capacity, int pageShift) {
        this(AddressChunks.of(sortedAddresses), units, capacity, pageShift);
    }

    private PackedAddressTable(AddressChunks sortedAddresses, AddressUnits units, long capacity, int pageShift) {
        this.min = units.min();
        this.max = units.max();
        this.shift = units.shift();
        this.alignMask = (1L << shift) - 1;
        slots = new LongPages(capacity, pageShift);
        mask = capacity - 1;
        hashShift = 64 - Long.numberOfTrailingZeros(capacity);
        long[] touched = {0};
        sortedAddresses.forEach((a, count, first) -> touched[0] += fill(a, count, first));
        this.touched = touched[0];
    }

    /** Adds objects {@code first...} at {@code a[0, count)}; returns what the batches' first loads read. */
    private long fill(long[] a, int count, long first) {
        long touched = 0;
        for (int b = 0; b < count; b += BATCH) {
            int end = Math.min(count, b + BATCH);
            // Loads of the batch's home slots first, independent of one another: their misses overlap.
            for (int i = b; i < end; i++) {
                touched += slots.get(slot((a[i] - min) >>> shift));
            }
            for (int i = b; i < end; i++) {
                long key = (a[i] - min) >>> shift;
                long s = slot(key);
                long at;
                while ((at = slots.get(s)) != 0 && at >>> 32 != key) {
                    s = (s + 1) & mask;
                }
                if (at == 0) {
                    slots.set(s, pack(key, (int) (first + i))); // the first of equal addresses wins
                }
            }
        }
        return touched;
    }

    /** A slot: the address's key (its units from the lowest) above, the object + 1 below (0 is empty). */
    static long pack(long key, int object) {
        return key << 32 | (object + 1L);
    }

    /** The object a slot holds. */
    static int object(long slot) {
        return (int) slot - 1;
    }

    private long slot(long key) {
        return (key * 0x9E3779B97F4A7C15L) >>> hashShift;
    }

    /**
     * As {@link #find} for each, in batches: first every address's home slot is read, loads that
     * do not depend on one another so the processor overlaps their cache misses, then each probe
     * is finished from there (its cache line is then at hand).
     */
    @Override
    public void findAll(long[] addresses, int count, long[] objects) {
        long[] home = new long[BATCH];
        long[] at = new long[BATCH];
        for (int b = 0; b < count; b += BATCH) {
            int m = Math.min(BATCH, count - b);
            for (int j = 0; j < m; j++) {
                long address = addresses[b + j];
                long offset = address - min;
                if (address < min || address > max || (offset & alignMask) != 0) {
                    at[j] = -1;
                } else {
                    long s = slot(offset >>> shift);
                    at[j] = s;
                    home[j] = slots.get(s);
                }
            }
            for (int j = 0; j < m; j++) {
                long s = at[j];
                long found = -1;
                if (s >= 0) {
                    long key = (addresses[b + j] - min) >>> shift;
                    long slot = home[j];
                    while (slot != 0) {
                        if (slot >>> 32 == key) {
                            found = object(slot);
                            break;
                        }
                        s = (s + 1) & mask;
                        slot = slots.get(s);
                    }
                }
                objects[b + j] = found;
            }
        }
    }

    /** The first object at {@code address}, or -1. */
    @Override
    public long find(long address) {
        long offset = address - min;
        if (address < min || address > max || (offset & alignMask) != 0) {
            return -1;
        }
        long key = offset >>> shift;
        long s = slot(key);
        long at;
        while ((at = slots.get(s)) != 0) {
            if (at >>> 32 == key) {
                return object(at);
            }
            s = (s + 1) & mask;
        }
        return -1;
    }
}
