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
import java.util.function.IntFunction;

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
                g.hasWeakReferences() ? weakOnly(d) : null);
    }

    /** The unreachable objects grouped by {@code key} (a kind, a class name...), most bytes first. */
    public static List<KindRow> unreachableBy(Dominators d, IntFunction<String> key) {
        HeapGraph g = d.graph();
        Map<String, long[]> groups = new TreeMap<>();
        for (int o = 0, n = g.objectCount(); o < n; o++) {
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

    /** Walks every reference, weak ones too, from the roots, counting what the strong walk missed. */
    private static WeakOnly weakOnly(Dominators d) {
        HeapGraph g = d.graph();
        BitSet seen = new BitSet(g.objectCount());
        int[] stack = new int[64];
        int sp = 0;
        long count = 0;
        long bytes = 0;
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            int t = g.rootTarget(r);
            if (seen.get(t)) {
                continue;
            }
            seen.set(t);
            stack[sp++] = t;
            while (sp > 0) {
                int v = stack[--sp];
                if (!d.isReachable(v)) {
                    count++;
                    bytes += g.shallowSize(v);
                }
                for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                    int w = g.target(i);
                    if (!seen.get(w)) {
                        seen.set(w);
                        if (sp == stack.length) {
                            stack = Arrays.copyOf(stack, sp * 2);
                        }
                        stack[sp++] = w;
                    }
                }
            }
        }
        return new WeakOnly(count, bytes);
    }
}
