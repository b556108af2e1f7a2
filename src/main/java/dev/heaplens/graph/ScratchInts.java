package dev.heaplens.graph;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * A fixed-length int array indexed by long, from a {@link Scratch}: in the heap, or in a mapped
 * file. A command uses one kind or the other, so the JIT sees one implementation and inlines it.
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

    /** In mapped pages of 2^shift ints. */
    static final class Mapped extends ScratchInts {
        private final IntBuffer[] pages;
        private final int shift;
        private final int mask;

        Mapped(ByteBuffer[] pages, int shift) {
            this.pages = new IntBuffer[pages.length];
            for (int p = 0; p < pages.length; p++) {
                this.pages[p] = pages[p].asIntBuffer();
            }
            this.shift = shift;
            this.mask = (1 << shift) - 1;
        }

        @Override
        int get(long i) {
            return pages[(int) (i >>> shift)].get((int) i & mask);
        }

        @Override
        void set(long i, int value) {
            pages[(int) (i >>> shift)].put((int) i & mask, value);
        }

        @Override
        void fill(int value) {
            for (IntBuffer page : pages) {
                for (int i = 0, n = page.capacity(); i < n; i++) {
                    page.put(i, value);
                }
            }
        }
    }
}
