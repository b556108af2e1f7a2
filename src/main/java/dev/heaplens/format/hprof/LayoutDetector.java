package dev.heaplens.format.hprof;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tells how the dumped JVM laid out objects, which HPROF does not record, from where objects
 * sit: a JVM dumps objects in heap order, and after the GC that precedes a live dump most are
 * packed, so the gap to the next object's address is the object's size. Each candidate layout
 * is scored by how many gaps in a sample of neighbours it explains exactly.
 */
final class LayoutDetector {
    /** Result: the layout and how it was chosen, for {@code summary}. */
    record Detection(HprofLayout layout, String how) {
    }

    private static final int SAMPLE = 1 << 16;
    /** Fewer neighbours than this, or a best score under half of them, is not evidence enough. */
    private static final int MIN_PAIRS = 100;
    private static final List<HprofLayout> CANDIDATES_64 = List.of(HprofLayout.COMPRESSED_64,
            HprofLayout.COMPRESSED_CLASSES_64, HprofLayout.UNCOMPRESSED_64, HprofLayout.COMPACT_64,
            new HprofLayout(12, 16, 4, 16), new HprofLayout(8, 12, 4, 16));

    private final long[] ids = new long[SAMPLE];
    private final byte[] kinds = new byte[SAMPLE];
    /** Instances and object arrays: their class; primitive arrays: the element type's code. */
    private final long[] types = new long[SAMPLE];
    private final long[] lengths = new long[SAMPLE];
    private int count;

    boolean isFull() {
        return count == SAMPLE;
    }

    void instance(long id, long classId) {
        add(id, HprofObjectKind.INSTANCE, classId, 0);
    }

    void objectArray(long id, long length) {
        add(id, HprofObjectKind.OBJECT_ARRAY, 0, length);
    }

    void primitiveArray(long id, BasicType type, long length) {
        add(id, HprofObjectKind.PRIMITIVE_ARRAY, type.code, length);
    }

    private void add(long id, HprofObjectKind kind, long type, long length) {
        if (count < SAMPLE) {
            ids[count] = id;
            kinds[count] = kind.code();
            types[count] = type;
            lengths[count] = length;
            count++;
        }
    }

    /** The best-scoring layout for a 64-bit dump; 32-bit ones have one layout. */
    Detection detect(Map<Long, String> names, Map<Long, String> fieldNames, Map<Long, ClassDump> dumps, int idSize) {
        HprofLayout fallback = HprofLayout.defaultFor(idSize);
        if (idSize != 8) {
            return new Detection(fallback, "assumed for 4-byte ids (a 32-bit JVM or Android)");
        }
        int pairs = 0;
        for (int i = 0; i + 1 < count; i++) {
            pairs += neighbours(i) ? 1 : 0;
        }
        HprofLayout best = null;
        int bestFits = -1;
        for (HprofLayout candidate : CANDIDATES_64) {
            int fits = fits(new HprofClasses(names, fieldNames, dumps, candidate, idSize), candidate);
            if (fits > bestFits) {
                best = candidate;
                bestFits = fits;
            }
        }
        if (pairs < MIN_PAIRS || bestFits * 2 < pairs) {
            return new Detection(fallback, "assumed: objects are not packed enough to tell ("
                    + bestFits + " of " + pairs + " neighbours fit at best)");
        }
        return new Detection(best, String.format(Locale.ROOT, "detected: %,d of %,d neighbouring objects sit exactly"
                + " one object size apart", bestFits, pairs));
    }

    /** Whether sample i and i + 1 could be adjacent in the heap. */
    private boolean neighbours(int i) {
        long gap = ids[i + 1] - ids[i];
        return gap > 0 && gap <= 1 << 16;
    }

    private int fits(HprofClasses classes, HprofLayout layout) {
        int fits = 0;
        for (int i = 0; i + 1 < count; i++) {
            if (neighbours(i) && size(classes, layout, i) == ids[i + 1] - ids[i]) {
                fits++;
            }
        }
        return fits;
    }

    private long size(HprofClasses classes, HprofLayout layout, int i) {
        HprofObjectKind kind = HprofObjectKind.of(kinds[i]);
        if (kind == HprofObjectKind.INSTANCE) {
            HprofClasses.Shape shape = classes.shape(types[i]);
            return shape == null ? -1 : shape.shallowSize;
        }
        if (kind == HprofObjectKind.OBJECT_ARRAY) {
            return layout.arraySize(lengths[i], layout.referenceBytes());
        }
        return layout.arraySize(lengths[i], BasicType.of((int) types[i]).heapSize(layout));
    }
}
