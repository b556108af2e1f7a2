package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The objects each JVM waste check looks at, found in one walk over the heap for all of them: a
 * check's classes are marked in a table by class number, so each object costs one lookup whatever
 * the number of checks (each check walking the heap alone made six walks of the 7.4M-object dump
 * where this makes one). Duplicate strings walk the Strings alone: they need no dominator tree, so
 * suspects groups them while the tree is computed. Each list is in object order, with what every check asks of all its
 * objects; the checks apply the rest.
 */
final class CheckCandidates {
    private static final byte FINALIZER = 2;
    private static final byte COLLECTION = 4;
    private static final byte CAPACITY = 8;

    /** Objects of java.lang.ref.Finalizer. */
    final int[] finalizers;
    /** Reachable objects of the classes {@link EmptyCollections} checks. */
    final int[] collections;
    /** Objects of the classes {@link UnusedCapacity} checks. */
    final int[] capacity;
    /** Reachable arrays no larger than an empty array can be ({@link ZeroLengthArrays}). */
    final int[] smallArrays;
    /** Reachable primitive arrays with a record in the dump ({@link OneValueArrays}). */
    final int[] primitiveArrays;

    private CheckCandidates(Ints[] found) {
        finalizers = found[0].toArray();
        collections = found[1].toArray();
        capacity = found[2].toArray();
        smallArrays = found[3].toArray();
        primitiveArrays = found[4].toArray();
    }

    static CheckCandidates of(JvmHeap heap, Dominators d, HeapClasses classes) {
        HeapGraph g = heap.graph();
        byte[] roles = new byte[g.classCount()];
        mark(roles, g, classes, List.of("java.lang.ref.Finalizer"), FINALIZER);
        mark(roles, g, classes, EmptyCollections.COUNT_FIELD.keySet(), COLLECTION);
        mark(roles, g, classes, UnusedCapacity.CHECKED.keySet(), CAPACITY);
        long largestEmpty = ZeroLengthArrays.largestEmpty(heap.read().layout());
        Ints[] found = new Ints[5];
        Arrays.setAll(found, i -> new Ints());
        byte primitiveArray = HprofObjectKind.PRIMITIVE_ARRAY.code();
        byte objectArray = HprofObjectKind.OBJECT_ARRAY.code();
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            byte kind = g.kind(o);
            if (kind == primitiveArray || kind == objectArray) {
                if (g.shallowSize(o) <= largestEmpty && d.isReachable(o)) {
                    found[3].add((int) o);
                }
                if (kind == primitiveArray && d.isReachable(o) && g.position(o) >= 0) {
                    found[4].add((int) o);
                }
            }
            byte role = roles[g.classNumber(o)];
            if (role == 0) {
                continue;
            }
            if ((role & FINALIZER) != 0) {
                found[0].add((int) o);
            }
            if ((role & COLLECTION) != 0 && d.isReachable(o)) {
                found[1].add((int) o);
            }
            if ((role & CAPACITY) != 0) {
                found[2].add((int) o);
            }
        }
        return new CheckCandidates(found);
    }

    /** Marks {@code role} on the class numbers of the classes named {@code names} (every loader's). */
    private static void mark(byte[] roles, HeapGraph g, HeapClasses classes, Collection<String> names, byte role) {
        long[] addresses = classes.addresses(names);
        for (int c = 0; c < roles.length; c++) {
            if (HeapClasses.indexOf(g.classAddressOf(c), addresses) >= 0) {
                roles[c] |= role;
            }
        }
    }

    /** A growing list of object ids. */
    private static final class Ints {
        private int[] values = new int[64];
        private int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
