package dev.heaplens.graph;

/**
 * A fixed-length int array indexed by long, from a {@link Scratch}: in a mapped file
 * ({@link MappedInts}); the out-of-core dominators' view of their arrays.
 */
abstract class ScratchInts {
    abstract int get(long i);

    abstract void set(long i, int value);

    abstract void fill(int value);
}
