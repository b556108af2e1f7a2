package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.LongCells;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.HumanBytes;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * MAT's collection fill ratio: JDK collections and string builders that use less than half of the
 * capacity their array holds (an {@code ArrayList} made with room for 1,000 that keeps 10, a
 * {@code HashMap} sized for thousands that keeps 3, a table left after the entries went; a
 * {@code ConcurrentHashMap} counted with its counter cells, {@link ConcurrentMapCounts}). What they
 * waste is the unused slots: references for collections ({@code HashSet}s counted by their map), a
 * character's bytes for builders. The graph knows each collection's array but no count or length,
 * so their records are read again, in one pass in file order; first those of an even sample of
 * {@link #SAMPLE}, and all only when the sample's waste, scaled up, makes half the share worth
 * telling; none when every candidate array's whole contents could not make that share.
 */
final class UnusedCapacity {
    static final int SAMPLE = 2_000;
    static final int CLASSES_SHOWN = 10;

    /** How a checked class counts its elements: its count field, or for a deque its head and tail. */
    enum Shape {
        LIST, MAP, DEQUE, BUILDER, CONCURRENT_MAP
    }

    static final Map<String, Shape> CHECKED = Map.of(
            "java.util.ArrayList", Shape.LIST, "java.util.Vector", Shape.LIST,
            "java.util.HashMap", Shape.MAP, "java.util.LinkedHashMap", Shape.MAP, "java.util.Hashtable", Shape.MAP,
            "java.util.ArrayDeque", Shape.DEQUE, "java.util.concurrent.ConcurrentHashMap", Shape.CONCURRENT_MAP,
            "java.lang.StringBuilder", Shape.BUILDER, "java.lang.StringBuffer", Shape.BUILDER);

    /**
     * Field offsets of one checked class in its records: the count (or head; a concurrent map's
     * {@code baseCount}), tail, coder or counter cells, and a concurrent map's table, -1 when absent.
     */
    private record Fields(Shape shape, int count, int second, int table) {
    }

    private final JvmHeap heap;
    private final HeapGraph g;
    private final Scratch scratch;
    private final int referenceBytes;
    /** The checked classes' addresses (a few: compared, not looked up, per object), and their fields. */
    private long[] checked;
    private Fields[] byClass;
    /**
     * The candidates: a checked collection with an array, and that array (a concurrent map's table once
     * its record says which), listed in the scratch.
     */
    private final IdList collections;
    private final IdList arrays;
    /** The candidates' arrays' bytes past their headers: the most they could waste. */
    private long arrayBytes;

    private UnusedCapacity(JvmHeap heap, Scratch scratch) {
        this.heap = heap;
        this.g = heap.graph();
        this.scratch = scratch;
        this.referenceBytes = heap.read().layout().referenceBytes();
        this.collections = new IdList(scratch, g.objectCount());
        this.arrays = new IdList(scratch, g.objectCount());
    }

    /**
     * The finding, or null when the unused capacity takes less than {@link JvmWasteChecks#WORTH_TELLING};
     * {@code objects}: the objects of the checked classes. Its lists and columns are in {@code scratch}.
     */
    static Finding of(JvmHeap heap, Dominators d, long analysedBytes, HeapClasses heapClasses, IdList objects, Scratch scratch) {
        UnusedCapacity u = new UnusedCapacity(heap, scratch);
        try {
            return u.finding(d, analysedBytes, heapClasses, objects);
        } finally {
            u.collections.release();
            u.arrays.release();
        }
    }

    private Finding finding(Dominators d, long analysedBytes, HeapClasses heapClasses, IdList objects) {
        findCandidates(d, heapClasses, objects);
        double worth = JvmWasteChecks.WORTH_TELLING * analysedBytes;
        if (arrayBytes < worth) {
            return null;
        }
        long count = collections.size();
        if (count > SAMPLE) { // the candidates i * count / SAMPLE, evenly spaced
            Tally t = read(SAMPLE, i -> i * count / SAMPLE);
            double estimated = t.readBytes == 0 ? 0 : (double) t.bytes / t.readBytes * arrayBytes;
            if (estimated < worth / 2) {
                return null;
            }
        }
        Tally t = read(count, i -> i);
        double share = JvmWasteChecks.share(t.bytes, analysedBytes);
        if (share < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        List<String> classes = JvmWasteChecks.largestFirst(t.byClass, 1, CLASSES_SHOWN,
                e -> String.format(Locale.ROOT, "%s (%,d, %s)", e.getKey(), e.getValue()[0], HumanBytes.of(e.getValue()[1])));
        return new Finding("unused-capacity", t.bytes, t.collections, share, String.format(Locale.ROOT,
                "%,d collections and string builders use less than half of their capacity: their unused slots take %s "
                        + "(%.1f%% of the heap). Give a collection the size it will hold (or none: the default grows), "
                        + "trimToSize() one that is done growing, and build a map again after removing most of it.",
                t.collections, HumanBytes.of(t.bytes), 100 * share), List.of(), classes);
    }

    /**
     * The reachable checked collections that hold an array, and what their arrays hold past the
     * header, of {@code objects}: the objects of the checked classes.
     */
    private void findCandidates(Dominators d, HeapClasses classes, IdList objects) {
        List<String> names = List.copyOf(CHECKED.keySet());
        checked = classes.addresses(names);
        byClass = new Fields[checked.length];
        for (int i = 0; i < checked.length; i++) {
            byClass[i] = fieldsOf(checked[i], heap.read().classes().name(checked[i]));
        }
        for (long i = 0, n = objects.size(); i < n; i++) {
            long o = objects.get(i);
            int at = HeapClasses.indexOf(g.classAddress(o), checked);
            if (at < 0) {
                continue;
            }
            Fields last = byClass[at];
            if (last.shape() == null || HprofObjectKind.of(g.kind(o)) != HprofObjectKind.INSTANCE || !d.isReachable(o)
                    || g.position(o) < 0) {
                continue;
            }
            long array = array(o, last.shape() == Shape.BUILDER ? HprofObjectKind.PRIMITIVE_ARRAY : HprofObjectKind.OBJECT_ARRAY);
            if (array < 0 || g.position(array) < 0) {
                continue; // no table yet: nothing allocated to waste
            }
            if (last.shape() == Shape.CONCURRENT_MAP) {
                // which of its arrays is the table (beside the counter cells, a resize's next table) its record says
                arrayBytes += ConcurrentMapCounts.otherArrayBytes(g, o, array, heap.read().layout().arrayHeaderBytes());
            }
            collections.add(o);
            arrays.add(array);
            arrayBytes += Math.max(0, g.shallowSize(array) - heap.read().layout().arrayHeaderBytes());
        }
    }

    /** The fields of candidate {@code c}'s class. */
    private Fields fields(long c) {
        return byClass[HeapClasses.indexOf(g.classAddress(collections.get(c)), checked)];
    }

    private Fields fieldsOf(long classAddress, String className) {
        Shape shape = CHECKED.get(className);
        if (shape == null) {
            return new Fields(null, -1, -1, -1);
        }
        HprofClasses classes = heap.read().classes();
        String first = switch (shape) {
            case LIST -> className.equals("java.util.Vector") ? "elementCount" : "size";
            case MAP -> className.equals("java.util.Hashtable") ? "count" : "size";
            case DEQUE -> "head";
            case BUILDER -> "count";
            case CONCURRENT_MAP -> "baseCount";
        };
        BasicType countType = shape == Shape.CONCURRENT_MAP ? BasicType.LONG : BasicType.INT;
        String second = shape == Shape.DEQUE ? "tail" : shape == Shape.BUILDER ? "coder"
                : shape == Shape.CONCURRENT_MAP ? "counterCells" : "";
        int countAt = -1;
        int secondAt = -1;
        int tableAt = -1;
        for (HprofClasses.Field f : classes.instanceFields(classAddress)) {
            if (f.name().equals(first) && f.type() == countType) {
                countAt = f.offset();
            } else if (f.name().equals(second) && (f.type() == BasicType.INT || f.type() == BasicType.BYTE
                    || f.type() == BasicType.OBJECT)) {
                secondAt = f.offset();
            } else if (shape == Shape.CONCURRENT_MAP && f.name().equals("table") && f.type() == BasicType.OBJECT) {
                tableAt = f.offset();
            }
        }
        boolean complete = countAt >= 0 && (shape != Shape.DEQUE || secondAt >= 0)
                && (shape != Shape.CONCURRENT_MAP || secondAt >= 0 && tableAt >= 0);
        return new Fields(complete ? shape : null, countAt, secondAt, tableAt);
    }

    /** The collection's array: its one reference to an array of that kind, or -1. */
    private long array(long o, HprofObjectKind kind) {
        for (long i = g.outStart(o), end = g.outEnd(o); i < end; i++) {
            long t = g.target(i);
            if (HprofObjectKind.of(g.kind(t)) == kind) {
                return t;
            }
        }
        return -1;
    }

    /** What was read: collections under half full, their unused bytes by class, and the bytes of all arrays read. */
    private static final class Tally {
        final Map<String, long[]> byClass = new HashMap<>(); // class -> {collections, unused bytes}
        long collections;
        long bytes;
        long readBytes;
    }

    /**
     * Reads the {@code m} candidates {@code which(i)} (indexes into the candidates) in one pass in file
     * order, and tallies those under half full. Their arrays' lengths come from the graph's read (kept in
     * the index), not from the arrays' records: half the records, and the larger ones, are not read.
     */
    private Tally read(long m, LongUnaryOperator which) {
        FileOrder order = new FileOrder(scratch, m);
        for (long i = 0; i < m; i++) {
            order.add(g.position(collections.get(which.applyAsLong(i))));
        }
        LongCells elements = scratch.longCellsWhereRoom(m); // by read: the count (deques: head)
        LongCells seconds = scratch.longCellsWhereRoom(m);
        ConcurrentMapCounts concurrent = new ConcurrentMapCounts(heap, scratch);
        order.sort().visit(heap, new HprofVisitor() {
            @Override
            public void instance(long id, long classId, byte[] data, int length, long offset) {
                long i = order.current();
                long c = which.applyAsLong(i);
                Fields f = fields(c);
                if (f.shape() == Shape.CONCURRENT_MAP) {
                    elements.set(i, ConcurrentMapCounts.longAt(data, length, f.count()));
                    long table = concurrent.table(i, data, length, f.table(), f.second());
                    if (table < 0) {
                        elements.set(i, -1); // no table the graph knows: not judged
                    } else {
                        arrays.set(c, table);
                    }
                    return;
                }
                elements.set(i, intAt(data, length, f.count()));
                seconds.set(i, f.second() < 0 ? 0 : f.shape() == Shape.BUILDER ? data[f.second()] : intAt(data, length, f.second()));
            }
        });
        order.release();
        concurrent.addCounterCells(elements);
        long charArrays = heap.read().classes().primitiveArrayClass(BasicType.CHAR);
        Tally t = new Tally();
        for (long i = 0; i < m; i++) {
            long c = which.applyAsLong(i);
            long array = arrays.get(c);
            long length = heap.length(array);
            // a builder's characters: chars for JDK 8's char[], bytes (read with the coder) after
            boolean chars = fields(c).shape() == Shape.BUILDER && charArrays != 0 && g.classAddress(array) == charArrays;
            tally(t, c, elements.get(i), seconds.get(i), chars ? -length : length);
        }
        scratch.release(elements);
        scratch.release(seconds);
        return t;
    }

    /** Adds candidate {@code c} when it uses less than half of its capacity. */
    private void tally(Tally t, long c, long counted, long second, long length) {
        Fields f = fields(c);
        long capacity;
        long used;
        long slotBytes;
        switch (f.shape()) {
            case DEQUE -> { // one slot stays empty; the elements run from head to tail, around the end
                capacity = length - 1;
                used = length == 0 ? 0 : Math.floorMod(second - counted, length);
                slotBytes = referenceBytes;
            }
            case BUILDER -> {
                boolean chars = length < 0; // JDK 8: char[]
                int shift = chars ? 0 : (int) (second & 1);
                capacity = Math.abs(length) >> shift;
                used = counted;
                slotBytes = chars || shift == 1 ? 2 : 1;
            }
            default -> { // lists and maps, concurrent ones with their counter cells added
                capacity = length;
                used = counted;
                slotBytes = referenceBytes;
            }
        }
        t.readBytes += Math.max(0, g.shallowSize(arrays.get(c)) - heap.read().layout().arrayHeaderBytes());
        if (used < 0 || 2 * used >= capacity) {
            return;
        }
        long unused = (capacity - used) * slotBytes;
        long[] byClass = t.byClass.computeIfAbsent(heap.className(collections.get(c)), k -> new long[2]);
        byClass[0]++;
        byClass[1] += unused;
        t.collections++;
        t.bytes += unused;
    }

    private static long intAt(byte[] data, int length, int at) {
        return at + 4 <= length ? ByteBuffer.wrap(data, at, 4).getInt() : -1;
    }
}
