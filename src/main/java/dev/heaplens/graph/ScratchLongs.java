package dev.heaplens.graph;


/** A fixed-length long array indexed by long, from a {@link Scratch}: as {@link ScratchInts} ({@link MappedLongs} when mapped). */
abstract class ScratchLongs {
    abstract long get(long i);

    abstract void set(long i, long value);

    /** In heap pages of 2^30 longs. */
    static final class InHeap extends ScratchLongs {
        private static final int SHIFT = LongPages.DEFAULT_SHIFT;
        private static final int MASK = (1 << SHIFT) - 1;
        private final long[][] pages;

        InHeap(long length) {
            int count = Pages.count(length, SHIFT);
            pages = new long[Math.max(1, count)][];
            pages[0] = new long[0];
            for (int p = 0; p < count; p++) {
                pages[p] = new long[Pages.length(length, SHIFT, p)];
            }
        }

        @Override
        long get(long i) {
            return pages[(int) (i >>> SHIFT)][(int) i & MASK];
        }

        @Override
        void set(long i, long value) {
            pages[(int) (i >>> SHIFT)][(int) i & MASK] = value;
        }
    }
}
