package dev.heaplens.web;

import dev.heaplens.HeaplensException;
import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.analysis.graph.ObjectRows;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.report.JsonWriter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongUnaryOperator;

/** The views of objects: a class's objects, the top retainers, one object, its paths, the dominator tree. */
final class ObjectViews {
    private final GroupViews groups;

    ObjectViews(GroupViews groups) {
        this.groups = groups;
    }

    /** Writes objects {@code objectAt(from..)} of a list of {@code total}: fetches their records first, then their rows. */
    static void page(JsonWriter j, ServedDump d, long page, int size, long total,
                     LongUnaryOperator objectAt) {
        long from = Math.min(page * size, total);
        long to = Math.min(from + size, total);
        long[] objects = new long[(int) (to - from)]; // at most a page: Params.MAX_PAGE
        for (long i = from; i < to; i++) {
            objects[(int) (i - from)] = objectAt.applyAsLong(i);
        }
        page(j, d, page, size, total, objects);
    }

    /** Writes {@code objects}, the page {@code page} of a list of {@code total}. */
    private static void page(JsonWriter j, ServedDump d, long page, int size, long total, long[] objects) {
        ObjectRows rows = d.heap.rows(objects);
        j.beginObject().field("total", total).field("page", page).field("size", size).name("rows").beginArray();
        for (long o : objects) {
            ObjectJson.row(j, d, rows, o);
        }
        j.endArray().endObject();
    }

    String classObjects(ServedDump d, Params p) {
        String name = p.required("name");
        long[] range = d.classRange(name);
        if (range == null) {
            throw new ApiException(404, "no class '" + name + "' in " + d.name());
        }
        RetainedByGroup.Row row = groups.sorted(d, GroupBy.CLASS, "bytes").stream().filter(r -> r.group().equals(name))
                .findFirst().orElseThrow();
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("class", name).field("count", row.count()).field("bytes", row.shallowBytes())
                .field("retained", row.retainedBytes()).field("retainedExact", row.exact()).name("objects");
        page(j, d, p.page(), p.size(50), range[1] - range[0], i -> d.classObject(range[0] + i));
        j.endObject();
        return out.toString();
    }

    String top(ServedDump d, Params p) {
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("reachableBytes", d.dominators.reachableBytes()).name("objects");
        page(j, d, p.page(), p.size(50), d.byRetained.length(), d.byRetained::get);
        j.endObject();
        return out.toString();
    }

    static long objectAt(ServedDump d, Params p) {
        try {
            return d.heap.objectAt(p.required("address"));
        } catch (HeaplensException e) {
            throw new ApiException(404, e.getMessage());
        }
    }

