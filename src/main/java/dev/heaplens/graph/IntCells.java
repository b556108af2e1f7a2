package dev.heaplens.graph;

/** Ints indexed by long that the build writes: in the heap ({@link IntPages}) or mapped out of core ({@link MappedInts}). */
interface IntCells {
    int get(long i);

    void set(long i, int value);
}
