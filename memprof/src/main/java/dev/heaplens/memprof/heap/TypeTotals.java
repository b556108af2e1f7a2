package dev.heaplens.memprof.heap;

import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.graph.HeapGraph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per type of a self-dump: the number of live objects, and MemProf's size: the heap bytes
 * transitively reachable from all live objects of the type over strong references, each byte
 * counted once per type. Like {@code objectSize} (and MemProf, which does not follow an object's
 * type) the walk does not enter Class objects: every object reaches its class, and a class reaches
 * its loader and so most of the heap. One graph walk per type, marking visited objects with the
 * type's number so no mark array is cleared between walks.
 */
public final class TypeTotals {
    /** One line of the logs. */
    public record Total(String type, long value) {
    }

    private TypeTotals() {
    }

    public static List<Total> counts(SelfDump dump) {
        JvmHeap heap = dump.heap();
        Map<String, long[]> counts = new HashMap<>();
        for (long o = 0, n = heap.graph().objectCount(); o < n; o++) {
            if (!dump.profiler().hidden(o)) {
                counts.computeIfAbsent(heap.className(o), k -> new long[1])[0]++;
            }
        }
        List<Total> out = new ArrayList<>();
        counts.forEach((type, c) -> out.add(new Total(type, c[0])));
        return out;
    }

    public static List<Total> sizes(SelfDump dump) {
        JvmHeap heap = dump.heap();
        HeapGraph g = heap.graph();
        long n = g.objectCount();
        Map<String, Integer> typeIds = new HashMap<>();
        List<String> types = new ArrayList<>();
        int[] typeOf = new int[(int) n];
        boolean[] isClass = new boolean[(int) n];
        int[] perType = new int[16];
        for (long o = 0; o < n; o++) {
            if (dump.profiler().hidden(o)) {
                typeOf[(int) o] = -1;
                continue;
            }
            String type = heap.className(o);
            Integer id = typeIds.get(type);
            if (id == null) {
                id = types.size();
                typeIds.put(type, id);
                types.add(type);
                if (id == perType.length) {
                    perType = java.util.Arrays.copyOf(perType, id * 2);
                }
            }
            typeOf[(int) o] = id;
            perType[id]++;
            isClass[(int) o] = heap.classObjectName(o) != null;
        }
        // objects bucketed by type: starts[t] .. starts[t + 1] in byType
        int typeCount = types.size();
        int[] starts = new int[typeCount + 1];
        for (int t = 0; t < typeCount; t++) {
            starts[t + 1] = starts[t] + perType[t];
        }
        int[] fill = java.util.Arrays.copyOf(starts, typeCount);
        int[] byType = new int[starts[typeCount]];
        for (long o = 0; o < n; o++) {
            if (typeOf[(int) o] >= 0) {
                byType[fill[typeOf[(int) o]]++] = (int) o;
            }
        }
        int[] mark = new int[(int) n];
        java.util.Arrays.fill(mark, -1);
        int[] stack = new int[Math.max(16, (int) n)];
        List<Total> out = new ArrayList<>();
        for (int t = 0; t < typeCount; t++) {
            long bytes = 0;
            int top = 0;
            for (int k = starts[t]; k < starts[t + 1]; k++) {
                int o = byType[k];
                if (mark[o] != t) {
                    mark[o] = t;
                    stack[top++] = o;
                }
            }
            while (top > 0) {
                int o = stack[--top];
                bytes += g.shallowSize(o);
                for (long i = g.outStart(o), end = g.outEnd(o); i < end; i++) {
                    long to = g.target(i);
                    if (to >= 0 && mark[(int) to] != t && typeOf[(int) to] >= 0 && !isClass[(int) to] && !g.isWeak(i)) {
                        mark[(int) to] = t;
                        stack[top++] = (int) to;
                    }
                }
            }
            out.add(new Total(types.get(t), bytes));
        }
        return out;
    }
}
