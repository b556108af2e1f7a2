package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;
import dev.heaplens.graph.ThreadStacks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/** A dump read into a heap graph, with what its runtime calls the objects and references. */
public interface NamedHeap extends ObjectNamer {
    HeapGraph graph();

    /**
     * The class loader that loaded {@code o}'s class (for a class object, the class it is), as a
     * person reads it ({@code <bootstrap>}, or the loader's class @ its address), or null where a
     * runtime has no loaders.
     */
    default String loader(long o) {
        return null;
    }

    /** What the dump says of its runtime, as label and value pairs to show (a JVM's layout); none by default. */
    default List<String[]> facts() {
        return List.of();
    }

    /** The dump's threads and their stacks, or null when the runtime's dumps have none (Ruby). */
    default ThreadStacks threads() {
        return null;
    }

    /** The class the object counts under, as {@code histogram --by class} names it. */
    default String className(long object) {
        return group(object, GroupBy.CLASS);
    }

    /** The name of a class object itself ({@code Foo}), or null when the object is not a class. */
    String classObjectName(long object);

    /**
     * How many objects count under class {@code name}, and the first {@code max} of them in address
     * order: one pass over the objects, holding no more than those kept, whatever the dump's size.
     */
    default ClassObjects objectsOfClass(String name, int max) {
        long[] first = new long[Math.min(max, 1024)];
        int kept = 0;
        long count = 0;
        for (long o = 0, n = graph().objectCount(); o < n; o++) {
            if (className(o).equals(name)) {
                if (kept < max) {
                    if (kept == first.length) {
                        first = Arrays.copyOf(first, (int) Math.min(max, 2L * kept));
                    }
                    first[kept++] = o;
                }
                count++;
            }
        }
        return new ClassObjects(count, Arrays.copyOf(first, kept));
    }

    /** The objects of one class: their {@code count}, and the {@code first} of them kept. */
    record ClassObjects(long count, long[] first) {
    }

    /** Every class name objects are counted under, sorted, for suggestions. */
    default List<String> classNames() {
        TreeSet<String> names = new TreeSet<>();
        for (long o = 0, n = graph().objectCount(); o < n; o++) {
            names.add(className(o));
        }
        return new ArrayList<>(names);
    }

    /** Ruby: the object's GC generation (allocation tracing on); -1 when the dump does not say, as on the JVM. */
    default int generation(long object) {
        return -1;
    }

    /** Ruby: the method that allocated the object (allocation tracing on); null when the dump does not say, as on the JVM. */
    default String allocationMethod(long object) {
        return null;
    }

    /**
     * Ruby: an array's length, a hash's size, a string's bytesize; JVM: an array's length (elements).
     * At most 2^31 - 1; -1 for other objects.
     */
    default long length(long object) {
        return -1;
    }

    /** Ruby: an IMEMO object's kind ({@code iseq}, {@code ment}); null for other objects and on the JVM. */
    default String imemoKind(long object) {
        return null;
    }

    /**
     * References the reader adds to those the dump lists, which the graph holds as any other: Ruby's
     * pointer from each object to its class (the dump leaves it out; the GC marks it). 0 by default.
     */
    default long addedReferences() {
        return 0;
    }

    /** A label for the {@code position}-th reference of {@code from}, which points at {@code to}. */
    String edgeLabel(long from, int position, long to);

    /** Names references in a bulk walk: the field, element or pointer a reference is, or null when unnamed. */
    @FunctionalInterface
    interface ReferenceNamer {
        String name(long from, int position, long to);

        /** Gives back what the names were kept in (scratch cells), once every reference is named. */
        default void release() {
        }
    }

    /**
     * Names for every reference at once, for an export: what {@link #edgeLabel} would say where it
     * is a name (not a bare position), prepared in one pass where naming needs the dump read again,
     * its columns over every reference in {@code scratch}.
     */
    default ReferenceNamer referenceNames(Scratch scratch) {
        return (from, position, to) -> null;
    }
}
