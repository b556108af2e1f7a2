package dev.heaplens.memprof.heap;

import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.graph.HeapGraph;

/**
 * The profiler's own objects in a self-dump, left out of every count, size and graph: objects of
 * the profiler's classes, and then, repeatedly, objects that only they refer to (the arrays and
 * queue behind its tables). Class objects are never hidden: they are the JVM's.
 */
public final class ProfilerObjects {
    private static final String PREFIX = "dev.heaplens.memprof.";
    private static final int MAX_ROUNDS = 8;
    private final boolean[] hidden;

    ProfilerObjects(JvmHeap heap) {
        HeapGraph g = heap.graph();
        int n = g.objectCount();
        hidden = new boolean[n];
        for (int o = 0; o < n; o++) {
            hidden[o] = heap.classObjectName(o) == null && heap.className(o).startsWith(PREFIX);
        }
        for (int round = 0; round < MAX_ROUNDS && hideOwnedOnly(heap, g); round++) {
            // until no object is newly found to be held only by the profiler
        }
    }

    private boolean hideOwnedOnly(JvmHeap heap, HeapGraph g) {
        boolean changed = false;
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            if (hidden[o] || g.inDegree(o) == 0 || heap.classObjectName(o) != null) {
                continue;
            }
            boolean onlyProfiler = true;
            for (long i = g.inStart(o), end = g.inEnd(o); i < end && onlyProfiler; i++) {
                onlyProfiler = hidden[g.source(i)];
            }
            if (onlyProfiler) {
                hidden[o] = true;
                changed = true;
            }
        }
        return changed;
    }

    public boolean hidden(int o) {
        return hidden[o];
    }
}
