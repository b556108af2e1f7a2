package dev.heaplens.analysis.graph;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
        Set<Integer> referrers = new LinkedHashSet<>();
        for (long i = g.inStart(o); i < g.inEnd(o); i++) {
            referrers.add(g.source(i));
        }
        Set<Integer> referents = new LinkedHashSet<>();
        for (long i = g.outStart(o); i < g.outEnd(o); i++) {
            referents.add(g.target(i));
        }
        return new ObjectReport(ObjectRow.of(o, d, namer), record, List.copyOf(chain), List.copyOf(roots),
                rows(referrers, neighbours, d, namer), referrers.size(), rows(referents, neighbours, d, namer), referents.size());
    }

    /** The first {@code limit} of {@code objects}, described; a reference held twice is listed once. */
    private static List<ObjectRow> rows(Set<Integer> objects, int limit, Dominators d, ObjectNamer namer) {
        List<ObjectRow> rows = new ArrayList<>();
        for (int o : objects) {
            if (rows.size() == limit) {
                break;
            }
            rows.add(ObjectRow.of(o, d, namer));
        }
        return List.copyOf(rows);
    }
}
