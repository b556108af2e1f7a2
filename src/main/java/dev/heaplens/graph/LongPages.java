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
        this.pages = new long[Pages.count(length, shift)][];
        this.shift = shift;
        this.mask = (1 << shift) - 1;
        this.length = length;
    }

    long get(long i) {
        long[] page = pages[(int) (i >>> shift)];
        return page == null ? 0 : page[(int) i & mask];
    }

    void set(long i, long value) {
        int p = (int) (i >>> shift);
        long[] page = pages[p];
        if (page == null) {
            page = pages[p] = new long[Pages.length(length, shift, p)];
        }
        page[(int) i & mask] = value;
    }

    long length() {
        return length;
    }

    /** Pages allocated so far. */
    int allocatedPages() {
        return Pages.allocated(pages);
    }
}
