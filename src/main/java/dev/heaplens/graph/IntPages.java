package dev.heaplens.graph;

import java.util.Arrays;

/**
 * A fixed-length int array indexed by long, in pages of {@code 2^shift} ints, so a column can hold
 * more than 2^31 elements (Java's array limit). With the default shift (2^30 ints per page) every
 * graph below a billion references is one page.
 *
 * <p>A {@link #sparse} one allocates a page when it is first written, and a page never written
 * reads as zeros: memory only for what is touched.
 */
final class IntPages implements IntCells {
    static final int DEFAULT_SHIFT = 30;

    final int shift;
    final int mask;
    /** Null entries only in a sparse one, for pages never written. */
    final int[][] pages;
    final long length;

    IntPages(long length, int shift) {
        this(length, shift, false);
    }

    /** {@code length} ints, each page allocated when first written. */
    static IntPages sparse(long length, int shift) {
        return new IntPages(length, shift, true);
    }

    private IntPages(long length, int shift, boolean sparse) {
        int pageCount = Pages.count(length, shift);
        this.shift = shift;
        this.mask = (1 << shift) - 1;
        this.length = length;
        pages = new int[Math.max(1, pageCount)][];
        if (pageCount == 0) {
            pages[0] = new int[0];
        }
        for (int p = 0; p < pageCount && !sparse; p++) {
            pages[p] = new int[pageLength(p)];
        }
    }

    private IntPages(int shift, int[][] pages, long length) {
        this.shift = shift;
        this.mask = (1 << shift) - 1;
        this.pages = pages;
        this.length = length;
    }

    private int pageLength(int p) {
        return Pages.length(length, shift, p);
    }

    /** The first {@code length} values, sharing every whole page; the last page is copied when cut. */
    IntPages truncated(long length) {
        if (length < 0 || length > this.length) {
            throw new IllegalArgumentException(length + " > " + this.length);
        }
        int pageCount = (int) ((length + mask) >>> shift);
        int[][] kept = new int[Math.max(1, pageCount)][];
        kept[0] = new int[0];
        for (int p = 0; p < pageCount; p++) {
            int size = Pages.length(length, shift, p);
            int[] page = pages[p];
            kept[p] = page == null || size == page.length ? page : Arrays.copyOf(page, size);
        }
        return new IntPages(shift, kept, length);
    }

    @Override
    public int get(long i) {
        int[] page = pages[(int) (i >>> shift)];
        return page == null ? 0 : page[(int) i & mask];
    }

    @Override
    public void set(long i, int value) {
        int p = (int) (i >>> shift);
        int[] page = pages[p];
        if (page == null) {
            page = pages[p] = new int[pageLength(p)];
        }
        page[(int) i & mask] = value;
    }

    @Override
    public void fill(int value) {
        for (long i = 0; i < length; i++) {
            set(i, value);
        }
    }

    long length() {
        return length;
    }

    /** Pages allocated so far (all of them unless sparse). */
    int allocatedPages() {
        return Pages.allocated(pages);
    }
}
