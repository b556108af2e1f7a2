package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What GC roots reach: objects and bytes reachable and not, the unreachable ones by kind, and the
 * references that point at no object of the dump.
 */
public record Reachability(long reachableCount, long reachableBytes, long unreachableCount, long unreachableBytes,
                           List<KindRow> unreachableByKind, long danglingReferences, long danglingRoots) {

    public record KindRow(String kind, long count, long bytes) {
    }

    public static Reachability of(Dominators d, ObjectNamer namer) {
        HeapGraph g = d.graph();
        Map<String, long[]> byKind = new TreeMap<>();
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            if (!d.isReachable(o)) {
                long[] sums = byKind.computeIfAbsent(namer.kind(o), k -> new long[2]);
                sums[0]++;
                sums[1] += g.shallowSize(o);
            }
        }
        List<KindRow> rows = new ArrayList<>();
        byKind.forEach((k, v) -> rows.add(new KindRow(k, v[0], v[1])));
        rows.sort(Comparator.comparingLong(KindRow::bytes).reversed().thenComparing(KindRow::kind));
        return new Reachability(d.reachableCount(), d.reachableBytes(), d.unreachableCount(), d.unreachableBytes(),
                List.copyOf(rows), g.danglingReferences(), g.danglingRoots());
    }
}
