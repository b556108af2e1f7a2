package dev.heaplens.graph;

/**
 * Sorted addresses handed to the address tables' builds a chunk at a time: one heap array whole, or,
 * out of core, a mapped column {@link #CHUNK} at a time, so that building a table holds no
 * {@code long[n]} in the heap.
 */
interface AddressChunks {
    int CHUNK = 1 << 16;

    /** How many addresses. */
    int count();

    /** Each chunk in order. */
    void forEach(Visitor visitor);

    /** {@code addresses[0, count)} are objects {@code firstObject...}. */
    interface Visitor {
        void chunk(long[] addresses, int count, int firstObject);
    }

    static AddressChunks of(long[] sorted) {
        return new AddressChunks() {
            @Override
            public int count() {
                return sorted.length;
            }

            @Override
            public void forEach(Visitor visitor) {
                visitor.chunk(sorted, sorted.length, 0);
            }
        };
    }

    static AddressChunks of(MappedLongs sorted) {
        int n = Math.toIntExact(sorted.length());
        return new AddressChunks() {
            @Override
            public int count() {
                return n;
            }

            @Override
            public void forEach(Visitor visitor) {
                long[] chunk = new long[Math.min(n, CHUNK)];
                for (int from = 0; from < n; from += chunk.length) {
                    int count = Math.min(chunk.length, n - from);
                    for (int i = 0; i < count; i++) {
                        chunk[i] = sorted.get(from + i);
                    }
                    visitor.chunk(chunk, count, from);
                }
            }
        };
    }
}
