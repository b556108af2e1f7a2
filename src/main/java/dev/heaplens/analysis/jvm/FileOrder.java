package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.AddressSort;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import java.util.function.LongUnaryOperator;

/**
 * Records read again in file order: the waste checks that read many records (Strings' arrays,
 * collections and their tables) sort their offsets, so that one pass over the dump reads them all,
 * and name each record by its place in that order rather than by looking its address up. The offsets
 * are added as a walk finds them, each with its index (how many came before it), packed in one long
 * where both fit (as the offsets of a dump below 2^40 bytes and their indexes below 2^23 do), else
 * kept in two.
 *
 * <p>Where the heap has room for them the keys are one heap array, sorted in place by the JDK's sort
 * (which finds the long runs a dump's address order leaves: five times a radix sort's speed on 2.25M
 * Strings' arrays); else they are cells of the scratch (mapped), sorted in blocks of {@link #BLOCK}
 * in a heap copy, then merged pass by pass, so that no list of them is held in the heap out of core.
 * A list in order already (the Strings, in address order) is left as it is. Stable: equal offsets
 * keep the order they were added in.
 */
final class FileOrder {
    /** Keys sorted at once in a heap copy out of core, where the heap has no room for all: 8 MB of them. */
    private static final int BLOCK = 1 << 20;
    /** The most keys held in one heap array: what one Java array holds. */
    private static final long MAX_IN_HEAP = Integer.MAX_VALUE - 8;
    private final Scratch scratch;
    private final int block;
    private final int indexBits;
    /** Whether the keys are {@code offset << indexBits | index} (each offset fits beside an index below the capacity), else offsets. */
    private boolean packed = true;
    /** The keys in the heap, packed; null when they are in {@link #keys}. */
    private long[] inHeap;
    /** The keys in the scratch's cells, packed or not; null when they are in {@link #inHeap}. */
    private LongCells keys;
    /** Not packed: the index of each sorted offset. */
    private LongCells indexes;
    private long size;
    private long current;

    /** Room for {@code capacity} offsets, in the heap where it has room for them, else in {@code scratch}'s cells. */
    FileOrder(Scratch scratch, long capacity) {
        this(scratch, capacity, BLOCK);
    }

    /** With blocks of {@code block} keys where the heap has no room for all (small in tests, to merge many). */
    FileOrder(Scratch scratch, long capacity, int block) {
        this.scratch = scratch;
        this.block = block;
        this.indexBits = 64 - Long.numberOfLeadingZeros(Math.max(1, capacity - 1));
        if (capacity <= MAX_IN_HEAP && scratch.heapHas(8 * capacity)) {
            inHeap = new long[(int) capacity];
        } else {
            keys = scratch.longCellsWhereRoom(capacity);
        }
    }

    /** The next record's offset (at least 0): its index is the count added before it. */
    void add(long offset) {
        if (packed && offset >>> (63 - indexBits) != 0) {
            unpack();
        }
        long key = packed ? offset << indexBits | size : offset;
        long[] h = inHeap;
        if (h != null) {
            h[(int) size] = key;
        } else {
            keys.set(size, key);
        }
        size++;
    }

    /** An offset too large to pack: the offsets alone from now on, in cells, their indexes in a second column once sorted. */
    private void unpack() {
        if (inHeap != null) {
            keys = scratch.longCellsWhereRoom(inHeap.length);
            for (int i = 0; i < size; i++) {
                keys.set(i, inHeap[i]);
            }
            inHeap = null;
        }
        for (long i = 0; i < size; i++) {
            keys.set(i, keys.get(i) >>> indexBits);
        }
        packed = false;
    }

    /** The offsets added, in order: the records in the file's order, once read with {@link #visit} or {@link #offset}. */
    FileOrder sort() {
        if (inHeap != null) {
            Arrays.sort(inHeap, 0, (int) size);
            return this;
        }
        if (!packed) {
            indexes = scratch.longCellsWhereRoom(size);
            for (long i = 0; i < size; i++) {
                indexes.set(i, i);
            }
        }
        if (!ascending()) {
            for (long from = 0; from < size; from += block) {
                sortBlock(from, (int) Math.min(block, size - from));
            }
            if (block < size) {
                mergeRuns(block);
            }
        }
        return this;
    }

    long size() {
        return size;
    }

    /** The offset {@code k}th in the file. */
    long offset(long k) {
        long[] h = inHeap;
        return h != null ? h[(int) k] >>> indexBits : packed ? keys.get(k) >>> indexBits : keys.get(k);
    }

    /** The index the offset {@code k}th in the file was added with. */
    long index(long k) {
        long[] h = inHeap;
        long mask = (1L << indexBits) - 1;
        return h != null ? h[(int) k] & mask : packed ? keys.get(k) & mask : indexes.get(k);
    }

