package dev.heaplens.graph;

/** The arithmetic shared by the paged columns ({@link IntPages}, {@link LongPages}): pages of 2^shift values. */
final class Pages {
    private Pages() {
    }

    /** How many pages of 2^{@code shift} hold {@code length} values; refuses what no column can be. */
    static int count(long length, int shift) {
        if (length < 0 || shift < 1 || shift > 30) {
            throw new IllegalArgumentException("length " + length + ", shift " + shift);
        }
        long pageCount = (length + (1L << shift) - 1) >>> shift;
        if (pageCount > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("length " + length + ": too many pages of 2^" + shift);
        }
        return (int) pageCount;
    }

    /** The length of page {@code p} of a column of {@code length} values: the last one may be short. */
    static int length(long length, int shift, int p) {
        return (int) Math.min(1L << shift, length - ((long) p << shift));
    }

    /** Pages allocated (not null) among {@code pages}. */
    static int allocated(Object[] pages) {
        int count = 0;
        for (Object page : pages) {
            count += page == null ? 0 : 1;
        }
        return count;
    }

    /** One stretch of a bulk copy that lies in one page: {@code n} values at {@code inPage} of page {@code page}, the copy's {@code done} onwards. */
    interface Span {
        void copy(int page, int inPage, int done, int n);
    }

    /**
     * Splits {@code count} values from {@code at} at the page bounds, for the mapped columns' bulk
     * copies ({@link MappedInts#copy} and kin): one call a page crossed, not one a value.
     */
    static void spans(long at, int count, int shift, Span span) {
        for (int done = 0; done < count; ) {
            long i = at + done;
            int inPage = (int) (i & ((1L << shift) - 1));
            int n = (int) Math.min(count - done, (1L << shift) - inPage);
            span.copy((int) (i >>> shift), inPage, done, n);
            done += n;
        }
    }
}
