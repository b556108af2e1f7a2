package dev.heaplens.graph;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;

/** A fixed-length long array indexed by long, from a {@link Scratch}: as {@link ScratchInts}. */
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

    /** In mapped pages of 2^shift longs. */
    static final class Mapped extends ScratchLongs {
        private final LongBuffer[] pages;
        private final int shift;
        private final int mask;

        Mapped(ByteBuffer[] pages, int shift) {
            this.pages = new LongBuffer[pages.length];
            for (int p = 0; p < pages.length; p++) {
                this.pages[p] = pages[p].asLongBuffer();
            }
            this.shift = shift;
            this.mask = (1 << shift) - 1;
        }

        @Override
        long get(long i) {
            return pages[(int) (i >>> shift)].get((int) i & mask);
        }

        @Override
        void set(long i, long value) {
            pages[(int) (i >>> shift)].put((int) i & mask, value);
        }
    }
}
