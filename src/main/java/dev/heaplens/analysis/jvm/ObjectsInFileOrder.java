package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofSource;
import dev.heaplens.graph.Scratch;

import java.util.PrimitiveIterator;

/**
 * Every object's record offset, added in id order, then sorted into the file's order: a bulk read of
 * the dump's records ({@code export}'s field names and values) visits them in one pass and knows each
 * record's object by its place, with no look-up. A {@link FileOrder}, so in one heap array where the
 * heap has room and in the scratch's cells otherwise, of any object count. An object with no record to
 * read is added as offset 0 (the file's header, never a record): sorted first, and skipped.
 */
final class ObjectsInFileOrder {
    /** Receives one object's record, in file order. */
    @FunctionalInterface
    interface RecordSink {
        void accept(long object, long offset, HprofRecords.Record record);
    }

    private final FileOrder order;
    /** Once sorted: the first with a record. */
    private long first;

    /** Room for {@code objects} offsets, in {@code scratch}. */
    ObjectsInFileOrder(Scratch scratch, long objects) {
        order = new FileOrder(scratch, objects);
    }

    /** The next object's record offset; negative: none to read. */
    void add(long offset) {
        order.add(Math.max(0, offset));
    }

    /** Sorts the offsets into the file's order: what {@link #object} and {@link #offset} then read. */
    ObjectsInFileOrder sort() {
        order.sort();
        long low = 0;
        long high = order.size();
        while (low < high) { // the first offset past 0
            long mid = (low + high) >>> 1;
            if (order.offset(mid) == 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        first = low;
        return this;
    }

    /** The objects with a record: from {@code first()} to {@code size()}. */
    long first() {
        return first;
    }

    long size() {
        return order.size();
    }

    /** The object whose record is {@code k}th in the file. */
    long object(long k) {
        return order.index(k);
    }

    /** The offset of the record {@code k}th in the file. */
    long offset(long k) {
        return order.offset(k);
    }

    /** Reads every object's record in file order, each with up to {@code valueLimit} bytes of a primitive array's contents. */
    void forEach(HprofSource source, int idSize, int valueLimit, RecordSink sink) {
        long n = order.size() - first;
        int buffer = n == 0 ? 0 : HprofRecords.bufferFor(offset(first), offset(order.size() - 1), n);
        Offsets offsets = new Offsets();
        // the record read is that of the offset handed last: the reader's int count of them would wrap past 2^31
        HprofRecords.forEach(source, idSize, offsets, buffer, valueLimit,
                (i, record) -> sink.accept(order.index(offsets.k - 1), order.offset(offsets.k - 1), record));
    }

    /** The offsets from {@link #first} on, as the reader asks for them. */
    private final class Offsets implements PrimitiveIterator.OfLong {
        long k = first;

        @Override
        public boolean hasNext() {
            return k < order.size();
        }

        @Override
        public long nextLong() {
            return order.offset(k++);
        }
    }

    /** Gives the offsets back (mapped ones: their disk). */
    void release() {
        order.release();
    }
}
