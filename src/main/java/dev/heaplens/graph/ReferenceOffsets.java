package dev.heaplens.graph;

import java.util.Arrays;

/**
 * An ascending column of reference indices (a CSR's offsets: where each object's references start,
 * and one past the last), in about 4 bytes a value where a {@code long} took 8. A block of
 * {@link #BLOCK} values keeps one {@code long} base and a 32-bit unsigned offset from it each, as
 * {@link Positions} does; a block spanning 2^32 references or more (a few arrays of a billion
 * elements side by side) keeps its values whole.
 *
 * <p>Blocks are 4,096 values, not {@link Positions}' 64: every walk over the references reads a
 * base beside each offset, and 2^12 keeps the bases of 500 million objects within 1 MB (of 7.4
 * million, 14 KB: in the first-level cache), where the offsets themselves are random reads.
 */
final class ReferenceOffsets {
    static final int SHIFT = 12;
    static final int BLOCK = 1 << SHIFT;

    /** Per block: its first value, or {@code -(1 + w)} for the whole block {@code w} in {@link #wide}. */
    final long[] base;
    final int[] offset;
    /** The blocks that span 2^32 or more, {@link #BLOCK} values each, one after another. */
    final long[] wide;

    ReferenceOffsets(long[] base, int[] offset, long[] wide) {
        this.base = base;
        this.offset = offset;
        this.wide = wide;
    }

    /** {@code values}, ascending. */
    static ReferenceOffsets of(long[] values) {
        return of(values.length, i -> values[(int) i]);
    }

    /** An index's stored column, read where it lies: no {@code long[]} copy, 8 bytes a value, beside the result. */
    static ReferenceOffsets of(MappedLongs stored) {
        return of(Math.toIntExact(stored.length()), stored::get);
    }

    /** The {@code count} values {@code values} gives in order, ascending (each asked for once, in order). */
    static ReferenceOffsets of(int count, Values values) {
        int block = BLOCK;
        int blocks = (int) (((long) count + block - 1) >>> SHIFT);
        long[] base = new long[blocks];
        int[] offset = new int[count];
        long[] wide = new long[0];
        int wideBlocks = 0;
        long[] held = new long[Math.min(block, count)];
        for (int b = 0; b < blocks; b++) {
            int first = b << SHIFT;
            int length = Math.min(block, count - first);
            for (int i = 0; i < length; i++) {
                held[i] = values.get(first + i);
            }
            long min = held[0];
            if (held[length - 1] - min <= 0xFFFF_FFFFL) {
                base[b] = min;
                for (int i = 0; i < length; i++) {
                    offset[first + i] = (int) (held[i] - min);
                }
            } else {
                if ((wideBlocks + 1L) * block > wide.length) {
                    wide = Arrays.copyOf(wide, Math.max(block, wide.length * 2));
                }
                System.arraycopy(held, 0, wide, wideBlocks * block, length);
                base[b] = -(1L + wideBlocks);
                wideBlocks++;
            }
        }
        return new ReferenceOffsets(base, offset, Arrays.copyOf(wide, wideBlocks * block));
    }

    /** A value by its position, read once. */
    interface Values {
        long get(long i);
    }

    /** Small enough for C1 to inline into the graph's walks (35 bytes of bytecode at most). */
    long get(int i) {
        long b = base[i >>> SHIFT];
        if (b < 0) {
            return wideAt(i);
        }
        return b + Integer.toUnsignedLong(offset[i]);
    }

    private long wideAt(int i) {
        return wide[(int) (-(base[i >>> SHIFT] + 1) << SHIFT) + (i & (BLOCK - 1))];
    }

    int length() {
        return offset.length;
    }

    /** Every value in a {@code long[]}, for tests. */
    long[] toArray() {
        long[] all = new long[offset.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = get(i);
        }
        return all;
    }
}
