package dev.heaplens.graph;

import java.util.Arrays;

/**
 * Where each object's record starts in the dump, by object id, in about 4.1 bytes an object where a
 * {@code long} took 8: objects near in address order lie near in the dump (a heap page's slots, an
 * HPROF segment's records), so a block of {@link #BLOCK} objects keeps one base position and a 32-bit
 * unsigned offset from it each. A block whose positions span 4 GiB or more (a dump that big, read
 * out of order) keeps its positions whole. Unknown positions are -1.
 */
final class Positions {
    static final int SHIFT = 6;
    static final int BLOCK = 1 << SHIFT;
    /** An offset that says: no position. */
    static final int UNKNOWN = -1;

    /** Per block: its smallest position (0 when none), or {@code -(1 + w)} for the whole block {@code w}. */
    final long[] base;
    final int[] offset;
    /** The blocks that span 4 GiB or more, {@link #BLOCK} positions each, one after another. */
    final long[] wide;

    Positions(long[] base, int[] offset, long[] wide) {
        this.base = base;
        this.offset = offset;
        this.wide = wide;
    }

    static long blocks(long objects) {
        return (objects + BLOCK - 1) >>> SHIFT;
    }

    long get(long o) {
        long b = base[(int) (o >>> SHIFT)];
        if (b < 0) {
            return wide[(int) (-(b + 1) << SHIFT) + (int) (o & (BLOCK - 1))];
        }
        int d = offset[(int) o];
        return d == UNKNOWN ? -1 : b + Integer.toUnsignedLong(d);
    }

    /** Every position in a {@code long[]}, for tests and the few readers that want them all. */
    long[] toArray() {
        long[] all = new long[offset.length];
        for (int o = 0; o < all.length; o++) {
            all[o] = get(o);
        }
        return all;
    }

    /**
     * Fills positions block by block: {@link #add} each block's positions in graph order, then
     * {@link #build}. Out of core the offsets go straight to a mapped column ({@link #Builder(long, IntCells)}),
     * so that no {@code int[n]} is in the heap beside the build's other columns (4 B an object at its peak).
     */
    static final class Builder {
        private final long[] base;
        /** Null when the offsets are written to {@link #cells}. */
        private final int[] offset;
        private final IntCells cells;
        private final int[] blockOffsets = new int[BLOCK];
        private long[] wide = new long[0];
        private int wideBlocks;

        Builder(int objects) {
            base = new long[(int) blocks(objects)];
            offset = new int[objects];
            cells = null;
        }

        /** The offsets written to {@code offsets} ({@code objects} cells, all 0) instead of a heap array: out of core, past 2^31 objects too. */
        Builder(long objects, IntCells offsets) {
            base = new long[Math.toIntExact(blocks(objects))];
            offset = null;
            cells = offsets;
        }

        /** The positions of objects {@code [first, first + count)}, {@code first} a multiple of {@link #BLOCK}. */
        void add(long first, long[] positions, int count) {
            for (int at = 0; at < count; at += BLOCK) {
                block(first + at, positions, at, Math.min(BLOCK, count - at));
            }
        }

        private void block(long first, long[] p, int from, int length) {
            long min = Long.MAX_VALUE;
            long max = -1;
            for (int i = from; i < from + length; i++) {
                if (p[i] >= 0) {
                    min = Math.min(min, p[i]);
                    max = Math.max(max, p[i]);
                }
            }
            boolean narrow = max < 0 || max - min < 0xFFFF_FFFFL && allKnownOrNone(p, from, length);
            if (narrow) {
                long b = max < 0 ? 0 : min;
                base[(int) (first >>> SHIFT)] = b;
                for (int i = 0; i < length; i++) {
                    long v = p[from + i];
                    blockOffsets[i] = v < 0 ? UNKNOWN : (int) (v - b);
                }
                if (offset != null) {
                    System.arraycopy(blockOffsets, 0, offset, (int) first, length);
                } else {
                    for (int i = 0; i < length; i++) {
                        cells.set(first + i, blockOffsets[i]);
                    }
                }
                return;
            }
            if ((wideBlocks + 1) * BLOCK > wide.length) {
                wide = Arrays.copyOf(wide, Math.max(BLOCK, wide.length * 2));
            }
            System.arraycopy(p, from, wide, wideBlocks * BLOCK, length);
            Arrays.fill(wide, wideBlocks * BLOCK + length, (wideBlocks + 1) * BLOCK, -1);
            base[(int) (first >>> SHIFT)] = -(1L + wideBlocks);
            wideBlocks++;
        }

        /** Negative positions other than -1 cannot be told from {@link #UNKNOWN}: their block is kept whole. */
        private static boolean allKnownOrNone(long[] p, int from, int length) {
            for (int i = from; i < from + length; i++) {
                if (p[i] < -1) {
                    return false;
                }
            }
            return true;
        }

        /** The positions, their offsets in the heap ({@link #Builder(int)} only). */
        Positions build() {
            return new Positions(base, offset, wides());
        }

        long[] bases() {
            return base;
        }

        /** The blocks kept whole, one after another. */
        long[] wides() {
            return Arrays.copyOf(wide, wideBlocks * BLOCK);
        }
    }
}