    /**
     * {@code values}' ids in file order (the {@code k}th: that of the index {@code k}th in the file), in
     * the scratch's id cells: what a read in file order keeps of its list once the offsets are let go.
     */
    IdCells permuted(IdList values, long objects) {
        IdCells out = scratch.idCellsWhereRoom(size, objects);
        for (long k = 0; k < size; k++) {
            out.set(k, values.get(index(k)));
        }
        return out;
    }

    /**
     * Reads the records in file order, in one pass over {@code heap}'s dump, each handed to {@code visitor}
     * as the reader does; while it is, {@link #current} is the index it was added with.
     */
    void visit(JvmHeap heap, HprofVisitor visitor) {
        int buffer = size == 0 ? 0 : HprofRecords.bufferFor(offset(0), offset(size - 1), size); // the reader's, for their spread
        HprofRecords.visit(heap.read().source(), heap.read().classes().idSize(), new PrimitiveIterator.OfLong() {
            private long k;

            @Override
            public boolean hasNext() {
                return k < size;
            }

            @Override
            public long nextLong() {
                current = index(k);
                return offset(k++);
            }
        }, buffer, visitor, i -> { });
    }

    /** The index of the record {@link #visit} is reading. */
    long current() {
        return current;
    }

    /**
     * Two ascending lists of offsets ({@code a(i)} for {@code i < aLength}, {@code b(j)} for
     * {@code j < bLength}) as one, as they are read: a merged copy held 8 bytes an offset more at
     * the peak of suspects out of core. The lists share no offset (each is other records').
     */
    static PrimitiveIterator.OfLong merge(LongUnaryOperator a, long aLength, LongUnaryOperator b, long bLength) {
        return new PrimitiveIterator.OfLong() {
            private long i;
            private long j;
            private long nextA = aLength > 0 ? a.applyAsLong(0) : 0;
            private long nextB = bLength > 0 ? b.applyAsLong(0) : 0;

            @Override
            public boolean hasNext() {
                return i < aLength || j < bLength;
            }

            @Override
            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (j == bLength || i < aLength && nextA < nextB) {
                    long at = nextA;
                    nextA = ++i < aLength ? a.applyAsLong(i) : 0;
                    return at;
                }
                long at = nextB;
                nextB = ++j < bLength ? b.applyAsLong(j) : 0;
                return at;
            }
        };
    }

    /** Gives the keys back (mapped ones: their disk): the order is not used again. */
    void release() {
        inHeap = null;
        if (keys != null) {
            scratch.release(keys);
        }
        if (indexes != null) {
            scratch.release(indexes);
        }
    }

    private boolean ascending() {
        for (long i = 1; i < size; i++) {
            if (keys.get(i - 1) > keys.get(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Sorts keys {@code [from, from + length)} in a heap copy: packed ones as longs, else by
     * {@link AddressSort}, their indexes put in the same order.
     */
    private void sortBlock(long from, int length) {
        long[] copy = new long[length];
        for (int i = 0; i < length; i++) {
            copy[i] = keys.get(from + i);
        }
        if (packed) {
            Arrays.sort(copy);
        } else {
            long[] copyIndexes = new long[length];
            for (int i = 0; i < length; i++) {
                copyIndexes[i] = indexes.get(from + i);
            }
            int[] order = AddressSort.sort(copy);
            for (int i = 0; i < length; i++) {
                indexes.set(from + i, copyIndexes[order[i]]);
            }
        }
        for (int i = 0; i < length; i++) {
            keys.set(from + i, copy[i]);
        }
    }

    /** Merges pairs of sorted runs of {@code run} keys, then of twice as many, into a second column and back, until one is left. */
    private void mergeRuns(long run) {
        LongCells keysTo = scratch.longCellsWhereRoom(size);
        LongCells indexesTo = indexes == null ? null : scratch.longCellsWhereRoom(size);
        for (long width = run; width < size; width *= 2) {
            for (long start = 0; start < size; start += 2 * width) {
                merge(start, Math.min(size, start + width), Math.min(size, start + 2 * width), keysTo, indexesTo);
            }
            LongCells k = keys;
            keys = keysTo;
            keysTo = k;
            LongCells x = indexes;
            indexes = indexesTo;
            indexesTo = x;
        }
        scratch.release(keysTo);
        if (indexesTo != null) {
            scratch.release(indexesTo);
        }
    }

    /** Merges the runs {@code [start, middle)} and {@code [middle, end)} into {@code [start, end)} of {@code keysTo}. */
    private void merge(long start, long middle, long end, LongCells keysTo, LongCells indexesTo) {
        LongCells k = keys;
        LongCells x = indexes;
        long a = start;
        long b = middle;
        for (long out = start; out < end; out++) {
            boolean left = b == end || a < middle && k.get(a) <= k.get(b);
            long from = left ? a++ : b++;
            keysTo.set(out, k.get(from));
            if (x != null) {
                indexesTo.set(out, x.get(from));
            }
        }
    }
}
