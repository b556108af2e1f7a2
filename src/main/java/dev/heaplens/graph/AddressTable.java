package dev.heaplens.graph;

/**
 * Address to object, open addressing with linear probing over an int table of object ids (the
 * addresses themselves stay in the sorted column), load at most 0.3 so a lookup costs about two cache
 * misses. Used while building: for 12M lookups among 5M objects it measured 3-4x faster than
 * {@link AddressIndex} and 7x faster than a plain binary search, at 8-16 bytes per object, freed once
 * the references are resolved.
 */
final class AddressTable implements AddressLookup {
    /** Beyond this the table would pass its load limit at its largest size: use AddressIndex. */
    static final int MAX_OBJECTS = (int) ((1 << 30) * 0.3);

    private final long[] addresses;
    private final int[] slots; // object + 1; 0 = empty
    private final int mask;

    AddressTable(long[] sortedAddresses) {
        this.addresses = sortedAddresses;
        int n = sortedAddresses.length;
        if (n > MAX_OBJECTS) {
            throw new IllegalArgumentException(n + " objects");
        }
        long capacity = Math.min(1 << 30, Long.highestOneBit(Math.max(4, (long) (n / 0.3))) * 2); // load <= 0.3
        slots = new int[(int) capacity];
        mask = slots.length - 1;
        for (int o = 0; o < n; o++) {
            long address = sortedAddresses[o];
            int s = hash(address) & mask;
            int at;
            while ((at = slots[s]) != 0 && sortedAddresses[at - 1] != address) {
                s = (s + 1) & mask;
            }
            if (at == 0) {
                slots[s] = o + 1; // the first of equal addresses wins
            }
        }
    }

    private static int hash(long address) {
        return (int) ((address * 0x9E3779B97F4A7C15L) >>> 32);
    }

    /** The first object at {@code address}, or -1. */
    @Override
    public int find(long address) {
        int s = hash(address) & mask;
        int at;
        while ((at = slots[s]) != 0) {
            if (addresses[at - 1] == address) {
                return at - 1;
            }
            s = (s + 1) & mask;
        }
        return -1;
    }
}
