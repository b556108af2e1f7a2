package dev.heaplens.graph;

import java.util.Arrays;

/**
 * A long an object, indexed by long (a value's file offset, a size): in one heap array while the heap
 * has room, else in a mapped scratch file ({@link Scratch#longCellsWhereRoom}). As {@link IdCells}, one
 * final class holding either form, so that C1 inlines its calls.
 */
public final class LongCells {
    /** The heap form; null when mapped. */
    private final long[] inHeap;
    /** The mapped form; null in the heap. */
    private final MappedLongs mapped;

    private LongCells(long[] inHeap, MappedLongs mapped) {
        this.inHeap = inHeap;
        this.mapped = mapped;
    }

    /** {@code length} zeros in the heap. */
    static LongCells inHeap(long length) {
        return new LongCells(new long[Math.toIntExact(length)], null);
    }

    /** Over {@code longs}, a scratch column. */
    static LongCells mapped(MappedLongs longs) {
        return new LongCells(null, longs);
    }

    public long get(long i) {
        long[] a = inHeap;
        return a != null ? a[(int) i] : mapped.get(i);
    }

    public void set(long i, long value) {
        long[] a = inHeap;
        if (a != null) {
            a[(int) i] = value;
        } else {
            mapped.set(i, value);
        }
    }

    /** Every cell set to {@code value}. */
    public void fill(long value) {
        if (inHeap != null) {
            Arrays.fill(inHeap, value);
        } else {
            for (long i = 0, n = mapped.length(); i < n; i++) {
                mapped.set(i, value);
            }
        }
    }

    public long length() {
        return inHeap != null ? inHeap.length : mapped.length();
    }
}
