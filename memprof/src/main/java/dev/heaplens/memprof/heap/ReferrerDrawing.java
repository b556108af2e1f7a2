package dev.heaplens.memprof.heap;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.ReferrerGraph;
import dev.heaplens.analysis.jvm.JvmHeap;
import dev.heaplens.report.GraphDrawing;
import dev.heaplens.report.Sizes;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code prettyLogObjectGraph}: the Mermaid graph of what leads to up to REF_LIMIT live objects
 * of a type, walked REF_LEVEL levels back, as {@code heaplens graph} draws it from a dump (the
 * same walk, {@link ReferrerGraph}, and the same drawing). Edges from the profiler's own objects
 * (its weak references to every tracked object) are left out.
 */
public final class ReferrerDrawing {
    private ReferrerDrawing() {
    }

    public static String mermaid(SelfDump dump, String type, int limit, int levels) {
        JvmHeap heap = dump.heap();
        NamedHeap.ClassObjects targets = heap.objectsOfClass(type, ReferrerGraph.targetsDrawn(limit));
        ReferrerGraph.Result result = ReferrerGraph.walk(heap.graph(), targets.first(), levels);
        List<GraphDrawing.Edge> edges = new ArrayList<>();
        Set<Long> shown = new LinkedHashSet<>(result.targets());
        for (ReferrerGraph.Edge e : result.edges()) {
            if (dump.profiler().hidden(e.from()) || dump.profiler().hidden(e.to())) {
                continue;
            }
            String label = heap.edgeLabel(e.from(), e.index(), e.to()) + "," + e.level();
            edges.add(new GraphDrawing.Edge(hex(heap, e.from()), hex(heap, e.to()), label));
            shown.add(e.to());
            shown.add(e.from());
        }
        List<GraphDrawing.Node> nodes = new ArrayList<>();
        for (long o : shown) {
            String own = heap.classObjectName(o);
            String name = own != null ? own + " (class)" : heap.className(o);
            nodes.add(new GraphDrawing.Node(hex(heap, o), hex(heap, o) + " " + name));
        }
        String comment = Sizes.count(targets.count()) + " live " + type + ", " + Sizes.count(result.targets().size()) + " drawn, "
                + (levels <= 0 ? "all levels" : levels + " levels")
                + GraphDrawing.cuts(limit, targets.count(), result);
        return GraphDrawing.render(nodes, edges, GraphDrawing.Format.MERMAID, comment);
    }

    private static String hex(JvmHeap heap, long o) {
        return "0x" + Long.toHexString(heap.graph().address(o));
    }
}
