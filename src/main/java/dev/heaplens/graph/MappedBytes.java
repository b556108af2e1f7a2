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

    /**
     * Copies {@code count} values from {@code from} into {@code into}: a bulk copy a page at a time,
     * for loops that stream a column (a call per value costs several times the CPU).
     */
    void copy(long from, byte[] into, int count) {
        Pages.spans(from, count, shift, (page, inPage, done, n) -> pages[page].get(inPage, into, done, n));
    }

    byte get(long i) {
        return pages[(int) (i >>> shift)].get((int) i & mask);
    }

    /** {@link #copy}'s other way: {@code count} values of {@code from} written at {@code at}, a page at a time (scratch only). */
    void put(long at, byte[] from, int count) {
        Pages.spans(at, count, shift, (page, inPage, done, n) -> pages[page].put(inPage, from, done, n));
    }

    long length() {
        long n = 0;
        for (ByteBuffer page : pages) {
            n += page.capacity();
        }
        return n;
    }

    /** Only in a scratch file ({@link Scratch}): an index's columns are mapped read-only. */
    void set(long i, byte value) {
        pages[(int) (i >>> shift)].put((int) i & mask, value);
    }
}
