package dev.heaplens.memprof.heap;

import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.graph.HeapGraph;

/**
 * The profiler's own objects in a self-dump, left out of every count, size and graph: objects of
 * the profiler's classes, and then, repeatedly, objects that only they hold strongly (the arrays
 * and queue behind its tables). The profiler's weak references to every tracked object hold
 * nothing; GC roots and class objects are never hidden.
 */
public final class ProfilerObjects {
    private static final String PREFIX = "dev.heaplens.memprof.";
    private static final int MAX_ROUNDS = 8;
    private final boolean[] hidden;
    private final boolean[] root;

    ProfilerObjects(JvmHeap heap) {
        HeapGraph g = heap.graph();
        long n = g.objectCount();
        hidden = new boolean[(int) n];
        for (long o = 0; o < n; o++) {
            hidden[(int) o] = heap.classObjectName(o) == null && heap.className(o).startsWith(PREFIX);
        }
        boolean[] root = new boolean[(int) n];
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) >= 0) {
                root[(int) g.rootTarget(r)] = true;
            }
        }
        this.root = root;
        for (int round = 0; round < MAX_ROUNDS && hideOwnedOnly(heap, g); round++) {
            // until no object is newly found to be held only by the profiler
        }
    }

    private boolean hideOwnedOnly(JvmHeap heap, HeapGraph g) {
        boolean changed = false;
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            if (hidden[(int) o] || root[(int) o] || g.inDegree(o) == 0 || heap.classObjectName(o) != null) {
                continue;
            }
            boolean onlyProfiler = true;
            for (long i = g.inStart(o), end = g.inEnd(o); i < end && onlyProfiler; i++) {
                long from = g.source(i);
                onlyProfiler = hidden[(int) from] && holdsStrongly(g, from, o);
            }
            if (onlyProfiler) {
                hidden[(int) o] = true;
                changed = true;
            }
        }
        return changed;
    }

    private static boolean holdsStrongly(HeapGraph g, long from, long to) {
        for (long i = g.outStart(from), end = g.outEnd(from); i < end; i++) {
            if (g.target(i) == to && !g.isWeak(i)) {
                return true;
            }
        }
        return false;
    }

    public boolean hidden(long o) {
        return hidden[(int) o];
    }
}
