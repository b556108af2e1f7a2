package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.HumanBytes;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * MAT's zero-length arrays check: arrays with no element, each an object header for nothing (a
 * shared constant would do). The graph keeps no lengths, so the arrays whose shallow size is what
 * the layout gives a length of 0 are the candidates. Where a one-element array of the type is
 * bigger (the usual compressed layout) that size says the length; where it is not (12-byte array
 * headers, JDK 22's uncompressed layout) only those candidates' records are read again to confirm
 * it, and none when all the candidates together could not reach a share worth telling.
 */
final class ZeroLengthArrays {
    static final int CLASSES_SHOWN = 10;

    private ZeroLengthArrays() {
    }

    /**
     * The finding, or null when the zero-length arrays hold less than {@link JvmWasteChecks#WORTH_TELLING};
     * {@code smallArrays}: the reachable arrays no larger than {@link #largestEmpty}. The arrays whose
     * size does not say their length are listed in {@code scratch} and their records read in file order.
     */
    static Finding of(JvmHeap heap, IdList smallArrays, long analysedBytes, Scratch scratch) {
        HeapGraph g = heap.graph();
        Sizes sizes = new Sizes(heap);
        long candidateBytes = 0;
        for (long i = 0, n = smallArrays.size(); i < n; i++) {
            candidateBytes += sizes.candidate(smallArrays.get(i));
        }
        if (share(candidateBytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        Tally t = new Tally(heap);
        IdList read = new IdList(scratch, g.objectCount()); // the candidates whose records say their length
        for (long i = 0, n = smallArrays.size(); i < n; i++) {
            long o = smallArrays.get(i);
            if (sizes.candidate(o) > 0) {
                if (sizes.sizeSays.get(g.classAddress(o))) {
                    t.add(o);
                } else if (g.position(o) >= 0) {
                    read.add(o);
                }
            }
        }
        readEmpty(heap, read, t, scratch);
        read.release();
        if (share(t.bytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        List<String> classes = JvmWasteChecks.largestFirst(t.byClass, 0, CLASSES_SHOWN,
                e -> String.format(Locale.ROOT, "%s (%,d)", e.getKey(), e.getValue()[0]));
        return new Finding("zero-length-arrays", t.bytes, t.arrays, share(t.bytes, analysedBytes), String.format(Locale.ROOT,
                "%,d arrays have no element (%s of headers, %s of the heap): each costs a header for nothing. One shared "
                        + "empty constant per type (an EMPTY field, List.of(), or allocating only when an element comes) "
                        + "saves all but one.", t.arrays, HumanBytes.of(t.bytes), percent(share(t.bytes, analysedBytes))),
                List.of(), classes);
    }

    /** Reads the records of {@code arrays} in one pass in file order, and adds those of no element to {@code t}. */
    private static void readEmpty(JvmHeap heap, IdList arrays, Tally t, Scratch scratch) {
        FileOrder order = new FileOrder(scratch, arrays.size());
        for (long i = 0, n = arrays.size(); i < n; i++) {
            order.add(heap.graph().position(arrays.get(i)));
        }
        order.sort().visit(heap, new HprofVisitor() {
            @Override
            public boolean wantsObjectContents() {
                return false;
            }

            @Override
            public void objectArray(long id, long arrayClassId, long[] elements, int length, long offset) {
                addIfEmpty(length);
            }

            @Override
            public void primitiveArray(long id, BasicType type, long length, long offset) {
                addIfEmpty(length);
            }

            private void addIfEmpty(long length) {
                if (length == 0) {
                    t.add(arrays.get(order.current()));
                }
            }
        });
        order.release();
    }

    /** Each array class's size with no element, and whether that size alone says an array of it has none. */
    private static final class Sizes {
        private final JvmHeap heap;
        private final HprofLayout layout;
        private final Map<Long, Long> emptySize = new HashMap<>(); // array class -> a zero-length array's size, -1 when unknown
        final Map<Long, Boolean> sizeSays = new HashMap<>(); // array class -> whether that size alone says the length is 0

        Sizes(JvmHeap heap) {
            this.heap = heap;
            this.layout = heap.read().layout();
        }

        /** The size of array {@code o} when it is what its class's arrays of no element take, else 0. */
        long candidate(long o) {
            HeapGraph g = heap.graph();
            Long known = emptySize.get(g.classAddress(o));
            long empty = known != null ? known : emptySize(layout, HprofObjectKind.of(g.kind(o)), heap.className(o));
            if (known == null) {
                HprofObjectKind kind = HprofObjectKind.of(g.kind(o));
                emptySize.put(g.classAddress(o), empty);
                sizeSays.put(g.classAddress(o), empty > 0 && layout.arraySize(1, elementBytes(layout, kind, heap.className(o))) > empty);
            }
            return empty > 0 && g.shallowSize(o) == empty ? empty : 0;
        }
    }

    /** The zero-length arrays found: per class, and in all. */
    private static final class Tally {
        private final JvmHeap heap;
        final Map<String, long[]> byClass = new HashMap<>(); // class -> {arrays, bytes}
        long arrays;
        long bytes;

        Tally(JvmHeap heap) {
            this.heap = heap;
        }

        void add(long o) {
            long size = heap.graph().shallowSize(o);
            long[] c = byClass.computeIfAbsent(heap.className(o), k -> new long[2]);
            c[0]++;
            c[1] += size;
            arrays++;
            bytes += size;
        }
    }

    /** The largest size an array with no element has in this layout: larger arrays are not looked at. */
    static long largestEmpty(HprofLayout layout) {
        return Math.max(layout.arraySize(0, 8), layout.arraySize(0, layout.referenceBytes()));
    }

    /** The size the layout gives an array of this class with no element, or -1 when its element type is unknown. */
    private static long emptySize(HprofLayout layout, HprofObjectKind kind, String className) {
        int element = elementBytes(layout, kind, className);
        return element < 0 ? -1 : layout.arraySize(0, element);
    }

    /** The bytes of one element of an array of this class, or -1 when its type is unknown. */
    private static int elementBytes(HprofLayout layout, HprofObjectKind kind, String className) {
        return kind == HprofObjectKind.OBJECT_ARRAY ? layout.referenceBytes() : switch (className) {
            case "boolean[]", "byte[]" -> 1;
            case "char[]", "short[]" -> 2;
            case "int[]", "float[]" -> 4;
            case "long[]", "double[]" -> 8;
            default -> -1;
        };
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    private static double share(long bytes, long whole) {
        return JvmWasteChecks.share(bytes, whole);
    }
}
