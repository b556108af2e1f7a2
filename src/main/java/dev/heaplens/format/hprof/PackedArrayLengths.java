package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;

/**
 * The arrays' lengths in a byte an object where an {@code int} took four: an array's shallow size
 * already says its length but for the elements its alignment padding could hold (at most 7 bytes'
 * worth with 8-byte alignment), so only that difference is kept. The lengths live through the
 * dominators, the in-heap graph's peak, for the index and {@code export}: 3 bytes an object less
 * there. Exact or not used: a dump whose sizes do not tell its lengths so (a primitive array class
 * shared by two element types, an alignment over 255 elements) keeps the {@code int}s.
 */
final class PackedArrayLengths {
    /** The byte of an object that is no array (length -1). */
    private static final int NO_ARRAY = 0xFF;
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
     * or null when some length cannot be told from its size that way.
     */
    static PackedArrayLengths.Packed pack(int[] lengths, HeapGraph graph, HprofLayout layout, HprofClasses classes) {
        return pack(v -> v.chunk(0, lengths, lengths.length), graph, layout, classes);
    }

    /** The lengths by graph object, handed over a chunk at a time. */
    interface Lengths {
        void forEach(HeapGraphBuilder.IntChunks visitor);
    }

    /** As {@link #pack(int[], HeapGraph, HprofLayout, HprofClasses)}, the lengths a chunk at a time; null when no object has one. */
    static PackedArrayLengths.Packed pack(Lengths lengths, HeapGraph graph, HprofLayout layout, HprofClasses classes) {
        PackedArrayLengths p = new PackedArrayLengths(graph, layout, classes);
        byte[][] padding = new byte[1][];
        boolean[] packs = {true};
        lengths.forEach((first, values, count) -> {
            if (padding[0] == null) {
                padding[0] = new byte[(int) graph.objectCount()];
            }
            for (int i = 0; i < count && packs[0]; i++) {
                int length = values[i];
                int b = length < 0 ? NO_ARRAY : p.elementsInSize(first + i) - length;
                if (b < 0 || b > NO_ARRAY || (b == NO_ARRAY) != (length < 0) || length < -1) {
                    packs[0] = false;
                }
                padding[0][first + i] = (byte) b;
            }
        });
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

    /** The lengths kept as padding bytes, given back as {@code int}s when asked for. */
    record Packed(PackedArrayLengths sizes, byte[] padding) {
        int[] unpack() {
            int[] lengths = new int[padding.length];
            for (int o = 0; o < lengths.length; o++) {
                lengths[o] = length(o);
            }
            return lengths;
        }

        /** One object's length, -1 when it is no array. */
        int length(int o) {
            int b = padding[o] & 0xFF;
            return b == NO_ARRAY ? -1 : (int) (sizes.elementsIn(o) - b);
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
