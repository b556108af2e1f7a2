package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.HumanBytes;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * MAT's check for primitive arrays whose elements all hold one value (a buffer never written, a
 * table filled with a default): their bytes carry no information. The graph keeps no contents, so
 * the arrays of two or more elements are read again, and only when together they could reach a
 * share worth telling: first an even sample of {@link #SAMPLE}, then all of them only when the
 * sample's one-value arrays, scaled up, make half that share (as {@link EmptyCollections} does).
 */
final class OneValueArrays {
    static final int SAMPLE = 2_000;
    static final int CLASSES_SHOWN = 10;

    private OneValueArrays() {
    }

    /**
     * The finding, or null when such arrays take less than {@link JvmWasteChecks#WORTH_TELLING};
     * {@code primitiveArrays}: the reachable primitive arrays with a record. The candidates are listed
     * in {@code scratch}, and their offsets sorted there.
     */
    static Finding of(JvmHeap heap, IdList primitiveArrays, long analysedBytes, Scratch scratch) {
        IdList candidates = new IdList(scratch, heap.graph().objectCount());
        try {
            return of(heap, primitiveArrays, candidates, analysedBytes, scratch);
        } finally {
            candidates.release();
        }
    }

    private static Finding of(JvmHeap heap, IdList primitiveArrays, IdList candidates, long analysedBytes, Scratch scratch) {
        HeapGraph g = heap.graph();
        long[] oneElement = new long[g.classCount()]; // the size of an array of one element, by class number; 0 until known
        long candidateBytes = 0;
        for (long i = 0, n = primitiveArrays.size(); i < n; i++) {
            long o = primitiveArrays.get(i);
            int at = g.classNumber(o);
            if (oneElement[at] == 0) {
                oneElement[at] = oneElementSize(heap.read().layout(), heap.className(o));
            }
            if (g.shallowSize(o) > oneElement[at]) { // two elements or more
                candidates.add(o);
                candidateBytes += g.shallowSize(o);
            }
        }
        if (JvmWasteChecks.share(candidateBytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        long count = candidates.size();
        if (count > SAMPLE) {
            Tally t = read(heap, SAMPLE, i -> candidates.get(i * count / SAMPLE), scratch); // evenly spaced
            double estimated = t.sampledBytes == 0 ? 0 : (double) t.bytes / t.sampledBytes * candidateBytes;
            if (estimated < JvmWasteChecks.WORTH_TELLING / 2 * analysedBytes) {
                return null;
            }
        }
        Tally t = read(heap, count, candidates::get, scratch);
        double share = JvmWasteChecks.share(t.bytes, analysedBytes);
        if (share < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        List<String> classes = JvmWasteChecks.largestFirst(t.byClassAndValue, 1, CLASSES_SHOWN,
                e -> String.format(Locale.ROOT, "%s (%,d, %s)", e.getKey(), e.getValue()[0], HumanBytes.of(e.getValue()[1])));
        return new Finding("one-value-arrays", t.bytes, t.arrays, share, String.format(Locale.ROOT,
                "%,d primitive arrays of two or more elements hold one value in every element: %s (%.1f%% of the heap) that "
                        + "tell nothing but their length. Allocate a buffer when it is first written, or keep a sparse "
                        + "structure for tables that are mostly a default.", t.arrays, HumanBytes.of(t.bytes), 100 * share),
                List.of(), classes);
    }

    /**
     * Reads the {@code n} arrays {@code array(i)} (one pass in file order, their offsets sorted in
     * {@code scratch}) and counts those of one value. Each array is checked in the reader's buffer as
     * it is read: no copy and no record kept.
     */
    private static Tally read(JvmHeap heap, long n, LongUnaryOperator array, Scratch scratch) {
        FileOrder order = new FileOrder(scratch, n);
        for (long i = 0; i < n; i++) {
            order.add(heap.graph().position(array.applyAsLong(i)));
        }
        HeapGraph g = heap.graph();
        Tally t = new Tally();
        order.sort().visit(heap, new HprofVisitor() {
            private long length;

            @Override
            public boolean wantsObjectContents() {
                return false;
            }

            @Override
            public void primitiveArray(long id, BasicType type, long length, long offset) {
                this.length = length;
                t.sampledBytes += g.shallowSize(g.objectOf(id));
            }

            @Override
            public int primitiveValueBytes(long id, BasicType type, long length) {
                return Integer.MAX_VALUE;
            }

            @Override
            public void primitiveArrayValues(long id, BasicType type, byte[] data, int dataLength) {
                String value = length >= 2 && dataLength == length * size(type) ? oneValue(type, data, dataLength) : null;
                if (value != null) {
                    long o = g.objectOf(id);
                    long[] c = t.byClassAndValue.computeIfAbsent(heap.className(o) + " all " + value, k -> new long[2]);
                    c[0]++;
                    c[1] += g.shallowSize(o);
                    t.arrays++;
                    t.bytes += g.shallowSize(o);
                }
            }
        });
        order.release();
        return t;
    }

    /** The one value every element of {@code data[0, length)} holds, as Java writes it, or null when two differ. */
    static String oneValue(BasicType type, byte[] data, int length) {
        int e = size(type);
        for (int i = e; i < length; i++) {
            if (data[i] != data[i % e]) {
                return null;
            }
        }
        ByteBuffer first = ByteBuffer.wrap(data, 0, e); // HPROF is big-endian
        return switch (type) {
            case BOOLEAN -> Boolean.toString(data[0] != 0);
            case BYTE -> Byte.toString(data[0]);
            case CHAR -> String.format(Locale.ROOT, "'\\u%04x'", (int) first.getChar());
            case SHORT -> Short.toString(first.getShort());
            case INT -> Integer.toString(first.getInt());
            case LONG -> Long.toString(first.getLong());
            case FLOAT -> Float.toString(first.getFloat());
            case DOUBLE -> Double.toString(first.getDouble());
            case OBJECT -> null;
        };
    }

    private static int size(BasicType type) {
        return type.fileSize(0);
    }

    /** The size of a one-element array of this primitive array class, or the largest long when its type is unknown. */
    private static long oneElementSize(HprofLayout layout, String className) {
        int element = switch (className) {
            case "boolean[]", "byte[]" -> 1;
            case "char[]", "short[]" -> 2;
            case "int[]", "float[]" -> 4;
            case "long[]", "double[]" -> 8;
            default -> -1;
        };
        return element < 0 ? Long.MAX_VALUE : layout.arraySize(1, element);
    }

    private static final class Tally {
        final Map<String, long[]> byClassAndValue = new HashMap<>(); // "long[] all 0" -> {arrays, bytes}
        long arrays;
        long bytes;
        long sampledBytes;
    }
}
