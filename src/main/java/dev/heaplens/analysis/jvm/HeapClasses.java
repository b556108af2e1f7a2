package dev.heaplens.analysis.jvm;

import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.HeapGraph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A heap's class objects by name, found once for all the waste checks; and the few class addresses
 * a check looks for, so that it tells its objects from the others by comparing longs, with no
 * boxed lookup per object.
 */
final class HeapClasses {
    private final HeapGraph g;
    /** Class name -> its class objects (one per loader that loaded it), names in order. */
    final Map<String, List<Long>> byName = new TreeMap<>();

    private HeapClasses(HeapGraph g) {
        this.g = g;
    }

    static HeapClasses of(JvmHeap heap) {
        HeapClasses c = new HeapClasses(heap.graph());
        HeapGraph g = heap.graph();
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            if (HprofObjectKind.of(g.kind(o)) == HprofObjectKind.CLASS) {
                String name = heap.classObjectName(o);
                if (name != null) {
                    c.byName.computeIfAbsent(name, k -> new ArrayList<>()).add(o);
                }
            }
        }
        return c;
    }

    /** The addresses of the classes named {@code names}, every loader's. */
    long[] addresses(Collection<String> names) {
        return names.stream().flatMap(n -> byName.getOrDefault(n, List.of()).stream()).mapToLong(g::address).toArray();
    }

    /** The graph's number of class {@code address}, or -1 when no object is of that class. */
    static int classNumber(HeapGraph g, long address) {
        for (int c = 0, n = g.classCount(); c < n; c++) {
            if (g.classAddressOf(c) == address) {
                return c;
            }
        }
        return -1;
    }

    /** Where {@code address} is in {@code addresses} (a few: a check's classes), or -1. */
    static int indexOf(long address, long[] addresses) {
        for (int i = 0; i < addresses.length; i++) {
            if (addresses[i] == address) {
                return i;
            }
        }
        return -1;
    }
}
