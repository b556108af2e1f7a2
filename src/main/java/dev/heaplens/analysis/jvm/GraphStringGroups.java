package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofRecords;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.util.ByteHash;
import dev.heaplens.util.LongLongMap;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.function.IntToLongFunction;

/**
 * A loaded graph's {@code java.lang.String}s grouped by content, as {@link JvmStringGroups} groups a
 * dump's, without reading every record twice: the graph already says which array each String
 * holds, so Strings are counted per array (a bit per object for the arrays seen, and a map for
 * the few arrays held by more than one String: an {@code int} per object was 120 MB on a
 * 30M-object dump), and only the arrays'
 * records (and, for a coder, one String's per even-length array) are read again, in one pass in
 * file order. Nothing is looked up by address: the records come back in the order of their sorted offsets.
 */
final class GraphStringGroups {
    /** @param stringClass the class address of java.lang.String, 0 when the heap has none */
    record Result(List<JvmStringGroups.Group> duplicated, int distinct, long strings, long stringClass) {
    }

    private static final long EMPTY_HASH = ByteHash.of(new byte[0], 0, 0);
    private final JvmHeap heap;
    private final HeapGraph g;
    /** The class address of java.lang.String, 0 when the heap has none. */
    final long stringClass;
    /** The value arrays held by some String, by object. */
    private final BitSet seen = new BitSet();
    /** The Strings beyond the first that hold an array, by the array's object: most arrays have one. */
    private final LongLongMap moreHolders = new LongLongMap();
    /**
     * The first String to hold each array of an even length, and the array. Objects only: where
     * each is in the file is the graph's to say when asked (8 bytes a column of them held at the peak).
     */
    private int[] firstHolders = new int[1024];
    private int[] values = new int[1024];
    private int held;
    /** The distinct value arrays. */
    private int[] arrays = new int[1024];
    private int distinct;
    /** Every String, with or without an array. */
    long stringCount;
    /** What every String and each of their arrays cost: no grouping finds more waste. */
    long mostWasted;

    private GraphStringGroups(JvmHeap heap, long stringClass) {
        this.heap = heap;
        this.g = heap.graph();
        this.stringClass = stringClass;
    }

    /** Counts the heap's Strings per value array: one walk over the graph, no record read. */
    static GraphStringGroups count(JvmHeap heap, HeapClasses classes) {
        long[] string = classes.addresses(List.of("java.lang.String"));
        GraphStringGroups c = new GraphStringGroups(heap, string.length == 0 ? 0 : string[0]);
        if (c.stringClass != 0) {
            c.count(HeapClasses.classNumber(heap.graph(), c.stringClass));
        }
        return c;
    }

