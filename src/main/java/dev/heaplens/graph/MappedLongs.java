package dev.heaplens.graph;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;

/**
 * A long column used where it lies in a mapped file (out of core), not copied into the heap: pages
 * of {@code 2^shift} longs (a mapping is at most 2 GB, so a column over that is several), indexed
 * by long. The OS pages the file in as it is read and out when memory is short.
 */
final class MappedLongs {
    private final LongBuffer[] pages;
    private final int shift;
    private final int mask;
    private final long length;

    /** {@code pages} of {@code 2^shift} longs each but the last, little-endian as the index writes them. */
    MappedLongs(ByteBuffer[] pages, int shift) {
        this.pages = new LongBuffer[pages.length];
        long total = 0;
        for (int p = 0; p < pages.length; p++) {
            this.pages[p] = pages[p].asLongBuffer();
            total += this.pages[p].capacity();
        }
        this.shift = shift;
        this.mask = (1 << shift) - 1;
        this.length = total;
    }

    /**
     * Copies {@code count} values from {@code from} into {@code into}: a bulk copy a page at a time,
     * for loops that stream a column (a call per value costs several times the CPU).
     */
    void copy(long from, long[] into, int count) {
        Pages.spans(from, count, shift, (page, inPage, done, n) -> pages[page].get(inPage, into, done, n));
    }

    long get(long i) {
        return pages[(int) (i >>> shift)].get((int) i & mask);
    }

    /** {@link #copy}'s other way: {@code count} values of {@code from} written at {@code at}, a page at a time (scratch only). */
    void put(long at, long[] from, int count) {
        Pages.spans(at, count, shift, (page, inPage, done, n) -> pages[page].put(inPage, from, done, n));
    }

    /** Only in a scratch file ({@link Scratch}): an index's columns are mapped read-only. */
    void set(long i, long value) {
        pages[(int) (i >>> shift)].put((int) i & mask, value);
    }

    long length() {
        return length;
    }

    /** The whole column copied into the heap, for a caller that asks for an array. */
    long[] toArray() {
        long[] out = new long[Math.toIntExact(length)];
        for (int i = 0; i < out.length; i++) {
            out[i] = get(i);
        }
        return out;
    }

    /** The first position holding {@code value} in this ascending column, or -1 (a binary search). */
    long firstIndexOf(long value) {
        long lo = 0;
        long hi = length;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (get(mid) < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < length && get(lo) == value ? lo : -1;
    }
}
