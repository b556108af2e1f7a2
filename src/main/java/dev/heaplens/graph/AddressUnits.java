package dev.heaplens.graph;

/**
 * Sorted addresses measured in units of their common alignment: the lowest and highest address,
 * the alignment as a power of two, and how many units the span holds; and whether an address
 * repeats. The address tables count in these units, so an address maps to a small offset; found
 * once, in one pass, for both tables a build may try.
 */
record AddressUnits(long min, long max, int shift, boolean repeats) {
    /** The units of {@code sortedAddresses} (ascending as signed longs), or null when there are none. */
    static AddressUnits of(long[] sortedAddresses) {
        int n = sortedAddresses.length;
        if (n == 0) {
            return null;
        }
        long min = sortedAddresses[0];
        long bits = 0;
        boolean repeats = false;
        long previous = min;
        for (int i = 1; i < n; i++) {
            long a = sortedAddresses[i];
            bits |= a - min;
            repeats |= a == previous;
            previous = a;
        }
        return new AddressUnits(min, sortedAddresses[n - 1], bits == 0 ? 0 : Long.numberOfTrailingZeros(bits), repeats);
    }

    /** Units from the lowest address to the highest, both counted, as an unsigned number. */
    long span() {
        return ((max - min) >>> shift) + 1; // unsigned: sorted as signed longs
    }
}