    /** Counts the Strings, objects of class number {@code string} (compared as ints: no address per object). */
    private void count(int string) {
        byte instance = HprofObjectKind.INSTANCE.code();
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
            if (seen.get((int) value)) {
                moreHolders.put(value, moreHolders.get(value, 0) + 1);
            } else { // the array's own columns read once
                if (g.position(value) < 0) {
                    continue; // no record to read: never seen, never counted
                }
                seen.set((int) value);
                mostWasted += g.shallowSize(value);
                if (distinct == arrays.length) {
                    arrays = Arrays.copyOf(arrays, grown(distinct));
                }
                arrays[distinct++] = (int) value;
                if (heap.length(value) % 2 != 1) { // -1: length unknown, read
                    holdsArray(o, value);
                }
            }
        }
    }

    /**
     * A column's next length: a quarter more, not twice (the columns grow to millions; doubling
     * left up to half of them empty and held the old and twice the new while copying).
     */
    private static int grown(int length) {
        return (int) Math.min(Integer.MAX_VALUE - 8L, length + (length >> 2));
    }

    /** How many Strings hold the value array {@code value} (one it was seen for). */
    private long holders(long value) {
        return 1 + moreHolders.get(value, 0);
    }

    /**
     * Keeps the first String that holds an array, for its coder: the JVM gives the Strings that
     * share an array one coder, and an odd number of bytes is Latin-1 (UTF-16 takes two a
     * character), so only even arrays' first holders are read again (a third of the records on
     * the 7.4M-object dump). JDK 8's char[] values have no coder: none is read then.
     */
    private void holdsArray(long string, long value) {
        if (held == values.length) {
            firstHolders = Arrays.copyOf(firstHolders, grown(held));
            values = Arrays.copyOf(values, grown(held));
        }
        firstHolders[held] = (int) string;
        values[held++] = (int) value;
    }

    /**
     * Groups the Strings counted: reads their arrays and, when Strings have a coder, the Strings
     * too, in one pass in file order (the arrays and Strings sorted by offset, then merged).
     */
    Result group() {
        if (stringClass == 0) {
            return new Result(List.of(), 0, 0, 0);
        }
        Read read = readInFileOrder(coderOffset(heap.read().classes(), stringClass));
        int[] byOffset = read.arrays;
        long[] hashes = read.hashes;
        byte[] types = read.types;
        int[] lengths = read.lengths;
        BitSet utf16 = read.utf16;
        RepeatedKeys repeated = new RepeatedKeys(distinct);
        for (int a = 0; a < distinct; a++) { // the hashes become the contents' keys; -1 in types: not a String's characters
            BasicType type = BasicType.of(types[a]);
            if (type != BasicType.BYTE && type != BasicType.CHAR) {
                types[a] = -1;
                continue;
            }
            hashes[a] = StringContentGroups.key(type, utf16.get(byOffset[a]) ? 1 : 0, hashes[a]);
            repeated.add(hashes[a]);
        }
        // grouped: the contents that may be in two arrays, and arrays held by two Strings; the rest
        // are one String's own contents, never reported, only counted (in the same order: groups keep their numbers' order)
        StringContentGroups groups = new StringContentGroups();
        int heldOnce = 0;
        for (int a = 0; a < distinct; a++) {
            if (types[a] == -1) {
                continue;
            }
            long holders = holders(byOffset[a]);
            if (holders == 1 && !repeated.maybeRepeated(hashes[a])) {
                heldOnce++;
                continue;
            }
            groups.add(hashes[a], holders, BasicType.of(types[a]), utf16.get(byOffset[a]) ? 1 : 0,
                    Integer.toUnsignedLong(lengths[a]), g.position(byOffset[a]));
        }
        return new Result(groups.duplicated(), groups.distinct() + heldOnce, stringCount, stringClass);
    }

    /** The distinct arrays in file order, and what their records (and their first Strings') say. */
    private record Read(int[] arrays, long[] hashes, byte[] types, int[] lengths, BitSet utf16) {
    }

    /**
     * Puts the arrays and their first Strings in file order, each column let go once used (it grew
     * with up to a quarter to spare), the offsets asked of the graph as needed (copies and a column
     * of offsets made the peak of suspects out of core), then reads them in one pass.
     */
    private Read readInFileOrder(int coderOffset) {
        int[] unsorted = arrays;
        arrays = null;
        int[] byOffset = FileOrder.permuted(unsorted, FileOrder.order(distinct, a -> g.position(unsorted[a])));
        int strings = coderOffset >= 0 ? held : 0;
        int[] holders = firstHolders;
        firstHolders = null;
        int[] stringOrder = FileOrder.order(strings, s -> g.position(holders[s]));
        int[] stringByOffset = FileOrder.permuted(holders, stringOrder);
        int[] valueByOffset = FileOrder.permuted(values, stringOrder);
        values = null;
        Read read = new Read(byOffset, new long[distinct], new byte[distinct], new int[distinct], new BitSet());
        IntToLongFunction arrayAt = a -> g.position(byOffset[a]);
        IntToLongFunction stringAt = s -> g.position(stringByOffset[s]);
        long first = Math.min(distinct > 0 ? arrayAt.applyAsLong(0) : Long.MAX_VALUE,
                strings > 0 ? stringAt.applyAsLong(0) : Long.MAX_VALUE);
        long last = Math.max(distinct > 0 ? arrayAt.applyAsLong(distinct - 1) : 0,
                strings > 0 ? stringAt.applyAsLong(strings - 1) : 0);
        int buffer = HprofRecords.bufferFor(first, last, (long) distinct + strings); // the reader's, for the records' spread
        readRecords(FileOrder.merge(arrayAt, distinct, stringAt, strings), buffer, valueByOffset, coderOffset, read.utf16,
                read.hashes, read.types, read.lengths);
        return read;
    }

    /** One pass over the records at {@code offsets} (the arrays' and the Strings', merged, ascending). */
    private void readRecords(PrimitiveIterator.OfLong offsets, int buffer, int[] valueByOffset, int coderOffset, BitSet utf16,
                             long[] hashes, byte[] types, int[] lengths) {
        HprofRecords.visit(heap.read().source(), heap.read().classes().idSize(), offsets, buffer, new HprofVisitor() {
            private int nextArray;
            private int nextString;

            @Override
            public void instance(long id, long classId, byte[] fields, int length, long offset) {
                int value = valueByOffset[nextString++];
                if (coderOffset < length && (fields[coderOffset] & 1) == 1) {
                    utf16.set(value);
                }
            }

            @Override
            public void primitiveArray(long id, BasicType type, long length, long offset) {
                types[nextArray] = (byte) type.code;
                lengths[nextArray] = (int) length;
                hashes[nextArray++] = EMPTY_HASH; // replaced by the contents when there are some
            }

            @Override
            public int primitiveValueBytes(long id, BasicType type, long length) {
                return Integer.MAX_VALUE;
            }

            @Override
            public void primitiveArrayValues(long id, BasicType type, byte[] data, int dataLength) {
                hashes[nextArray - 1] = ByteHash.of(data, 0, dataLength);
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
