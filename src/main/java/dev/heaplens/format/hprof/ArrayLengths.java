package dev.heaplens.format.hprof;

import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.IntColumn;
import dev.heaplens.graph.NarrowInts;
import dev.heaplens.graph.Scratch;

import java.util.List;
import java.util.function.Supplier;

/**
 * Each array's length (its elements, as its record's header says) by graph object, -1 for
 * instances and classes: read with the graph and kept in the index. Asked one object at a time
 * ({@link #length}) by long id, never copied into an {@code int} an object: after a read they stay a
 * byte an object ({@link PackedArrayLengths}), from an index they are read where the index is mapped
 * (an {@code int[n]} was 120 MB beside suspects' checks on a 30M-object dump); out of core, where the
 * heap has no room, the read's are in its scratch.
 */
public final class ArrayLengths {
    /** After a read that packed them; else null. */
    private final PackedArrayLengths.Packed packed;
    /** Maps the stored lengths on first use (null once opened, or after a read). */
    private Supplier<NarrowInts> open;
    /** The lengths as ints, once opened; null when no object is an array (or when packed). */
    private NarrowInts ints;
    /** Whether {@link #ints} is set: read without a lock once it is (suspects asks of millions of arrays). */
    private volatile boolean opened;

    private ArrayLengths(PackedArrayLengths.Packed packed, Supplier<NarrowInts> open, NarrowInts ints) {
        this.packed = packed;
        this.open = open;
        this.ints = ints;
        this.opened = open == null;
    }

    /**
     * The lengths a read gave (a column per part of {@code builder}), held packed when the graph's sizes
     * allow it, packed a chunk at a time so that no {@code int} an object is held on the way; else as
     * ints, narrowed ({@link NarrowInts}); both in the heap while it has room, else in {@code scratch}.
     * Then the read's columns and graph order are given back.
     */
    static ArrayLengths packed(HeapGraphBuilder builder, List<IntColumn> lengths, HeapGraph graph, HprofLayout layout,
                               HprofClasses classes, Scratch scratch) {
        PackedArrayLengths.Packed packed = PackedArrayLengths.pack(v -> builder.forEachInGraphOrder(lengths, v), graph, layout,
                classes, scratch);
        ArrayLengths made = new ArrayLengths(packed, null, packed != null ? null : builder.toGraphOrder(lengths));
        lengths.forEach(IntColumn::clear); // out of core, their scratch files' disk back now, not at the end
        builder.releaseGraphOrder(); // kept for these alone (HeapGraphBuilder#keepGraphOrder)
        return made;
    }

    /** The lengths stored in an index: {@code open} maps them on first use (null: the dump has no array). */
    static ArrayLengths stored(Supplier<NarrowInts> open) {
        return new ArrayLengths(null, open, null);
    }

    /** An object's array length (at most 2^31 - 1), -1 for an object that is no array. */
    public long length(long o) {
        PackedArrayLengths.Packed p = packed;
        if (p != null) {
            return p.length(o);
        }
        NarrowInts l = opened ? ints : opened();
        return l == null ? -1 : l.get(o);
    }

    private synchronized NarrowInts opened() {
        if (!opened) {
            ints = open.get();
            open = null;
            opened = true;
        }
        return ints;
    }

    /** Whether some object is an array: whether the lengths are stored. */
    boolean any() {
        return packed != null || (opened ? ints : opened()) != null;
    }

    /** The lengths of objects {@code [from, from + count)} into {@code into[0, count)}: the index's runs. */
    void copy(long from, int[] into, int count) {
        if (packed == null) {
            (opened ? ints : opened()).copy(from, into, count);
            return;
        }
        for (int i = 0; i < count; i++) {
            into[i] = packed.length(from + i);
        }
    }
}
