package dev.heaplens.graph;

import java.util.Arrays;

/**
 * A fixed-length int array indexed by long, from a {@link Scratch}: in the heap, or in a mapped
 * file ({@link MappedInts}). Two implementations at most, so the JIT inlines the calls.
 */
abstract class ScratchInts {
    abstract int get(long i);

    abstract void set(long i, int value);

    abstract void fill(int value);

    /** In heap pages of 2^30 ints (one page below a billion). */
    static final class InHeap extends ScratchInts {
        private static final int SHIFT = IntPages.DEFAULT_SHIFT;
        private static final int MASK = (1 << SHIFT) - 1;
        private final int[][] pages;

        InHeap(long length) {
            pages = new IntPages(length, SHIFT).pages;
        }

        @Override
        int get(long i) {
            return pages[(int) (i >>> SHIFT)][(int) i & MASK];
        }

        @Override
        void set(long i, int value) {
            pages[(int) (i >>> SHIFT)][(int) i & MASK] = value;
        }

        @Override
        void fill(int value) {
            for (int[] page : pages) {
                Arrays.fill(page, value);
            }
        }
    }
}
