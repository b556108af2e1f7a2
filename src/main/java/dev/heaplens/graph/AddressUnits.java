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
        return of(AddressChunks.of(sortedAddresses));
    }

    /** The units of the addresses {@code sorted} hands over, or null when there are none. */
    static AddressUnits of(AddressChunks sorted) {
        if (sorted.count() == 0) {
            return null;
        }
        long[] state = new long[4]; // min, max, bits, repeats
        sorted.forEach((a, count, first) -> {
            if (first == 0) {
                state[0] = a[0];
                state[1] = a[0];
            }
            long min = state[0];
            long bits = state[2];
            boolean repeats = state[3] != 0;
            long previous = state[1];
            for (int i = first == 0 ? 1 : 0; i < count; i++) {
                long x = a[i];
                bits |= x - min;
                repeats |= x == previous;
                previous = x;
            }
            state[1] = previous;
            state[2] = bits;
            state[3] = repeats ? 1 : 0;
        });
        long bits = state[2];
        return new AddressUnits(state[0], state[1], bits == 0 ? 0 : Long.numberOfTrailingZeros(bits), state[3] != 0);
    }

    /** Units from the lowest address to the highest, both counted, as an unsigned number. */
    long span() {
        return ((max - min) >>> shift) + 1; // unsigned: sorted as signed longs
    }
}
