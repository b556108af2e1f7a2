package dev.heaplens.graph;

/**
 * A fixed-length table of longs indexed by long, in pages of {@code 2^shift} longs, each allocated
 * when first written (a page never written reads as zeros): the slots of an address table that can
 * pass Java's 2^31 array limit, and, with tiny pages, tests of indices past 2^31 and 2^32 without
 * gigabytes of heap. With the default shift every table of up to 2^30 slots is one page.
 */
final class LongPages {
    static final int DEFAULT_SHIFT = 30;

    private final int shift;
    private final int mask;
    private final long[][] pages;
    private final long length;

    LongPages(long length, int shift) {
        if (length < 0 || shift < 1 || shift > 30) {
            throw new IllegalArgumentException("length " + length + ", shift " + shift);
        }
        long pageCount = (length + (1L << shift) - 1) >>> shift;
        if (pageCount > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("length " + length + ": too many pages of 2^" + shift);
        }
        this.shift = shift;
        this.mask = (1 << shift) - 1;
        this.length = length;
        this.pages = new long[(int) pageCount][];
    }

    long get(long i) {
        long[] page = pages[(int) (i >>> shift)];
        return page == null ? 0 : page[(int) i & mask];
    }

    void set(long i, long value) {
        int p = (int) (i >>> shift);
        long[] page = pages[p];
        if (page == null) {
            page = pages[p] = new long[(int) Math.min(1L << shift, length - ((long) p << shift))];
        }
        page[(int) i & mask] = value;
    }

    long length() {
        return length;
    }

    /** Pages allocated so far. */
    int allocatedPages() {
        int count = 0;
        for (long[] page : pages) {
            count += page == null ? 0 : 1;
        }
        return count;
    }
}
