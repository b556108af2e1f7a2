package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.AddressSort;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

/**
 * Records read again in file order: the waste checks that read many records (Strings' arrays,
 * collections and their tables) sort their offsets, so that one pass over the dump reads them all,
 * and name each record by its place in that order rather than by looking its address up. The offsets
 * are added as a walk finds them, each with its index (how many came before it), and sorted in cells
 * of a scratch: heap arrays while the heap has room, else mapped, so that no list of them is held in
 * the heap out of core. Offset and index are packed in one long where both fit (as the offsets of a
 * dump below 2^40 bytes and their indexes below 2^23 do), else kept in two.
 *
 * <p>A list in order already (the Strings, in address order) is left as it is. Else it is sorted in a
 * heap copy, by the JDK's sort (which finds the long runs a dump's address order leaves: five times a
 * radix sort's speed on 2.25M Strings' arrays) where the heap has room for the copy; else in blocks of
 * {@link #BLOCK} so sorted, then merged pass by pass. Stable: equal offsets keep the order they were
 * added in.
 */
final class FileOrder {
    /** Keys sorted at once in a heap copy out of core, where the heap has no room for all: 8 MB of them. */
    private static final int BLOCK = 1 << 20;
    /** Keys sorted at once in a heap copy at most: what one Java array holds. */
    private static final long MAX_BLOCK = Integer.MAX_VALUE - 8;
    private final Scratch scratch;
    private final int block;
    /**
     * The keys as added: {@code offset << indexBits | index} while {@link #packed} (each offset fits
     * beside an index below the capacity), else the offsets alone; sorted in place, or given back
     * once {@link #sorted} holds them.
     */
    private LongCells keys;
    private final int indexBits;
    private boolean packed = true;
    /** The packed keys in order when they were sorted in one heap copy, else null. */
    private long[] sorted;
    /** Not packed: the index of each sorted offset. */
    private LongCells indexes;
    private long size;
    private long current;

    /** Room for {@code capacity} offsets, in {@code scratch}'s cells. */
    FileOrder(Scratch scratch, long capacity) {
        this(scratch, capacity, BLOCK);
    }

    /** With blocks of {@code block} keys where the heap has no room for all (small in tests, to merge many). */
    FileOrder(Scratch scratch, long capacity, int block) {
        this.scratch = scratch;
        this.block = block;
        this.keys = scratch.longCellsWhereRoom(capacity);
        this.indexBits = 64 - Long.numberOfLeadingZeros(Math.max(1, capacity - 1));
    }

    /** The next record's offset (at least 0): its index is the count added before it. */
    void add(long offset) {
        if (packed && offset >>> (63 - indexBits) != 0) {
            for (long i = 0; i < size; i++) { // too large to pack: the offsets alone from now on
                keys.set(i, keys.get(i) >>> indexBits);
            }
            packed = false;
        }
        keys.set(size, packed ? offset << indexBits | size : offset);
        size++;
    }

    /** The offsets added, in order: the records in the file's order, once read with {@link #offsets}. */
    FileOrder sort() {
        if (!packed) {
            indexes = scratch.longCellsWhereRoom(size);
            for (long i = 0; i < size; i++) {
                indexes.set(i, i);
            }
        }
        if (ascending()) {
            return this;
        }
        if (size <= MAX_BLOCK && scratch.heapHas((packed ? 8 : 20) * size)) { // one block in the heap
            long[] block = sortedBlock(0, (int) size);
            if (packed) {
                sorted = block;
                scratch.release(keys);
                keys = null;
            } else {
                put(0, block);
            }
            return this;
        }
        for (long from = 0; from < size; from += block) {
            put(from, sortedBlock(from, (int) Math.min(block, size - from)));
        }
        if (block < size) {
            mergeRuns(block);
        }
        return this;
    }

    long size() {
        return size;
    }

    /** The offset {@code k}th in the file. */
    long offset(long k) {
        long[] s = sorted;
        return s != null ? s[(int) k] >>> indexBits : packed ? keys.get(k) >>> indexBits : keys.get(k);
    }

    /** The index the offset {@code k}th in the file was added with. */
    long index(long k) {
        long[] s = sorted;
        long mask = (1L << indexBits) - 1;
        return s != null ? s[(int) k] & mask : packed ? keys.get(k) & mask : indexes.get(k);
    }

    /** The offsets in file order, for {@link dev.heaplens.format.hprof.HprofRecords#visit}. */
    PrimitiveIterator.OfLong offsets() {
        return new PrimitiveIterator.OfLong() {
            private long k;

            @Override
            public boolean hasNext() {
                return k < size;
            }

            @Override
            public long nextLong() {
                if (k == size) {
                    throw new NoSuchElementException();
                }
                return offset(k++);
            }
        };
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
     * Two lists' offsets as one ascending list, as they are read: a merged copy held 8 bytes an offset
     * more. The lists share no offset (each is other records').
     */
    static PrimitiveIterator.OfLong merge(FileOrder a, FileOrder b) {
        return new PrimitiveIterator.OfLong() {
            private long i;
            private long j;

            @Override
            public boolean hasNext() {
                return i < a.size || j < b.size;
            }

            @Override
            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return j == b.size || i < a.size && a.offset(i) < b.offset(j) ? a.offset(i++) : b.offset(j++);
            }
        };
    }

    /** Gives the cells' disk back (mapped ones): the order is not used again. */
    void release() {
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
     * Keys {@code [from, from + length)} sorted in a heap copy: packed ones as longs (the JDK's sort finds
     * the runs a dump's order leaves), else by {@link AddressSort}, their indexes put in the same order.
     */
    private long[] sortedBlock(long from, int length) {
        long[] block = new long[length];
        for (int i = 0; i < length; i++) {
            block[i] = keys.get(from + i);
        }
        if (packed) {
            Arrays.sort(block);
            return block;
        }
        long[] blockIndexes = new long[length];
        for (int i = 0; i < length; i++) {
            blockIndexes[i] = indexes.get(from + i);
        }
        int[] order = AddressSort.sort(block);
        for (int i = 0; i < length; i++) {
            indexes.set(from + i, blockIndexes[order[i]]);
        }
        return block;
    }

    private void put(long from, long[] block) {
        for (int i = 0; i < block.length; i++) {
            keys.set(from + i, block[i]);
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
