package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;

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
 * <p>The sort merges the ascending runs it finds (a dump's address order leaves long ones: the
 * Strings' arrays of the 7.4M-object dump are 7,537 runs of 2.25M offsets, its Strings one), after
 * putting blocks of {@link #BLOCK} in order, so that a shuffled list takes no more passes than a
 * sorted block count needs; a list in order already takes none and no second column. Stable: equal
 * offsets keep the order they were added in.
 */
final class FileOrder {
    private static final int BLOCK = 32;
    private final Scratch scratch;
    /** The offsets as added; once sorted, the keys: {@code offset << indexBits | index} when packed, else offsets. */
    private LongCells keys;
    /** The indexes of the sorted offsets when not packed, else null. */
    private LongCells indexes;
    private int indexBits;
    private long size;
    private long last;
    private long current;

    /** Room for {@code capacity} offsets, in {@code scratch}'s cells. */
    FileOrder(Scratch scratch, long capacity) {
        this.scratch = scratch;
        this.keys = scratch.longCellsWhereRoom(capacity);
    }

    /** The next record's offset (at least 0): its index is the count added before it. */
    void add(long offset) {
        keys.set(size++, offset);
        last = Math.max(last, offset);
    }

    /** The offsets added, in order: the records in the file's order, once read with {@link #offsets}. */
    FileOrder sort() {
        int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, size - 1));
        if (64 - Long.numberOfLeadingZeros(last) + bits <= 63) {
            indexBits = bits;
            for (long i = 0; i < size; i++) {
                keys.set(i, keys.get(i) << bits | i);
            }
        } else {
            indexes = scratch.longCellsWhereRoom(size);
            for (long i = 0; i < size; i++) {
                indexes.set(i, i);
            }
        }
        if (!ascending()) {
            sortBlocks();
            mergeRuns();
        }
        return this;
    }

    long size() {
        return size;
    }

    /** The offset {@code k}th in the file. */
    long offset(long k) {
        return indexes == null ? keys.get(k) >>> indexBits : keys.get(k);
    }

    /** The index the offset {@code k}th in the file was added with. */
    long index(long k) {
        return indexes == null ? keys.get(k) & ((1L << indexBits) - 1) : indexes.get(k);
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
        scratch.release(keys);
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

    /** Each block of {@link #BLOCK} put in order in place, by insertion (linear on a block in order). */
    private void sortBlocks() {
        LongCells k = keys;
        LongCells x = indexes;
        for (long from = 0; from < size; from += BLOCK) {
            long to = Math.min(size, from + BLOCK);
            for (long i = from + 1; i < to; i++) {
                long key = k.get(i);
                long index = x == null ? 0 : x.get(i);
                long j = i - 1;
                for (; j >= from && k.get(j) > key; j--) {
                    k.set(j + 1, k.get(j));
                    if (x != null) {
                        x.set(j + 1, x.get(j));
                    }
                }
                k.set(j + 1, key);
                if (x != null) {
                    x.set(j + 1, index);
                }
            }
        }
    }

    /** Merges pairs of ascending runs into a second column, and back, until one run is left. */
    private void mergeRuns() {
        LongCells keysTo = scratch.longCellsWhereRoom(size);
        LongCells indexesTo = indexes == null ? null : scratch.longCellsWhereRoom(size);
        long runs;
        do {
            runs = 0;
            for (long start = 0; start < size; runs++) {
                long middle = runEnd(start);
                long end = middle < size ? runEnd(middle) : size;
                merge(start, middle, end, keysTo, indexesTo);
                start = end;
            }
            LongCells k = keys;
            keys = keysTo;
            keysTo = k;
            LongCells x = indexes;
            indexes = indexesTo;
            indexesTo = x;
        } while (runs > 1);
        scratch.release(keysTo);
        if (indexesTo != null) {
            scratch.release(indexesTo);
        }
    }

    /** Where the ascending run of keys that starts at {@code start} ends. */
    private long runEnd(long start) {
        LongCells k = keys;
        long end = start + 1;
        for (long previous = k.get(start); end < size; end++) {
            long key = k.get(end);
            if (key < previous) {
                break;
            }
            previous = key;
        }
        return end;
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
