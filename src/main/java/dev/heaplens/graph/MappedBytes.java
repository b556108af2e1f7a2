package dev.heaplens.graph;

import java.nio.ByteBuffer;

/** A byte column used where it lies in a mapped file, as {@link MappedLongs} is. */
final class MappedBytes {
    private final ByteBuffer[] pages;
    private final int shift;
    private final int mask;

    /** {@code pages} of {@code 2^shift} bytes each but the last. */
    MappedBytes(ByteBuffer[] pages, int shift) {
        this.pages = pages.clone();
        this.shift = shift;
        this.mask = (1 << shift) - 1;
    }

    byte get(long i) {
        return pages[(int) (i >>> shift)].get((int) i & mask);
    }

    /** Only in a scratch file ({@link Scratch}): an index's columns are mapped read-only. */
    void set(long i, byte value) {
        pages[(int) (i >>> shift)].put((int) i & mask, value);
    }
}
