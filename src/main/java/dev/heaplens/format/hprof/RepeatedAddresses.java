package dev.heaplens.format.hprof;

/**
 * Finds object addresses that a streaming pass meets more than once (a dump whose records or
 * heap segments are repeated), in bounded memory. Every address is checked while the set of
 * addresses seen stays under {@link #CAPACITY}; past that, only the addresses whose hash falls in
 * a sample (1/2, 1/4... of them) are kept and checked, and each repeat found counts for the
 * addresses it stands for. So the count is exact for dumps of up to {@link #CAPACITY} objects and
 * an estimate above (a repeated segment of thousands of objects is always seen).
 */
final class RepeatedAddresses {
    /**
     * 16,384 addresses: a table of at most 256 KiB, which stays in the core's cache while the pass
     * streams the dump past it. At 1 << 18 (4 MiB) every probe missed the cache: a quarter of the
     * CPU of {@code histogram} on the 300 MB benchmark dump (1.18 s against 0.91 s; BENCHMARKS.md).
     */
    private static final int CAPACITY = 1 << 14;

    /**
     * Addresses seen (sampled), 0 marking an empty slot (no object sits at address 0); doubled
     * while under half full, so at most 2 x {@link #CAPACITY} slots; halving the sample refills the spare table
     * instead of allocating a new one.
     */
    private long[] slots = new long[1024];
    /** The table the next halving of the sample fills, kept so that halving allocates nothing. */
    private long[] spare;
    private int size;
    /** The sample is 1 address in 2^level. */
    private int level;
    private double repeats;

    void offer(long address) {
        if (address == 0 || !sampled(address)) {
            return;
        }
        if (!insert(slots, address)) {
            repeats += 1L << level;
            return;
        }
        size++;
        if (size >= CAPACITY) {
            sampleLess();
        } else if (size * 2 > slots.length) {
            long[] bigger = new long[slots.length * 2];
            for (long a : slots) {
                if (a != 0) {
                    insert(bigger, a);
                }
            }
            slots = bigger;
        }
    }

    /** Adds another part's addresses of the same dump: those both saw are repeats. */
    void addAll(RepeatedAddresses other) {
        repeats += other.repeats;
        while (level < other.level) {
            sampleLess();
        }
        for (long a : other.slots) {
            if (a != 0) {
                offer(a);
            }
        }
    }

    /** About how many objects were met again at an address already seen (exact while nothing was sampled). */
    long repeats() {
        return Math.round(repeats);
    }

    boolean exact() {
        return level == 0;
    }

    /** The warning for {@code repeats} objects met again ({@code exact} or estimated), or null when none. */
    static String warning(long repeats, boolean exact) {
        if (repeats == 0) {
            return null;
        }
        return (exact ? "" : "about ") + repeats + " objects have the address of an object dumped before them (the dump"
                + " repeats records or heap segments): each copy is counted, so counts and sizes include the repeats"
                + (exact ? "" : " (estimated from a sample of the addresses)");
    }

    /** Halves the sample: keeps the addresses the next level still samples, in the spare table. */
    private void sampleLess() {
        level++;
        if (spare == null || spare.length != slots.length) {
            spare = new long[slots.length];
        } else {
            java.util.Arrays.fill(spare, 0);
        }
        size = 0;
        for (long a : slots) {
            if (a != 0 && sampled(a)) {
                insert(spare, a);
                size++;
            }
        }
        long[] old = slots;
        slots = spare;
        spare = old;
    }

    /** Adds {@code address} to {@code table} by linear probing; false when it was there already. */
    private static boolean insert(long[] table, long address) {
        int mask = table.length - 1;
        for (int slot = slotOf(address) & mask; ; slot = (slot + 1) & mask) {
            long a = table[slot];
            if (a == 0) {
                table[slot] = address;
                return true;
            }
            if (a == address) {
                return false;
            }
        }
    }

    /** The slot hash: the low bits of the product, independent of the top bits the sample looks at. */
    private static int slotOf(long address) {
        long h = address * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ (h >>> 29));
    }

    /** Addresses are aligned and clustered: sampled by the top bits of a multiplicative hash, which every bit feeds. */
    private boolean sampled(long address) {
        return level == 0 || (address * 0x9E3779B97F4A7C15L) >>> (64 - level) == 0;
    }
}
