package dev.heaplens.graph;

/**
 * A fixed-length int array indexed by long, in pages of {@code 2^shift} ints, so a column can hold
 * more than 2^31 elements. With the default shift (2^30 ints per page) every graph below a billion
 * references is one page.
 */
final class IntPages {
    static final int DEFAULT_SHIFT = 30;

    final int shift;
    final int mask;
    final int[][] pages;
    final long length;

    IntPages(long length, int shift) {
        if (length < 0 || shift < 1 || shift > 30) {
            throw new IllegalArgumentException("length " + length + ", shift " + shift);
        }
        this.shift = shift;
        this.mask = (1 << shift) - 1;
        this.length = length;
        int pageCount = (int) ((length + mask) >>> shift);
        pages = new int[Math.max(1, pageCount)][];
        if (pageCount == 0) {
            pages[0] = new int[0];
        }
        for (int p = 0; p < pageCount; p++) {
            long start = (long) p << shift;
            pages[p] = new int[(int) Math.min(1L << shift, length - start)];
        }
    }

    /** The first {@code length} values, sharing every whole page; the last page is copied when cut. */
    IntPages truncated(long length) {
        if (length > this.length) {
            throw new IllegalArgumentException(length + " > " + this.length);
        }
        int pageCount = (int) ((length + mask) >>> shift);
        int[][] kept = new int[Math.max(1, pageCount)][];
        kept[0] = new int[0];
        for (int p = 0; p < pageCount; p++) {
            long start = (long) p << shift;
            int size = (int) Math.min(1L << shift, length - start);
            kept[p] = size == pages[p].length ? pages[p] : java.util.Arrays.copyOf(pages[p], size);
        }
        return new IntPages(shift, kept, length);
    }

    private IntPages(int shift, int[][] pages, long length) {
        this.shift = shift;
        this.mask = (1 << shift) - 1;
        this.pages = pages;
        this.length = length;
    }

    int get(long i) {
        return pages[(int) (i >>> shift)][(int) i & mask];
    }

    void set(long i, int value) {
        pages[(int) (i >>> shift)][(int) i & mask] = value;
    }

    long length() {
        return length;
    }
}
