package dev.heaplens.graph;

/** Finds the object at an address: the build-time hash tables, or a sorted index of the addresses. */
interface AddressLookup {
    /** The first object at {@code address}, or -1. */
    long find(long address);

    /**
     * {@link #find} of each of {@code addresses[0, count)} into {@code objects[0, count)}, which may be
     * {@code addresses} itself: each address is read before its object is written.
     */
    default void findAll(long[] addresses, int count, long[] objects) {
        for (int i = 0; i < count; i++) {
            objects[i] = find(addresses[i]);
        }
    }
}
