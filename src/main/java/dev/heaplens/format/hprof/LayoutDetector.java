package dev.heaplens.format.hprof;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;

/**
 * Tells how the dumped JVM laid out objects, which HPROF does not record, from where objects
 * sit: a JVM dumps objects in heap order, and after the GC that precedes a live dump most are
 * packed, so the gap to the next object's address is the object's size. Each candidate layout
 * is scored by how many gaps in a sample of neighbours it explains exactly.
 */
public final class LayoutDetector {
    /** Result: the layout and how it was chosen, for {@code summary}. */
    public record Detection(HprofLayout layout, String how) {
    }

    private static final int SAMPLE = 1 << 13;
    /** Fewer neighbours than this, or a best score under half of them, is not evidence enough. */
    private static final int MIN_PAIRS = 100;
    private static final List<HprofLayout> CANDIDATES_64 = List.of(HprofLayout.COMPRESSED_64,
            HprofLayout.COMPRESSED_CLASSES_64, HprofLayout.UNCOMPRESSED_64, HprofLayout.UNCOMPRESSED_64_JDK22,
            HprofLayout.COMPACT_64, HprofLayout.COMPACT_UNCOMPRESSED_OOPS_64,
            new HprofLayout(12, 16, 4, 16), new HprofLayout(8, 12, 4, 16));

    /** Ends the sampling read once the sample is full. */
    private static final class SampleFull extends RuntimeException {
        SampleFull() {
            super(null, null, false, false);
        }
    }

    private final long[] ids = new long[SAMPLE];
    private final byte[] kinds = new byte[SAMPLE];
    /** Instances and object arrays: their class; primitive arrays: the element type's code. */
    private final long[] types = new long[SAMPLE];
    private final long[] lengths = new long[SAMPLE];
    private int count;

    /**
     * Reads the start of {@code source} (class records and the first objects) and tells its
     * layout; the whole file only when it has fewer objects than the sample.
     */
    public static Detection detect(HprofSource source) {
        return detectReading(source).detection();
    }

    /**
     * What detecting read: the header and the class records before the sample was full (all of
     * them when the dump lists them before its objects, as HotSpot does).
     */
    record Sampled(Detection detection, HprofHeader header, HprofClassRecords records, long stoppedAt) {
        /** Whether a class dump at {@code offset} was read. */
        boolean read(long offset) {
            return offset < stoppedAt;
        }
    }

    /** As {@link #detect}, keeping what was read. */
    static Sampled detectReading(HprofSource source) {
        LayoutDetector detector = new LayoutDetector();
        Sampler sampler = detector.new Sampler();
        HprofHeader header;
        try (InputStream in = source.open()) {
            header = HprofReader.read(source.name(), in, source.size(), sampler, false);
        } catch (SampleFull full) {
            header = sampler.header;
        } catch (IOException e) {
            throw new HeaplensException(source.name() + ": cannot read: " + e.getMessage());
        }
        return new Sampled(detector.detect(sampler, header.idSize()), header, sampler, sampler.stoppedAt);
    }

    /** Collects the classes and samples objects until the sample is full. */
    private final class Sampler extends HprofClassRecords {
        HprofHeader header;
        /** Where the read stopped: the object that did not fit the sample, if one did not. */
        long stoppedAt = Long.MAX_VALUE;

        @Override
        public void header(HprofHeader h) {
            header = h;
        }

        @Override
        public boolean wantsObjects() {
            return true;
        }

        @Override
        public boolean wantsObjectContents() {
            return false;
        }

        @Override
        public void instance(long id, long classId, byte[] fields, int length, long offset) {
            add(id, HprofObjectKind.INSTANCE, classId, 0, offset);
        }

        @Override
        public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
            add(id, HprofObjectKind.OBJECT_ARRAY, 0, length, offset);
        }

        @Override
        public void primitiveArray(long id, BasicType type, long length, long offset) {
            add(id, HprofObjectKind.PRIMITIVE_ARRAY, type.code, length, offset);
        }

        private void add(long id, HprofObjectKind kind, long type, long length, long offset) {
            if (!offer(id, kind, type, length)) {
                stoppedAt = offset;
                throw new SampleFull();
            }
        }
    }

    /**
     * Adds an object to the sample (instances: {@code type} is the class id; primitive arrays:
     * the element type's code); false once the sample is full.
     */
    boolean offer(long id, HprofObjectKind kind, long type, long length) {
        if (count == SAMPLE) {
            return false;
        }
        ids[count] = id;
        kinds[count] = kind.code();
        types[count] = type;
        lengths[count] = length;
        count++;
        return true;
    }

    /** The best-scoring layout for a 64-bit dump; 32-bit ones have one layout. */
    Detection detect(HprofClassRecords records, int idSize) {
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
            int fits = fits(records.classes(candidate, idSize), candidate);
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
