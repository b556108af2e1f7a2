package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.NarrowInts;
import dev.heaplens.graph.Scratch;

/**
 * The arrays' lengths in a byte an object where an {@code int} took four: an array's shallow size
 * already says its length but for the elements its alignment padding could hold (at most 7 bytes'
 * worth with 8-byte alignment), so only that difference is kept ({@link NarrowInts}: in the heap
 * while it has room, else in a scratch file). The lengths live through the dominators, the in-heap
 * graph's peak, for the index and {@code export}: 3 bytes an object less there. Exact or not used: a
 * dump whose sizes do not tell its lengths so (a primitive array class shared by two element types,
 * an alignment over 255 elements) keeps the lengths themselves, as narrow as their range allows.
 */
final class PackedArrayLengths {
    /** The most padding a byte keeps (its value + 1 in a byte: {@link NarrowInts}); -1 for an object that is no array. */
    private static final int MOST_PADDING = 0xFE;
    private static final byte OBJECT_ARRAY = HprofObjectKind.OBJECT_ARRAY.code();
    private static final byte PRIMITIVE_ARRAY = HprofObjectKind.PRIMITIVE_ARRAY.code();

    private final HeapGraph graph;
    private final HprofLayout layout;
    /** Per class number: its primitive arrays' element bytes, 0 when not exactly one primitive array type's class. */
    private final int[] elementBytes;

    private PackedArrayLengths(HeapGraph graph, HprofLayout layout, HprofClasses classes) {
        this.graph = graph;
        this.layout = layout;
        this.elementBytes = new int[graph.classCount()];
        for (BasicType t : BasicType.values()) {
            long classId = t == BasicType.OBJECT ? 0 : classes.primitiveArrayClass(t);
            int c = classId == 0 ? -1 : classNumber(graph, classId);
            if (c >= 0) {
                elementBytes[c] = elementBytes[c] == 0 ? t.heapSize(layout) : -1; // -1: two types, ambiguous
            }
        }
    }

    /**
     * {@code lengths} (by graph object, -1 for no array) as one byte each over {@code graph}'s sizes,
     * or null when some length cannot be told from its size that way; in the heap.
     */
    static PackedArrayLengths.Packed pack(int[] lengths, HeapGraph graph, HprofLayout layout, HprofClasses classes) {
        return pack(v -> v.chunk(0, lengths, lengths.length), graph, layout, classes, Scratch.heap());
    }

    /** The lengths by graph object, handed over a chunk at a time. */
    interface Lengths {
        void forEach(HeapGraphBuilder.IntChunks visitor);
    }

    /**
     * As {@link #pack(int[], HeapGraph, HprofLayout, HprofClasses)}, the lengths a chunk at a time, the
     * bytes in {@code scratch} where the heap has no room; null when no object has one.
     */
    static PackedArrayLengths.Packed pack(Lengths lengths, HeapGraph graph, HprofLayout layout, HprofClasses classes,
                                         Scratch scratch) {
        PackedArrayLengths p = new PackedArrayLengths(graph, layout, classes);
        NarrowInts[] padding = new NarrowInts[1];
        int[][] run = new int[1][];
        boolean[] packs = {true};
        lengths.forEach((first, values, count) -> {
            if (!packs[0]) {
                return;
            }
            if (padding[0] == null) {
                padding[0] = NarrowInts.where(scratch, graph.objectCount(), -1, MOST_PADDING);
                run[0] = new int[values.length];
            }
            int[] b = run[0];
            for (int i = 0; i < count; i++) {
                int length = values[i];
                b[i] = length < 0 ? -1 : p.elementsInSize(first + i) - length;
                if (length < -1 || (length >= 0 && (b[i] < 0 || b[i] > MOST_PADDING))) {
                    packs[0] = false;
                    return;
                }
            }
            padding[0].put(first, b, count);
        });
        if (padding[0] != null && !packs[0]) {
            padding[0].release(scratch);
        }
        return padding[0] == null || !packs[0] ? null : new Packed(p, padding[0]);
    }

    /** The elements an array's shallow size has room for, or -1 (never a length) when it is no array or its type is unclear. */
    private long elementsIn(long o) {
        byte kind = graph.kind(o);
        int bytes = kind == OBJECT_ARRAY ? layout.referenceBytes()
                : kind == PRIMITIVE_ARRAY ? elementBytes[graph.classNumber(o)] : 0;
        if (bytes <= 0) {
            return -1;
        }
        long room = graph.shallowSize(o) - layout.arrayBase(bytes);
        return room < 0 ? -1 : room / bytes;
    }

    /** As {@link #elementsIn}, or a value making {@link #pack} refuse when it does not fit an int. */
    private int elementsInSize(long o) {
        long e = elementsIn(o);
        return e < 0 || e > Integer.MAX_VALUE ? Integer.MIN_VALUE : (int) e;
    }

    /** The lengths kept as padding bytes. */
    record Packed(PackedArrayLengths sizes, NarrowInts padding) {
        /** One object's length, -1 when it is no array. */
        int length(long o) {
            int b = padding.get(o);
            return b < 0 ? -1 : (int) (sizes.elementsIn(o) - b);
        }
    }

    private static int classNumber(HeapGraph graph, long classId) {
        int lo = 0;
        int hi = graph.classCount() - 1;
        while (lo <= hi) { // class numbers are in the order of the classes' addresses
            int mid = (lo + hi) >>> 1;
            long a = graph.classAddressOf(mid);
            if (a < classId) {
                lo = mid + 1;
            } else if (a > classId) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }
}
