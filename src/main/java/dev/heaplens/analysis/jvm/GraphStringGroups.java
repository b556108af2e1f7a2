package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.BitCells;
import dev.heaplens.graph.ByteCells;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.ByteHash;
import dev.heaplens.util.LongLongMap;

import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * A loaded graph's {@code java.lang.String}s grouped by content, as {@link JvmStringGroups} groups a
 * dump's, without reading every record twice: the graph already says which array each String
 * holds, so Strings are counted per array (a bit per object for the arrays seen, and a map for
 * the few arrays held by more than one String: an {@code int} per object was 120 MB on a
 * 30M-object dump), and only the arrays' records (and, for a coder, one String's per even-length
 * array) are read again, in one pass in file order. Nothing is looked up by address: the records
 * come back in the order of their sorted offsets. Every column over the objects, the arrays or the
 * Strings is in cells of the heap's scratch: heap arrays while the heap has room, else mapped.
 */
final class GraphStringGroups {
    /** @param stringClass the class address of java.lang.String, 0 when the heap has none */
    record Result(List<JvmStringGroups.Group> duplicated, long distinct, long strings, long stringClass) {
    }

    private static final long EMPTY_HASH = ByteHash.of(new byte[0], 0, 0);
    private final JvmHeap heap;
    private final HeapGraph g;
    private final Scratch scratch;
    /** The class address of java.lang.String, 0 when the heap has none. */
    final long stringClass;
    /** The Strings beyond the first that hold an array, by the array's object: most arrays have one. */
    private final LongLongMap moreHolders = new LongLongMap();
    /** The distinct value arrays, until they are put in file order. */
    private final IdList arrays;
    /**
     * The first String to hold each array of an even length, and the array, for its coder: the JVM
     * gives the Strings that share an array one coder, and an odd number of bytes is Latin-1 (UTF-16
     * takes two a character), so only even arrays' first holders are read again (a third of the
     * records on the 7.4M-object dump). JDK 8's char[] values have no coder: none is read then.
     * Objects only: where each is in the file is the graph's to say when asked (8 bytes a column of
     * them held at the peak).
     */
    private final IdList firstHolders;
    private final IdList values;
    /** Every String, with or without an array. */
    long stringCount;
    /** What every String and each of their arrays cost: no grouping finds more waste. */
    long mostWasted;

    private GraphStringGroups(JvmHeap heap, long stringClass, Scratch scratch) {
        this.heap = heap;
        this.g = heap.graph();
        this.scratch = scratch;
        this.stringClass = stringClass;
        long objects = g.objectCount();
        arrays = new IdList(scratch, objects);
        firstHolders = new IdList(scratch, objects);
        values = new IdList(scratch, objects);
    }

    /** Counts the heap's Strings per value array: one walk over the graph, no record read; its columns in {@code scratch}. */
    static GraphStringGroups count(JvmHeap heap, HeapClasses classes, Scratch scratch) {
        long[] string = classes.addresses(List.of("java.lang.String"));
        GraphStringGroups c = new GraphStringGroups(heap, string.length == 0 ? 0 : string[0], scratch);
        if (c.stringClass != 0) {
            c.count(HeapClasses.classNumber(heap.graph(), c.stringClass));
        }
        return c;
    }

