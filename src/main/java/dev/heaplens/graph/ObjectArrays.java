package dev.heaplens.graph;

import dev.heaplens.HeaplensException;

import java.util.BitSet;
import java.util.Locale;

/**
 * Heap arrays of a value an object, for the steps that still hold one (the others keep such columns in
 * {@link IdCells}, {@link LongCells}, {@link ByteCells} or {@link BitCells}, mapped out of core). A
 * graph past what one Java array holds is refused here in one line naming the step, never with a
 * negative array size. Tests refuse every such array ({@link #refuseAll}) in runs out of core forced to
 * wide ids, so that a step which would need one past 2^31 objects is found on a small dump.
 */
public final class ObjectArrays {
    /** Set by tests around a run that must not hold a heap array an object. */
    static volatile boolean refuseAll;

    private ObjectArrays() {
    }

    public static int[] ints(long objects, String step) {
        return new int[length(objects, step)];
    }

    public static long[] longs(long objects, String step) {
        return new long[length(objects, step)];
    }

    public static byte[] bytes(long objects, String step) {
        return new byte[length(objects, step)];
    }

    /** A {@link BitSet} sized for {@code objects} bits. */
    public static BitSet bits(long objects, String step) {
        return new BitSet(length(objects, step));
    }

    /** Whether a graph of {@code objects} objects is past what one heap array holds (or is taken to be, in tests). */
    public static boolean past(long objects) {
        return refuseAll || objects > HeapGraphBuilder.MAX_OBJECTS;
    }

    /** {@code objects} as an array length, refused past {@link HeapGraphBuilder#MAX_OBJECTS} (or always, in tests). */
    public static int length(long objects, String step) {
        if (past(objects)) {
            throw new HeaplensException(String.format(Locale.ROOT,
                    "%s holds a value an object in one heap array, and %,d objects pass what one holds (%,d)",
                    step, objects, HeapGraphBuilder.MAX_OBJECTS));
        }
        return (int) objects;
    }
}
