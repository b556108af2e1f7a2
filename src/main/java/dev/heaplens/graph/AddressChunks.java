package dev.heaplens.graph;

/**
 * Sorted addresses handed to the address tables' builds a chunk at a time: one heap array whole, or,
 * out of core, a mapped column {@link #CHUNK} at a time, so that building a table holds no
 * {@code long[n]} in the heap.
 */
interface AddressChunks {
    int CHUNK = 1 << 16;

    /** How many addresses. */
    long count();

    /** Each chunk in order. */
    void forEach(Visitor visitor);

    /** {@code addresses[0, count)} are objects {@code firstObject...}. */
    interface Visitor {
        void chunk(long[] addresses, int count, long firstObject);
    }

    static AddressChunks of(long[] sorted) {
        return new AddressChunks() {
            @Override
            public long count() {
                return sorted.length;
            }

            @Override
            public void forEach(Visitor visitor) {
                visitor.chunk(sorted, sorted.length, 0);
            }
        };
    }

    static AddressChunks of(MappedLongs sorted) {
        long n = sorted.length();
        return new AddressChunks() {
            @Override
            public long count() {
                return n;
            }

            @Override
            public void forEach(Visitor visitor) {
                long[] chunk = new long[(int) Math.min(n, CHUNK)];
                for (long from = 0; from < n; from += chunk.length) {
                    int count = (int) Math.min(chunk.length, n - from);
                    sorted.copy(from, chunk, count);
                    visitor.chunk(chunk, count, from);
                }
            }
        };
    }
}