    /** Counts the Strings, objects of class number {@code string} (compared as ints: no address per object). */
    private void count(int string) {
        byte instance = HprofObjectKind.INSTANCE.code();
        BitCells seen = scratch.bitsWhereRoom(g.objectCount()); // the value arrays held by some String
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            if (g.classNumber(o) != string || g.kind(o) != instance) {
                continue;
            }
            stringCount++;
            mostWasted += g.shallowSize(o);
            long value = valueArray(g, o);
            if (g.position(o) < 0 || value < 0) {
                continue;
            }
            if (seen.get(value)) {
                moreHolders.put(value, moreHolders.get(value, 0) + 1);
            } else { // the array's own columns read once
                if (g.position(value) < 0) {
                    continue; // no record to read: never seen, never counted
                }
                seen.set(value);
                mostWasted += g.shallowSize(value);
                arrays.add(value);
                if (heap.length(value) % 2 != 1) { // -1: length unknown, read
                    firstHolders.add(o);
                    values.add(value);
                }
            }
        }
        scratch.release(seen);
    }

    /** Gives back the lists of a count not grouped. */
    void release() {
        arrays.release();
        firstHolders.release();
        values.release();
    }

    /** How many Strings hold the value array {@code value} (one it was seen for). */
    private long holders(long value) {
        return 1 + moreHolders.get(value, 0);
    }

    /**
     * Groups the Strings counted: reads their arrays and, when Strings have a coder, the Strings
     * too, in one pass in file order (the arrays and Strings sorted by offset, then merged).
     */
    Result group() {
        if (stringClass == 0) {
            release();
            return new Result(List.of(), 0, 0, 0);
        }
        int coderOffset = coderOffset(heap.read().classes(), stringClass);
        long objects = g.objectCount();
        FileOrder arrayOrder = inFileOrder(arrays, arrays.size());
        IdCells byOffset = arrayOrder.permuted(arrays, objects);
        arrayOrder.release();
        arrays.release();
        long distinct = byOffset.length();
        FileOrder stringOrder = inFileOrder(firstHolders, coderOffset >= 0 ? firstHolders.size() : 0);
        IdCells stringByOffset = stringOrder.permuted(firstHolders, objects);
        IdCells valueByOffset = stringOrder.permuted(values, objects);
        stringOrder.release();
        firstHolders.release();
        values.release();
        Read read = new Read(scratch.longCellsWhereRoom(distinct), scratch.byteCellsWhereRoom(distinct),
                scratch.idCellsWhereRoom(distinct, objects), scratch.bitsWhereRoom(objects));
        readRecords(byOffset, stringByOffset, valueByOffset, coderOffset, read);
        scratch.release(stringByOffset);
        scratch.release(valueByOffset);
        RepeatedKeys repeated = new RepeatedKeys(distinct, scratch);
        for (long a = 0; a < distinct; a++) { // the hashes become the contents' keys; -1 in types: not a String's characters
            BasicType type = BasicType.of(read.types.get(a));
            if (type != BasicType.BYTE && type != BasicType.CHAR) {
                read.types.set(a, (byte) -1);
                continue;
            }
            read.hashes.set(a, StringContentGroups.key(type, read.utf16.get(byOffset.get(a)) ? 1 : 0, read.hashes.get(a)));
            repeated.add(read.hashes.get(a));
        }
        // grouped: the contents that may be in two arrays, and arrays held by two Strings; the rest
        // are one String's own contents, never reported, only counted (in the same order: groups keep their numbers' order)
        StringContentGroups groups = new StringContentGroups();
        long heldOnce = 0;
        for (long a = 0; a < distinct; a++) {
            if (read.types.get(a) == -1) {
                continue;
            }
            long value = byOffset.get(a);
            long holders = holders(value);
            if (holders == 1 && !repeated.maybeRepeated(read.hashes.get(a))) {
                heldOnce++;
                continue;
            }
            groups.add(read.hashes.get(a), holders, BasicType.of(read.types.get(a)), read.utf16.get(value) ? 1 : 0,
                    read.lengths.get(a) & 0xFFFF_FFFFL, g.position(value));
        }
        read.release(scratch);
        repeated.release(scratch);
        scratch.release(byOffset);
        return new Result(groups.duplicated(), groups.distinct() + heldOnce, stringCount, stringClass);
    }

    /**
     * The records of the first {@code n} of {@code objects} in file order: then only the objects (or
     * what they hold) are kept in that order, the offsets being the graph's to say again when asked.
     */
    private FileOrder inFileOrder(IdList objects, long n) {
        FileOrder order = new FileOrder(scratch, n);
        for (long i = 0; i < n; i++) {
            order.add(g.position(objects.get(i)));
        }
        return order.sort();
    }

    /**
     * What the arrays' records say, by their place in file order (the hashes of their contents, their
     * element types and lengths), and by array object whether their first String's coder is UTF-16.
     */
    private record Read(LongCells hashes, ByteCells types, IdCells lengths, BitCells utf16) {
        void release(Scratch scratch) {
            scratch.release(hashes);
            scratch.release(types);
            scratch.release(lengths);
            scratch.release(utf16);
        }
    }

    /** One pass over the arrays' and the Strings' records, merged in file order, the offsets asked of the graph as needed. */
    private void readRecords(IdCells byOffset, IdCells stringByOffset, IdCells valueByOffset, int coderOffset, Read read) {
        long distinct = byOffset.length();
        long strings = stringByOffset.length();
        LongUnaryOperator arrayAt = a -> g.position(byOffset.get(a));
        LongUnaryOperator stringAt = s -> g.position(stringByOffset.get(s));
        long first = Math.min(distinct > 0 ? arrayAt.applyAsLong(0) : Long.MAX_VALUE,
                strings > 0 ? stringAt.applyAsLong(0) : Long.MAX_VALUE);
        long last = Math.max(distinct > 0 ? arrayAt.applyAsLong(distinct - 1) : 0,
                strings > 0 ? stringAt.applyAsLong(strings - 1) : 0);
        int buffer = HprofRecords.bufferFor(first, last, distinct + strings); // the reader's, for the records' spread
        HprofRecords.visit(heap.read().source(), heap.read().classes().idSize(),
                FileOrder.merge(arrayAt, distinct, stringAt, strings), buffer, new HprofVisitor() {
                    private long nextArray;
                    private long nextString;

                    @Override
                    public void instance(long id, long classId, byte[] fields, int length, long offset) {
                        long value = valueByOffset.get(nextString++);
                        if (coderOffset < length && (fields[coderOffset] & 1) == 1) {
                            read.utf16.set(value);
                        }
                    }

                    @Override
                    public void primitiveArray(long id, BasicType type, long length, long offset) {
                        read.types.set(nextArray, (byte) type.code);
                        read.lengths.set(nextArray, (int) length); // a u4 in the file, read back unsigned
                        read.hashes.set(nextArray++, EMPTY_HASH); // replaced by the contents when there are some
                    }

                    @Override
                    public int primitiveValueBytes(long id, BasicType type, long length) {
                        return Integer.MAX_VALUE;
                    }

                    @Override
                    public void primitiveArrayValues(long id, BasicType type, byte[] data, int dataLength) {
                        read.hashes.set(nextArray - 1, ByteHash.of(data, 0, dataLength));
                    }
                }, i -> { });
    }

    /** The offset of String's {@code coder} byte in its records' fields, or -1 (JDK 8: char[] values, no coder). */
    private static int coderOffset(HprofClasses classes, long stringClass) {
        for (HprofClasses.Field f : classes.instanceFields(stringClass)) {
            if (f.name().equals("coder") && f.type() == BasicType.BYTE) {
                return f.offset();
            }
        }
        return -1;
    }

    /** The value array a String holds (its one reference to a primitive array), or -1. */
    private static long valueArray(HeapGraph g, long string) {
        for (long i = g.outStart(string), end = g.outEnd(string); i < end; i++) {
            long t = g.target(i);
            if (HprofObjectKind.of(g.kind(t)) == HprofObjectKind.PRIMITIVE_ARRAY) {
                return t;
            }
        }
        return -1;
    }
}
