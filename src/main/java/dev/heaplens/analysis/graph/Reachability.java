package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;

/**
 * What GC roots reach: objects and bytes reachable and not, the unreachable ones by kind, and the
 * references that point at no object of the dump.
 */
public record Reachability(long reachableCount, long reachableBytes, long unreachableCount, long unreachableBytes,
                           List<KindRow> unreachableByKind, long danglingReferences, long danglingRoots,
                           WeakOnly weakOnly) {

    /**
     * Of the unreachable objects, those that weak, soft or phantom references still reach (the GC
     * may clear those references); null for dumps without weak references (Ruby's).
     */
    public record WeakOnly(long count, long bytes) {
    }

    public record KindRow(String kind, long count, long bytes) {
    }

    public static Reachability of(Dominators d, ObjectNamer namer) {
        HeapGraph g = d.graph();
        return new Reachability(d.reachableCount(), d.reachableBytes(), d.unreachableCount(), d.unreachableBytes(),
                unreachableBy(d, namer::kind), g.danglingReferences(), g.danglingRoots(),
                weakOnly(d));
    }

    /** The unreachable objects grouped by {@code key} (a kind, a class name...), most bytes first. */
    public static List<KindRow> unreachableBy(Dominators d, LongFunction<String> key) {
        HeapGraph g = d.graph();
        Map<String, long[]> groups = new TreeMap<>();
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            if (!d.isReachable(o)) {
                long[] sums = groups.computeIfAbsent(key.apply(o), k -> new long[2]);
                sums[0]++;
                sums[1] += g.shallowSize(o);
            }
        }
        List<KindRow> rows = new ArrayList<>();
        groups.forEach((k, v) -> rows.add(new KindRow(k, v[0], v[1])));
        rows.sort(Comparator.comparingLong(KindRow::bytes).reversed().thenComparing(KindRow::kind));
        return List.copyOf(rows);
    }

    /**
     * The objects a walk over every reference from the roots reaches that {@code d}'s walk (every
     * strong reference) did not. Such a walk leaves d's reachable objects only through a weak
     * reference, so only the unreachable objects behind a weak reference from a reachable one are
     * walked, not the whole graph again. Null for a dump without weak references.
     */
    public static WeakOnly weakOnly(Dominators d) {
        HeapGraph g = d.graph();
        if (!g.hasWeakReferences()) {
            return null;
        }
        BitSet seen = new BitSet((int) g.objectCount());
        int[] stack = new int[64];
        long count = 0;
        long bytes = 0;
        long source = 0; // the object whose references hold reference i
        for (long i = g.nextWeakReference(0); i >= 0; i = g.nextWeakReference(i + 1)) {
            while (g.outEnd(source) <= i) {
                source++;
            }
            long t = g.target(i);
            if (!d.isReachable(source) || d.isReachable(t) || seen.get((int) t)) {
                continue; // an unreachable source's weak references are followed if the walk reaches it
            }
            seen.set((int) t);
            int sp = 0;
            stack[sp++] = (int) t;
            while (sp > 0) {
                int v = stack[--sp];
                count++;
                bytes += g.shallowSize(v);
                for (long k = g.outStart(v), end = g.outEnd(v); k < end; k++) {
                    long w = g.target(k);
                    if (!seen.get((int) w) && !d.isReachable(w)) {
                        seen.set((int) w);
                        if (sp == stack.length) {
                            stack = Arrays.copyOf(stack, sp * 2);
                        }
                        stack[sp++] = (int) w;
                    }
                }
            }
        }
        return new WeakOnly(count, bytes);
    }
}
