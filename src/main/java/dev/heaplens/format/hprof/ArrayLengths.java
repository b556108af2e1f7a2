package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;

import java.util.function.Supplier;

/**
 * Each array's length (its elements, as its record's header says) by graph object, -1 for
 * instances and classes: read with the graph, kept in the index, and loaded from it only when
 * asked ({@code export}), so that other commands do not pay for it. After a read, held as a byte
 * an object ({@link PackedArrayLengths}) until asked for.
 */
public final class ArrayLengths {
    private Supplier<int[]> load;
    private int[] lengths;

    private ArrayLengths(int[] lengths, Supplier<int[]> load) {
        this.lengths = lengths;
        this.load = load;
    }

    /** The lengths at hand (null: the dump has no array). */
    static ArrayLengths of(int[] lengths) {
        return new ArrayLengths(lengths, null);
    }

    /** The lengths a read gave, held packed when the graph's sizes allow it (null: the dump has no array). */
    static ArrayLengths packed(int[] lengths, HeapGraph graph, HprofLayout layout, HprofClasses classes) {
        PackedArrayLengths.Packed packed = lengths == null ? null : PackedArrayLengths.pack(lengths, graph, layout, classes);
        return packed == null ? of(lengths) : loading(packed::unpack);
    }

    /** The lengths {@code load} gives on first use (null: the dump has no array). */
    static ArrayLengths loading(Supplier<int[]> load) {
        return new ArrayLengths(null, load);
    }

    /** By graph object: the array's length (at most 2^31 - 1), -1 for an object that is no array; null when no object is. */
    public synchronized int[] all() {
        if (load != null) {
            lengths = load.get();
            load = null;
        }
        return lengths;
    }
}