    /** Everything {@code object} shows, with the shortest strong path from a root (a weak one when there is none). */
    String object(ServedDump d, Params p) {
        long o = objectAt(d, p);
        int n = p.integer("n", 20, 0, Params.MAX_PAGE);
        HeapGraph g = d.graph;
        List<Long> chain = new ArrayList<>();
        long chainLength = 0; // a chain may pass 2^31 steps; the first Params.MAX_PAGE are shown
        for (long up = d.dominators.immediateDominator(o); up >= 0; up = d.dominators.immediateDominator(up)) {
            if (chainLength++ < Params.MAX_PAGE) {
                chain.add(up);
            }
        }
        Set<Long> referrers = first(g, g.inStart(o), g.inEnd(o), n, true);
        Set<Long> referents = first(g, g.outStart(o), g.outEnd(o), n, false);
        RootPaths.Path path = d.strongPaths.pathTo(o);
        boolean weakOnly = false;
        if (path == null && g.hasWeakReferences()) {
            List<RootPaths.Path> weak = RootPaths.shortest(g, EdgeFilter.ALL, o, 1, d.heap.scratch());
            path = weak.isEmpty() ? null : weak.get(0);
            weakOnly = path != null;
        }
        Set<Long> shown = new LinkedHashSet<>(List.of(o));
        shown.addAll(chain);
        shown.addAll(referrers);
        shown.addAll(referents);
        if (path != null) {
            ObjectJson.addShown(shown, path);
        }
        ObjectRows rows = d.heap.rows(shown);
        List<String> roots = new ArrayList<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) == o && !roots.contains(g.rootCategory(r))) {
                roots.add(g.rootCategory(r));
            }
        }
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().name("object");
        ObjectJson.row(j, d, rows, o);
        j.field("record", d.heap.recordText(o)).field("dominatorChainLength", chainLength).name("dominators").beginArray();
        chain.forEach(up -> ObjectJson.row(j, d, rows, up));
        j.endArray().name("roots").beginArray();
        roots.forEach(j::value);
        j.endArray();
        j.name("referrers");
        links(j, d, rows, referrers, o, true, g.inEnd(o) - g.inStart(o));
        j.name("referents");
        links(j, d, rows, referents, o, false, g.outEnd(o) - g.outStart(o));
        j.name("path");
        if (path == null) {
            j.value((String) null);
        } else {
            ObjectJson.path(j, d, rows, path, weakOnly);
        }
        j.endObject();
        return out.toString();
    }

    /** The first {@code n} distinct objects at the other end of references {@code start..end}. */
    private static Set<Long> first(HeapGraph g, long start, long end, int n, boolean inbound) {
        Set<Long> found = new LinkedHashSet<>();
        for (long i = start; i < end && found.size() < n; i++) {
            found.add(inbound ? g.source(i) : g.target(i));
        }
        return found;
    }

    private static void links(JsonWriter j, ServedDump d, ObjectRows rows, Set<Long> others, long o, boolean inbound,
                              long references) {
        j.beginObject().field("references", references).name("rows").beginArray();
        for (long other : others) {
            j.beginObject().field("via", inbound ? ObjectReport.via(d.heap.namer(), other, o) : ObjectReport.via(d.heap.namer(), o, other));
            j.name("object");
            ObjectJson.row(j, d, rows, other);
            j.endObject();
        }
        j.endArray().endObject();
    }

    /** Up to {@code max} distinct shortest paths, as {@code paths} finds them (one search over the heap). */
    String paths(ServedDump d, Params p) {
        long o = objectAt(d, p);
        int max = p.integer("max", 5, 1, 50);
        HeapGraph g = d.graph;
        List<RootPaths.Path> paths = d.strongLevels().paths(o, max);
        boolean weakOnly = paths.isEmpty() && g.hasWeakReferences();
        if (weakOnly) {
            paths = RootPaths.shortest(g, EdgeFilter.ALL, o, max, d.heap.scratch());
            weakOnly = !paths.isEmpty();
        }
        Set<Long> shown = new LinkedHashSet<>(List.of(o));
        paths.forEach(path -> ObjectJson.addShown(shown, path));
        ObjectRows rows = d.heap.rows(shown);
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().name("object");
        ObjectJson.row(j, d, rows, o);
        j.name("paths").beginArray();
        for (RootPaths.Path path : paths) {
            ObjectJson.path(j, d, rows, path, weakOnly);
        }
        j.endArray().endObject();
        return out.toString();
    }

    /** Children of a dominator tree node, largest retained first; by class, or one class's children only. */
    String dominators(ServedDump d, Params p) {
        String address = p.text("address", null);
        long node = address == null ? Dominators.SUPER_ROOT : objectAt(d, p);
        if (node != Dominators.SUPER_ROOT && !d.dominators.isReachable(node)) {
            throw new ApiException(404, "no root reaches " + address + ": it is in no dominator tree");
        }
        long[] range = d.childRange(node);
        String group = p.text("group", "none");
        String only = p.text("class", null);
        long parentRetained = node == Dominators.SUPER_ROOT ? d.dominators.reachableBytes() : d.dominators.retainedSize(node);
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("reachableBytes", d.dominators.reachableBytes()).field("parentRetained", parentRetained);
        if (node != Dominators.SUPER_ROOT) {
            j.name("node");
            ObjectJson.row(j, d, d.heap.rows(node), node);
        }
        j.field("children", range[1] - range[0]);
        if ("class".equals(group)) {
            List<RetainedByGroup.Row> rows = d.childGroups(node);
            j.name("groups");
            GroupViews.groupRows(j, rows, p.page(), p.size(50), null);
        } else if (only != null) {
            j.name("objects");
            onlyClass(j, d, range, only, p.page(), p.size(50));
        } else {
            j.name("objects");
            page(j, d, p.page(), p.size(50), range[1] - range[0], i -> d.child(range[0] + i));
        }
        j.endObject();
        return out.toString();
    }

    /**
     * A page of the children in {@code range} of class {@code only}: counted in one pass that keeps
     * only the page's (a node may have as many children as the graph has objects).
     */
    private static void onlyClass(JsonWriter j, ServedDump d, long[] range, String only, long page, int size) {
        long from = page * size;
        long[] objects = new long[size];
        int kept = 0;
        long matching = 0;
        for (long i = range[0]; i < range[1]; i++) {
            long c = d.child(i);
            if (d.heap.namer().className(c).equals(only)) {
                if (matching >= from && kept < size) {
                    objects[kept++] = c;
                }
                matching++;
            }
        }
        page(j, d, page, size, matching, Arrays.copyOf(objects, kept));
    }
}
