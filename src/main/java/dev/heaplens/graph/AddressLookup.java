package dev.heaplens.graph;

/** Finds the object at an address: the build-time hash table, or the graph's sorted index. */
interface AddressLookup {
    /** The first object at {@code address}, or -1. */
    int find(long address);

    /** {@link #find} of each of {@code addresses[0, count)} into {@code objects}. */
    default void findAll(long[] addresses, int count, int[] objects) {
        for (int i = 0; i < count; i++) {
            objects[i] = find(addresses[i]);
        }
    }
}
