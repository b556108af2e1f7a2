package dev.heaplens.graph;

/** Finds the object at an address: the build-time hash table, or the graph's sorted index. */
interface AddressLookup {
    /** The first object at {@code address}, or -1. */
    int find(long address);
}
