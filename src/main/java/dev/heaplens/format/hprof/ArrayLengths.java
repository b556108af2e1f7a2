package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.IntColumn;

import java.util.List;

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

    /**
     * The lengths a read gave (a column per part of {@code builder}), held packed when the graph's sizes
     * allow it, packed a chunk at a time so that no {@code int} an object is held on the way (null:
     * the dump has no array); else as {@code int}s.
     */
    static ArrayLengths packed(HeapGraphBuilder builder, List<IntColumn> lengths, HeapGraph graph, HprofLayout layout,
                               HprofClasses classes) {
        PackedArrayLengths.Packed packed = PackedArrayLengths.pack(v -> builder.forEachInGraphOrder(lengths, v), graph, layout, classes);
        return packed != null ? loading(packed::unpack) : of(builder.toGraphOrder(lengths));
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
