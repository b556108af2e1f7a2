package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.IntColumn;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * Each array's length (its elements, as its record's header says) by graph object, -1 for
 * instances and classes: read with the graph and kept in the index. Asked one object at a time
 * ({@link #length}), never copied into an {@code int} an object: after a read they stay a byte an
 * object ({@link PackedArrayLengths}), from an index they are read where the index is mapped (an
 * {@code int[n]} was 120 MB beside suspects' checks on a 30M-object dump).
 */
public final class ArrayLengths {
    /** The length of an object given no array, and of every object when the dump has no array. */
    private static final IntUnaryOperator NONE = o -> -1;
    private Supplier<IntUnaryOperator> open;
    private volatile IntUnaryOperator byObject;
    /** An {@code int[]} of them all, or null when the dump has no array. */
    private final Supplier<int[]> copy;

    private ArrayLengths(Supplier<IntUnaryOperator> open, Supplier<int[]> copy) {
        this.open = open;
        this.copy = copy;
    }

    /** The lengths at hand (null: the dump has no array). */
    static ArrayLengths of(int[] lengths) {
        return lengths == null ? new ArrayLengths(() -> NONE, () -> null)
                : new ArrayLengths(() -> o -> lengths[o], () -> lengths);
    }

    /**
     * The lengths a read gave (a column per part of {@code builder}), held packed when the graph's sizes
     * allow it, packed a chunk at a time so that no {@code int} an object is held on the way (null:
     * the dump has no array); else as {@code int}s. Then the read's columns and graph order are given back.
     */
    static ArrayLengths packed(HeapGraphBuilder builder, List<IntColumn> lengths, HeapGraph graph, HprofLayout layout,
                               HprofClasses classes) {
        PackedArrayLengths.Packed packed = PackedArrayLengths.pack(v -> builder.forEachInGraphOrder(lengths, v), graph, layout, classes);
        ArrayLengths made = packed != null ? new ArrayLengths(() -> packed::length, packed::unpack) : of(builder.toGraphOrder(lengths));
        lengths.forEach(IntColumn::clear); // out of core, their scratch files' disk back now, not at the end
        builder.releaseGraphOrder(); // kept for these alone (HeapGraphBuilder#keepGraphOrder)
        return made;
    }

    /**
     * The lengths stored in an index: {@code pages} maps them on first use (null: the dump has no
     * array), pages of {@code 2^shift} ints; {@code copy} reads them all into the heap.
     */
    static ArrayLengths mapped(Supplier<ByteBuffer[]> pages, int shift, Supplier<int[]> copy) {
        return new ArrayLengths(() -> {
            ByteBuffer[] mapped = pages.get();
            if (mapped == null) {
                return NONE;
            }
            IntBuffer[] ints = new IntBuffer[mapped.length];
            for (int p = 0; p < ints.length; p++) {
                ints[p] = mapped[p].asIntBuffer();
            }
            int mask = (1 << shift) - 1;
            return o -> ints[o >>> shift].get(o & mask);
        }, copy);
    }

    /** An object's array length (at most 2^31 - 1), -1 for an object that is no array. */
    public long length(long o) {
        IntUnaryOperator opened = byObject; // no lock once opened: suspects asks of millions of arrays
        return (opened != null ? opened : lookup()).applyAsInt((int) o);
    }

    private synchronized IntUnaryOperator lookup() {
        if (open != null) {
            byObject = open.get();
            open = null;
        }
        return byObject;
    }

    /** All of them by graph object, read-only, made for the caller when not at hand (the index write, which drops it); null when no object is an array. */
    public int[] all() {
        return copy.get();
    }
}
