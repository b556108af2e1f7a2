package dev.heaplens.graph;

/** A fixed-length long array indexed by long, from a {@link Scratch}: in a mapped file ({@link MappedLongs}). */
abstract class ScratchLongs {
    abstract long get(long i);

    abstract void set(long i, long value);
}
