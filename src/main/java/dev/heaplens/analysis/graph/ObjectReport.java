package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything {@code heaplens object} shows about one object: its record, sizes, the chain of
 * dominators up to the roots, the roots that hold it, and its first referrers and referents.
 */
public record ObjectReport(ObjectRow object, String record, List<ObjectRow> dominators, List<String> rootCategories,
                           List<ObjectRow> referrers, long referrerCount, List<ObjectRow> referents, long referentCount) {

    public static ObjectReport of(int o, Dominators d, ObjectNamer namer, String record, int neighbours) {
        HeapGraph g = d.graph();
        List<ObjectRow> chain = new ArrayList<>();
        for (int up = d.immediateDominator(o); up >= 0; up = d.immediateDominator(up)) {
            chain.add(ObjectRow.of(up, d, namer));
        }
        List<String> roots = new ArrayList<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) == o && !roots.contains(g.rootCategory(r))) {
                roots.add(g.rootCategory(r));
            }
        }
        List<ObjectRow> referrers = new ArrayList<>();
        List<Integer> seen = new ArrayList<>();
        for (long i = g.inStart(o); i < g.inEnd(o) && referrers.size() < neighbours; i++) {
            int from = g.source(i);
            if (!seen.contains(from)) {
                seen.add(from);
                referrers.add(ObjectRow.of(from, d, namer));
            }
        }
        List<ObjectRow> referents = new ArrayList<>();
        for (long i = g.outStart(o); i < g.outEnd(o) && referents.size() < neighbours; i++) {
            referents.add(ObjectRow.of(g.target(i), d, namer));
        }
        return new ObjectReport(ObjectRow.of(o, d, namer), record, List.copyOf(chain), List.copyOf(roots),
                List.copyOf(referrers), g.inDegree(o), List.copyOf(referents), g.outDegree(o));
    }
}
