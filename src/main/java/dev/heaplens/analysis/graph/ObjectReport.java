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
                           List<Link> referrers, long referrerCount, List<Link> referents, long referentCount) {

    /** A neighbour and the reference between them, named as the runtime names it (a field, {@code [3]}). */
    public record Link(String via, ObjectRow object) {
    }

    public static ObjectReport of(long o, Dominators d, NamedHeap namer, String record, int neighbours) {
        HeapGraph g = d.graph();
        List<ObjectRow> chain = new ArrayList<>();
        for (long up = d.immediateDominator(o); up >= 0; up = d.immediateDominator(up)) {
            chain.add(ObjectRow.of(up, d, namer));
        }
        List<String> roots = new ArrayList<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) == o && !roots.contains(g.rootCategory(r))) {
                roots.add(g.rootCategory(r));
            }
        }
        Set<Long> referrers = new LinkedHashSet<>();
        for (long i = g.inStart(o); i < g.inEnd(o); i++) {
            referrers.add(g.source(i));
        }
        Set<Long> referents = new LinkedHashSet<>();
        for (long i = g.outStart(o); i < g.outEnd(o); i++) {
            referents.add(g.target(i));
        }
        List<Link> in = new ArrayList<>();
        for (long from : first(referrers, neighbours)) {
            in.add(new Link(via(namer, from, o), ObjectRow.of(from, d, namer)));
        }
        List<Link> out = new ArrayList<>();
        for (long to : first(referents, neighbours)) {
            out.add(new Link(via(namer, o, to), ObjectRow.of(to, d, namer)));
        }
        return new ObjectReport(ObjectRow.of(o, d, namer), record, List.copyOf(chain), List.copyOf(roots),
                List.copyOf(in), referrers.size(), List.copyOf(out), referents.size());
    }

    /** The name of the first reference from {@code from} to {@code to}, or null when there is none. */
    public static String via(NamedHeap heap, long from, long to) {
        HeapGraph g = heap.graph();
        for (long i = g.outStart(from), end = g.outEnd(from); i < end; i++) {
            if (g.target(i) == to) {
                return heap.edgeLabel(from, (int) (i - g.outStart(from)), to);
            }
        }
        return null;
    }

    /** The first {@code limit} of {@code objects}: a reference held twice is listed once. */
    private static List<Long> first(Set<Long> objects, int limit) {
        return objects.stream().limit(limit).toList();
    }
}
