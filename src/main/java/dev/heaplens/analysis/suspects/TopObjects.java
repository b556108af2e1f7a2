package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.graph.Dominators;

import java.util.List;

/**
 * The top of the dominator tree, the objects the GC roots hold alone, with what the rules read of
 * each: retained bytes and objects and class name. Read from the dominators, or from the index
 * with, for each, its accumulation point and what that holds by class ({@link SuspectsStore}).
 */
public final class TopObjects {
    final long[] object;
    final long[] retained;
    final long[] retainedCount;
    final String[] className;
    /** Stored only: each one's accumulation point, and what the holder (that point, else the object) holds. */
    private final long[] accumulation;
    private final HeldLookup held;
    private final PathLookup paths;

    /** What a top object's holder holds by class, as stored. */
    interface HeldLookup {
        List<Suspect.HeldClass> of(int topIndex);
    }

    /** A top object's path from a GC root to its holder with each step's field, as stored; null when not stored. */
    interface PathLookup {
        LabelledPath of(int topIndex);
    }

    /** A path from a GC root, root first, and what leads to each step ({@code via[0]}: the root's kind). */
    record LabelledPath(long[] objects, String[] via) {
    }

    TopObjects(long[] object, long[] retained, long[] retainedCount, String[] className, long[] accumulation,
               HeldLookup held, PathLookup paths) {
        this.object = object;
        this.retained = retained;
        this.retainedCount = retainedCount;
        this.className = className;
        this.accumulation = accumulation;
        this.held = held;
        this.paths = paths;
    }

    /** The super-root's children {@code top} (by id) with their sizes and class names; nothing stored. */
    static TopObjects of(NamedHeap heap, Dominators d, long[] top) {
        long[] retained = new long[top.length];
        long[] count = new long[top.length];
        String[] names = new String[top.length];
        for (int i = 0; i < top.length; i++) {
            retained[i] = d.retainedSize(top[i]);
            count[i] = d.retainedCount(top[i]);
            names[i] = heap.className(top[i]);
        }
        return new TopObjects(top, retained, count, names, null, null, null);
    }

    int size() {
        return object.length;
    }

    boolean stored() {
        return accumulation != null;
    }

    long accumulation(int i) {
        return accumulation[i];
    }

    List<Suspect.HeldClass> held(int i) {
        return held.of(i);
    }

    /** What every holder holds, in columns: for top objects worked out here, not read back from an index. */
    HeldRows heldRows() {
        return (HeldRows) held;
    }

    /** Top object {@code i}'s labelled path to its holder, where stored (the larger ones), else null. */
    LabelledPath path(int i) {
        return paths.of(i);
    }

    /** Larger retained size first, then more retained objects, then the lower id: a total order. */
    boolean ranksAbove(int i, int j) {
        if (retained[i] != retained[j]) {
            return retained[i] > retained[j];
        }
        if (retainedCount[i] != retainedCount[j]) {
            return retainedCount[i] > retainedCount[j];
        }
        return object[i] < object[j];
    }
}
