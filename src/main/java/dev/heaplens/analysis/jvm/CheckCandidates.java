package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;

import java.util.Collection;
import java.util.List;

/**
 * The objects each JVM waste check looks at, found in one walk over the heap for all of them: a
 * check's classes are marked in a table by class number, so each object costs one lookup whatever
 * the number of checks (each check walking the heap alone made six walks of the 7.4M-object dump
 * where this makes one). Duplicate strings walk the Strings alone: they need no dominator tree, so
 * suspects groups them while the tree is computed. Each list is in object order, with what every
 * check asks of all its objects; the checks apply the rest. The lists grow in the heap's scratch
 * ({@link IdList}): their lengths are known only at the walk's end, and one of them (the primitive
 * arrays) holds a third of a dump's objects.
 */
final class CheckCandidates {
    private static final byte FINALIZER = 2;
    private static final byte COLLECTION = 4;
    private static final byte CAPACITY = 8;

    /** Objects of java.lang.ref.Finalizer. */
    final IdList finalizers;
    /** Reachable objects of the classes {@link EmptyCollections} checks. */
    final IdList collections;
    /** Objects of the classes {@link UnusedCapacity} checks. */
    final IdList capacity;
    /** Reachable arrays no larger than an empty array can be ({@link ZeroLengthArrays}). */
    final IdList smallArrays;
    /** Reachable primitive arrays with a record in the dump ({@link OneValueArrays}). */
    final IdList primitiveArrays;

    private CheckCandidates(Scratch scratch, long objects) {
        finalizers = new IdList(scratch, objects);
        collections = new IdList(scratch, objects);
        capacity = new IdList(scratch, objects);
        smallArrays = new IdList(scratch, objects);
        primitiveArrays = new IdList(scratch, objects);
    }

    /** The candidates of {@code heap}'s checks, listed in {@code scratch} (given back by {@link #release}). */
    static CheckCandidates of(JvmHeap heap, Dominators d, HeapClasses classes, Scratch scratch) {
        HeapGraph g = heap.graph();
        byte[] roles = new byte[g.classCount()];
        mark(roles, g, classes, List.of("java.lang.ref.Finalizer"), FINALIZER);
        mark(roles, g, classes, EmptyCollections.COUNT_FIELD.keySet(), COLLECTION);
        mark(roles, g, classes, UnusedCapacity.CHECKED.keySet(), CAPACITY);
        long largestEmpty = ZeroLengthArrays.largestEmpty(heap.read().layout());
        CheckCandidates found = new CheckCandidates(scratch, g.objectCount());
        byte primitiveArray = HprofObjectKind.PRIMITIVE_ARRAY.code();
        byte objectArray = HprofObjectKind.OBJECT_ARRAY.code();
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            byte kind = g.kind(o);
            if (kind == primitiveArray || kind == objectArray) {
                if (g.shallowSize(o) <= largestEmpty && d.isReachable(o)) {
                    found.smallArrays.add(o);
                }
                if (kind == primitiveArray && d.isReachable(o) && g.position(o) >= 0) {
                    found.primitiveArrays.add(o);
                }
            }
            byte role = roles[g.classNumber(o)];
            if (role == 0) {
                continue;
            }
            if ((role & FINALIZER) != 0) {
                found.finalizers.add(o);
            }
            if ((role & COLLECTION) != 0 && d.isReachable(o)) {
                found.collections.add(o);
            }
            if ((role & CAPACITY) != 0) {
                found.capacity.add(o);
            }
        }
        return found;
    }

    /** Gives the lists back: the checks are done. */
    void release() {
        finalizers.release();
        collections.release();
        capacity.release();
        smallArrays.release();
        primitiveArrays.release();
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
}
