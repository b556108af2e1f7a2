package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.PrimitiveIterator;

/**
 * Reads single object records of a dump again by their offsets: the heap graph keeps no field
 * values, and showing a few objects (field names on paths, String values) needs them. Offsets
 * are visited in file order over one stream, so a gzip dump is inflated once per batch.
 */
public final class HprofRecords {
    /** An object's record as in the file. */
    public sealed interface Record permits Instance, ObjectArray, PrimitiveArray, ClassObject {
    }

    /** Field values of the whole hierarchy, the class's own first, as in the file. */
    public record Instance(long classId, byte[] fields) implements Record {
    }

    public record ObjectArray(long classId, long[] elements) implements Record {
    }

    /** The first bytes of the contents (big-endian elements), up to the limit asked for. */
    public record PrimitiveArray(BasicType type, long length, byte[] data) implements Record {
    }

    public record ClassObject(ClassDump dump) implements Record {
    }

    private HprofRecords() {
    }

    /**
     * The records at {@code offsets} (sub-record starts, as the graph reader kept them; negative
     * ones are ignored), keeping up to {@code valueLimit} bytes of primitive array contents.
     */
    public static Map<Long, Record> fetch(HprofSource source, int idSize, long[] offsets, int valueLimit) {
        long[] sorted = Arrays.stream(offsets).filter(o -> o >= 0).sorted().distinct().toArray();
        Map<Long, Record> records = new HashMap<>();
        forEach(source, idSize, sorted, valueLimit, (i, record) -> records.put(sorted[i], record));
        return records;
    }

    /** Receives the record read at the {@code index}-th of the offsets given, or null when none is there. */
    @FunctionalInterface
    public interface RecordSink {
        void accept(int index, Record record);
    }

    /**
     * Reads the records at {@code sortedOffsets} (ascending, distinct) in one pass over the dump,
     * handing each to {@code sink} as it is read and keeping none: for a walk over every object.
     */
    public static void forEach(HprofSource source, int idSize, long[] sortedOffsets, int valueLimit, RecordSink sink) {
        forEach(source, idSize, Arrays.stream(sortedOffsets).iterator(), bufferFor(sortedOffsets), valueLimit, sink);
    }

    /**
     * As {@link #forEach(HprofSource, int, long[], int, RecordSink)}, the offsets as they come (ascending,
     * distinct; a list in scratch cells need not be copied into one array); {@code buffer}: the reader's.
     */
    public static void forEach(HprofSource source, int idSize, PrimitiveIterator.OfLong sortedOffsets,
                               int buffer, int valueLimit, RecordSink sink) {
        Collector collector = new Collector(valueLimit);
        visit(source, idSize, sortedOffsets, buffer, collector, i -> {
            sink.accept(i, collector.record);
            collector.record = null;
        });
    }

    /**
     * Reads the records at {@code sortedOffsets} (ascending, distinct) in one pass over the dump,
     * handing each to {@code visitor} as the reader does, then its index to {@code afterEach}.
     */
    public static void visit(HprofSource source, int idSize, long[] sortedOffsets, HprofVisitor visitor,
                             java.util.function.IntConsumer afterEach) {
        visit(source, idSize, Arrays.stream(sortedOffsets).iterator(), bufferFor(sortedOffsets), visitor, afterEach);
    }

    /** The reader's buffer for reading at {@code sortedOffsets}: by their spread. */
    private static int bufferFor(long[] sortedOffsets) {
        int n = sortedOffsets.length;
        return n == 0 ? HprofInput.BUFFER : bufferFor(sortedOffsets[0], sortedOffsets[n - 1], n);
    }

    /**
     * As {@link #visit(HprofSource, int, long[], HprofVisitor, java.util.function.IntConsumer)}, the
     * offsets as they come (ascending, distinct): a merge of two lists need not be made a third;
     * {@code buffer}: the reader's, {@link #bufferFor} the offsets' spread.
     */
    public static void visit(HprofSource source, int idSize, PrimitiveIterator.OfLong sortedOffsets, int buffer,
                             HprofVisitor visitor, java.util.function.IntConsumer afterEach) {
        if (!sortedOffsets.hasNext()) {
            return;
        }
        try (InputStream stream = source.open()) {
            HprofInput in = new HprofInput(source.name(), stream, 0, buffer);
            in.setIdSize(idSize);
            HprofReader reader = HprofReader.subRecords(in, visitor);
            for (int i = 0; sortedOffsets.hasNext(); i++) {
                in.skip(sortedOffsets.nextLong() - in.offset());
                reader.readSubRecord();
                afterEach.accept(i);
            }
        } catch (IOException e) {
            throw new HeaplensException(source.name() + ": cannot read again: " + e.getMessage());
        }
    }

    /**
     * The reader's buffer for {@code n} records from offset {@code first} to {@code last}: a small
     * one when the records are further apart on average than it holds, so that the gaps
     * are sought past and not copied; else the reader's own, fewer reads for the same bytes.
     */
    public static int bufferFor(long first, long last, long n) {
        boolean dense = n > 1 && (last - first) / n <= HprofInput.SCATTERED_BUFFER;
        return dense ? HprofInput.BUFFER : HprofInput.SCATTERED_BUFFER;
    }

    /** Keeps a copy of the one record just read. */
    private static final class Collector implements HprofVisitor {
        private final int valueLimit;
        Record record;

        Collector(int valueLimit) {
            this.valueLimit = valueLimit;
        }

        @Override
        public void classDump(ClassDump dump, long offset) {
            record = new ClassObject(dump);
        }

        @Override
        public void instance(long id, long classId, byte[] fields, int length, long offset) {
            record = new Instance(classId, Arrays.copyOf(fields, length));
        }

        @Override
        public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
            record = new ObjectArray(arrayClassId, Arrays.copyOf(elements, length));
        }

        @Override
        public void primitiveArray(long id, BasicType type, long length, long offset) {
            record = new PrimitiveArray(type, length, new byte[0]);
        }

        @Override
        public int primitiveValueBytes(long id, BasicType type, long length) {
            return valueLimit;
        }

        @Override
        public void primitiveArrayValues(long id, BasicType type, byte[] data, int dataLength) {
            PrimitiveArray array = (PrimitiveArray) record;
            record = new PrimitiveArray(type, array.length(), Arrays.copyOf(data, dataLength));
        }
    }
}
