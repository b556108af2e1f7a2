package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.util.HumanBytes;

import java.util.Arrays;
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
     * {@code smallArrays}: the reachable arrays no larger than {@link #largestEmpty}.
     */
    static Finding of(JvmHeap heap, int[] smallArrays, long analysedBytes) {
        HeapGraph g = heap.graph();
        HprofLayout layout = heap.read().layout();
        Map<Long, Long> emptySize = new HashMap<>(); // array class -> a zero-length array's size, -1 when unknown
        Map<Long, Boolean> sizeSays = new HashMap<>(); // array class -> whether that size alone says the length is 0
        int[] candidates = new int[64];
        int count = 0;
        long candidateBytes = 0;
        for (int o : smallArrays) {
            HprofObjectKind kind = HprofObjectKind.of(g.kind(o));
            Long known = emptySize.get(g.classAddress(o));
            long empty = known != null ? known : emptySize(layout, kind, heap.className(o));
            if (known == null) {
                emptySize.put(g.classAddress(o), empty);
                sizeSays.put(g.classAddress(o), empty > 0 && layout.arraySize(1, elementBytes(layout, kind, heap.className(o))) > empty);
            }
            if (empty > 0 && g.shallowSize(o) == empty) {
                if (count == candidates.length) {
                    candidates = java.util.Arrays.copyOf(candidates, count * 2);
                }
                candidates[count++] = o;
                candidateBytes += empty;
            }
        }
        if (share(candidateBytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        int[] read = java.util.Arrays.copyOf(candidates, count);
        heap.fetch(Arrays.stream(read).filter(o -> !sizeSays.get(g.classAddress(o))).asLongStream().toArray());
        Map<String, long[]> byClass = new HashMap<>(); // class -> {arrays, bytes}
        long arrays = 0;
        long bytes = 0;
        for (int o : read) {
            if (sizeSays.get(g.classAddress(o)) || heap.records().arrayLength(o) == 0) {
                long[] c = byClass.computeIfAbsent(heap.className(o), k -> new long[2]);
                c[0]++;
                c[1] += g.shallowSize(o);
                arrays++;
                bytes += g.shallowSize(o);
            }
        }
        if (share(bytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        List<String> classes = JvmWasteChecks.largestFirst(byClass, 0, CLASSES_SHOWN,
                e -> String.format(Locale.ROOT, "%s (%,d)", e.getKey(), e.getValue()[0]));
        return new Finding("zero-length-arrays", bytes, arrays, share(bytes, analysedBytes), String.format(Locale.ROOT,
                "%,d arrays have no element (%s of headers, %s of the heap): each costs a header for nothing. One shared "
                        + "empty constant per type (an EMPTY field, List.of(), or allocating only when an element comes) "
                        + "saves all but one.", arrays, HumanBytes.of(bytes), percent(share(bytes, analysedBytes))),
                List.of(), classes);
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
