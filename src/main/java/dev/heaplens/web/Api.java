package dev.heaplens.web;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.histogram.HistogramDiff;
import dev.heaplens.analysis.histogram.SortOrder;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.report.JsonWriter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JSON API the page reads: one method a view, each answering from what {@link ServedDump}
 * precomputed, so a request touches a page of rows rather than the whole heap. Requests are
 * answered one at a time (fetching records to show values is not thread-safe).
 */
public final class Api {
    static final String VERSION = "1";
    private final Workspace workspace;
    private final Map<String, String> cache = new ConcurrentHashMap<>();
    private final Map<String, List<RetainedByGroup.Row>> sortedGroups = new ConcurrentHashMap<>();

    public Api(Workspace workspace) {
        this.workspace = workspace;
    }

    /** The JSON answer to {@code GET /api/<view>?params}. */
    public synchronized String answer(String view, Params p) {
        return switch (view) {
            case "info" -> cache.computeIfAbsent("info", k -> info());
            case "overview" -> {
                ServedDump d = dump(p);
                boolean exact = d.exact(GroupBy.CLASS) && d.exact(d.originKey());
                yield exact ? cache.computeIfAbsent("overview/" + d.id, k -> overview(d)) : overview(d);
            }
            case "histogram" -> histogram(dump(p), p);
            case "class" -> classObjects(dump(p), p);
            case "top" -> top(dump(p), p);
            case "object" -> object(dump(p), p);
            case "paths" -> paths(dump(p), p);
            case "merged" -> mergedPaths(dump(p), p);
            case "dominators" -> dominators(dump(p), p);
            case "unreachable" -> unreachable(dump(p), p);
            case "strings" -> strings(dump(p), p);
            case "diff" -> diff(p);
            case "leaks" -> leaks(p);
            case "gc" -> {
                if (workspace.gcJson == null) {
                    throw new ApiException(404, "no GC data (give it with --gc FILE)");
                }
                yield workspace.gcJson.strip();
            }
            default -> throw new ApiException(404, "no such view: " + view);
        };
    }

    /** Package-private for the report: the API's answer as a parameter map. */
    String answer(String view, Map<String, String> params) {
        return answer(view, new Params(new java.util.TreeMap<>(params)));
    }

    private ServedDump dump(Params p) {
        return workspace.dump(p.integer("d", 0, 0, Integer.MAX_VALUE));
    }

    private String info() {
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("version", VERSION).name("dumps").beginArray();
        for (ServedDump d : workspace.dumps) {
            j.beginObject().field("id", d.id).field("name", d.name()).field("runtime", d.runtime.name())
                    .field("objects", d.graph.objectCount()).field("bytes", d.graph.totalShallowSize())
                    .field("kindKey", d.kindKey().label()).field("originKey", d.originKey().label())
                    .field("strings", d.isJvm()).name("keys").beginArray();
            d.runtime.graphKeys().forEach(k -> j.value(k.label()));
            j.endArray().endObject();
        }
        j.endArray().field("diff", workspace.hasDiff()).field("leaks", workspace.hasLeaks())
                .field("gc", workspace.gcName).endObject();
        return out.toString();
    }

    private String overview(ServedDump d) {
        HeapGraph g = d.graph;
        Reachability r = d.reachability;
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("name", d.name()).field("runtime", d.runtime.name())
                .field("objects", g.objectCount()).field("bytes", g.totalShallowSize())
                .field("references", g.referenceCount()).field("classes", d.classCount())
                .field("roots", g.rootCount())
                .field("reachableCount", r.reachableCount()).field("reachableBytes", r.reachableBytes())
                .field("unreachableCount", r.unreachableCount()).field("unreachableBytes", r.unreachableBytes())
                .field("danglingReferences", r.danglingReferences()).field("danglingRoots", r.danglingRoots());
        if (r.weakOnly() != null) {
            j.field("weakOnlyCount", r.weakOnly().count()).field("weakOnlyBytes", r.weakOnly().bytes());
        }
        j.name("facts").beginArray();
        for (String[] fact : d.heap.namer().facts()) {
            j.beginObject().field("label", fact[0]).field("value", fact[1]).endObject();
        }
        j.endArray();
        Map<String, Long> roots = new LinkedHashMap<>();
        for (int i = 0; i < g.rootCount(); i++) {
            roots.merge(g.rootCategory(i), 1L, Long::sum);
        }
        j.name("rootCategories").beginArray();
        roots.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> j.beginObject().field("category", e.getKey()).field("count", e.getValue()).endObject());
        j.endArray();
        j.field("kindKey", d.kindKey().label()).name("kinds");
        groupRows(j, sorted(d, d.kindKey(), "bytes"), 0, 50, null);
        j.name("biggestClasses");
        groupRows(j, sorted(d, GroupBy.CLASS, "bytes"), 0, 15, null);
        j.name("retainedByClass");
        groupRows(j, d.groups(GroupBy.CLASS), 0, ServedDump.EXACT_GROUPS, null);
        j.field("originKey", d.originKey().label()).name("retainedByOrigin");
        groupRows(j, d.groups(d.originKey()), 0, ServedDump.EXACT_GROUPS, null);
        j.name("topRetainers");
        objectPage(j, d, 0, 10, d.byRetained.length, i -> d.byRetained[i]);
        j.endObject();
        return out.toString();
    }

    /** Groups of {@code key} in the order asked: bytes, count, retained or name (a sort cached per key and order). */
    private List<RetainedByGroup.Row> sorted(ServedDump d, GroupBy key, String sort) {
        return sortedGroups.computeIfAbsent(d.id + "/" + key + "/" + sort + "/" + d.exact(key), k -> {
            List<RetainedByGroup.Row> rows = new ArrayList<>(d.groups(key));
            Comparator<RetainedByGroup.Row> order = switch (sort) {
                case "bytes" -> Comparator.comparingLong(RetainedByGroup.Row::shallowBytes).reversed()
                        .thenComparing(Comparator.comparingLong(RetainedByGroup.Row::count).reversed());
                case "count" -> Comparator.comparingLong(RetainedByGroup.Row::count).reversed()
                        .thenComparing(Comparator.comparingLong(RetainedByGroup.Row::shallowBytes).reversed());
                case "retained" -> Comparator.comparingLong(RetainedByGroup.Row::retainedBytes).reversed();
                case "name" -> (a, b) -> 0; // then by name, A to Z
                default -> throw new ApiException(400, "sort by bytes, count, retained or name, not " + sort);
            };
            rows.sort(order.thenComparing(RetainedByGroup.Row::group));
            return List.copyOf(rows);
        });
    }

    private GroupBy key(ServedDump d, Params p) {
        String asked = p.text("by", "class");
        for (GroupBy k : d.runtime.graphKeys()) {
            if (k.label().equals(asked)) {
                return k;
            }
        }
        throw new ApiException(400, "a " + d.runtime.name() + " dump groups by " + d.runtime.graphKeys() + ", not " + asked);
    }

    private String histogram(ServedDump d, Params p) {
        GroupBy key = key(d, p);
        String sort = p.text("sort", "bytes");
        // names read A to Z first, figures largest first
        boolean ascending = "asc".equals(p.text("dir", sort.equals("name") ? "asc" : "desc"));
        List<RetainedByGroup.Row> rows = sorted(d, key, sort);
        if (ascending != sort.equals("name")) {
            rows = reversed(rows);
        }
        String filter = p.text("q", null);
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("by", key.label()).field("sort", sort).field("dir", ascending ? "asc" : "desc")
                .field("totalCount", d.graph.objectCount()).field("totalBytes", d.graph.totalShallowSize())
                .field("groups", rows.size()).name("page");
        groupRows(j, rows, p.page(), p.size(50), filter);
        j.endObject();
        return out.toString();
    }

    private static <T> List<T> reversed(List<T> rows) {
        List<T> r = new ArrayList<>(rows);
        java.util.Collections.reverse(r);
        return r;
    }

    /** One page of group rows, keeping those whose name contains {@code filter} (any case); sums what matched. */
    private static void groupRows(JsonWriter j, List<RetainedByGroup.Row> rows, int page, int size, String filter) {
        String needle = filter == null ? null : filter.toLowerCase(Locale.ROOT);
        long from = (long) page * size;
        long matched = 0;
        long count = 0;
        long bytes = 0;
        j.beginObject().name("rows").beginArray();
        for (RetainedByGroup.Row r : rows) {
            if (needle != null && !r.group().toLowerCase(Locale.ROOT).contains(needle)) {
                continue;
            }
            if (matched >= from && matched < from + size) {
                j.beginObject().field("key", r.group()).field("count", r.count()).field("bytes", r.shallowBytes())
                        .field("retained", r.retainedBytes()).field("retainedExact", r.exact()).endObject();
            }
            matched++;
            count += r.count();
            bytes += r.shallowBytes();
        }
        j.endArray().field("page", page).field("size", size).field("matched", matched)
                .field("matchedCount", count).field("matchedBytes", bytes).endObject();
    }

    /** Writes objects {@code objectAt(from..)} of a list of {@code total}: fetches their records first, then their rows. */
    private static void objectPage(JsonWriter j, ServedDump d, int page, int size, int total,
                                   java.util.function.IntUnaryOperator objectAt) {
        long from = Math.min((long) page * size, total);
        int to = (int) Math.min(from + size, total);
        int[] objects = new int[to - (int) from];
        for (int i = (int) from; i < to; i++) {
            objects[i - (int) from] = objectAt.applyAsInt(i);
        }
        d.heap.showValuesOf(objects);
        j.beginObject().field("total", total).field("page", page).field("size", size).name("rows").beginArray();
        for (int o : objects) {
            ObjectJson.row(j, d, o);
        }
        j.endArray().endObject();
    }

    private String classObjects(ServedDump d, Params p) {
        String name = p.required("name");
        int[] range = d.classRange(name);
        if (range == null) {
            throw new ApiException(404, "no class '" + name + "' in " + d.name());
        }
        RetainedByGroup.Row row = sorted(d, GroupBy.CLASS, "bytes").stream().filter(r -> r.group().equals(name))
                .findFirst().orElseThrow();
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("class", name).field("count", row.count()).field("bytes", row.shallowBytes())
                .field("retained", row.retainedBytes()).field("retainedExact", row.exact()).name("objects");
        objectPage(j, d, p.page(), p.size(50), range[1] - range[0], i -> d.classObject(range[0] + i));
        j.endObject();
        return out.toString();
    }

    private String top(ServedDump d, Params p) {
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("reachableBytes", d.dominators.reachableBytes()).name("objects");
        objectPage(j, d, p.page(), p.size(50), d.byRetained.length, i -> d.byRetained[i]);
        j.endObject();
        return out.toString();
    }

    private int objectAt(ServedDump d, Params p) {
        try {
            return d.heap.objectAt(p.required("address"));
        } catch (dev.heaplens.HeaplensException e) {
            throw new ApiException(404, e.getMessage());
        }
    }

    /** Everything {@code object} shows, with the shortest strong path from a root (a weak one when there is none). */
    private String object(ServedDump d, Params p) {
        int o = objectAt(d, p);
        int n = p.integer("n", 20, 0, Params.MAX_PAGE);
        HeapGraph g = d.graph;
        List<Integer> chain = new ArrayList<>();
        int chainLength = 0;
        for (int up = d.dominators.immediateDominator(o); up >= 0; up = d.dominators.immediateDominator(up)) {
            if (chainLength++ < Params.MAX_PAGE) {
                chain.add(up);
            }
        }
        Set<Integer> referrers = first(g, g.inStart(o), g.inEnd(o), n, true);
        Set<Integer> referents = first(g, g.outStart(o), g.outEnd(o), n, false);
        RootPaths.Path path = d.strongPaths.pathTo(o);
        boolean weakOnly = false;
        if (path == null && g.hasWeakReferences()) {
            List<RootPaths.Path> weak = RootPaths.shortest(g, EdgeFilter.ALL, o, 1);
            path = weak.isEmpty() ? null : weak.get(0);
            weakOnly = path != null;
        }
        Set<Integer> shown = new LinkedHashSet<>(List.of(o));
        shown.addAll(chain);
        shown.addAll(referrers);
        shown.addAll(referents);
        if (path != null) {
            for (int s : ObjectJson.shownOf(path)) {
                shown.add(s);
            }
        }
        d.heap.showValuesOf(shown.stream().mapToInt(Integer::intValue).toArray());
        List<String> roots = new ArrayList<>();
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) == o && !roots.contains(g.rootCategory(r))) {
                roots.add(g.rootCategory(r));
            }
        }
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().name("object");
        ObjectJson.row(j, d, o);
        j.field("record", d.heap.recordText(o)).field("dominatorChainLength", chainLength).name("dominators").beginArray();
        chain.forEach(up -> ObjectJson.row(j, d, up));
        j.endArray().name("roots").beginArray();
        roots.forEach(j::value);
        j.endArray();
        j.name("referrers");
        links(j, d, referrers, o, true, g.inEnd(o) - g.inStart(o));
        j.name("referents");
        links(j, d, referents, o, false, g.outEnd(o) - g.outStart(o));
        j.name("path");
        if (path == null) {
            j.value((String) null);
        } else {
            ObjectJson.path(j, d, path, weakOnly);
        }
        j.endObject();
        return out.toString();
    }

    /** The first {@code n} distinct objects at the other end of references {@code start..end}. */
    private static Set<Integer> first(HeapGraph g, long start, long end, int n, boolean inbound) {
        Set<Integer> found = new LinkedHashSet<>();
        for (long i = start; i < end && found.size() < n; i++) {
            found.add(inbound ? g.source(i) : g.target(i));
        }
        return found;
    }

    private static void links(JsonWriter j, ServedDump d, Set<Integer> others, int o, boolean inbound, long references) {
        j.beginObject().field("references", references).name("rows").beginArray();
        for (int other : others) {
            j.beginObject().field("via", inbound ? ObjectReport.via(d.heap.namer(), other, o) : ObjectReport.via(d.heap.namer(), o, other));
            j.name("object");
            ObjectJson.row(j, d, other);
            j.endObject();
        }
        j.endArray().endObject();
    }

    /** Up to {@code max} distinct shortest paths, as {@code paths} finds them (one search over the heap). */
    private String paths(ServedDump d, Params p) {
        int o = objectAt(d, p);
        int max = p.integer("max", 5, 1, 50);
        HeapGraph g = d.graph;
        List<RootPaths.Path> paths = d.strongLevels().paths(o, max);
        boolean weakOnly = paths.isEmpty() && g.hasWeakReferences();
        if (weakOnly) {
            paths = RootPaths.shortest(g, EdgeFilter.ALL, o, max);
            weakOnly = !paths.isEmpty();
        }
        Set<Integer> shown = new LinkedHashSet<>(List.of(o));
        paths.forEach(path -> {
            for (int s : ObjectJson.shownOf(path)) {
                shown.add(s);
            }
        });
        d.heap.showValuesOf(shown.stream().mapToInt(Integer::intValue).toArray());
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().name("object");
        ObjectJson.row(j, d, o);
        j.name("paths").beginArray();
        for (RootPaths.Path path : paths) {
            ObjectJson.path(j, d, path, weakOnly);
        }
        j.endArray().endObject();
        return out.toString();
    }

    /**
     * The shortest paths of a class's objects merged, as Eclipse MAT merges them: one tree from
     * the roots, a node per class along the paths, counting the objects whose path passes through
     * it and what they retain. Paths come from the precomputed shortest-path tree; the objects
     * taken are the class's largest retainers, at most {@link #MERGED_OBJECTS}. A node's reference
     * name is read from one sample step when the tree is written (naming a JVM reference reads the
     * record again, too slow to do for every object).
     */
    private String mergedPaths(ServedDump d, Params p) {
        String name = p.required("name");
        return cache.computeIfAbsent("merged/" + d.id + "/" + name, k -> merge(d, name));
    }

    private String merge(ServedDump d, String name) {
        int[] range = d.classRange(name);
        if (range == null) {
            throw new ApiException(404, "no class '" + name + "' in " + d.name());
        }
        int taken = Math.min(range[1] - range[0], MERGED_OBJECTS);
        MergedNode top = new MergedNode("(GC roots)", -1, -1, null);
        int unreached = 0;
        for (int i = 0; i < taken; i++) {
            int o = d.classObject(range[0] + i);
            RootPaths.Path path = d.strongPaths.pathTo(o);
            if (path == null) {
                unreached++;
                continue;
            }
            int[] steps = path.objects();
            MergedNode node = top;
            top.objects++;
            top.retained += d.dominators.retainedSize(o);
            for (int k = 0; k < steps.length; k++) {
                node = node.child(d.heap.namer().className(steps[k]), k == 0 ? -1 : steps[k - 1], steps[k],
                        k == 0 ? path.rootCategory() : null);
                node.objects++;
                node.retained += d.dominators.retainedSize(o);
            }
        }
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("class", name).field("objects", range[1] - range[0]).field("taken", taken)
                .field("unreached", unreached).name("tree");
        top.write(j, d, 0);
        j.endObject();
        return out.toString();
    }

    static final int MERGED_OBJECTS = 10_000;
    private static final int MERGED_DEPTH = 30;
    private static final int MERGED_WIDTH = 20;

    private static final class MergedNode {
        final String className;
        final int sampleFrom;
        final int sampleTo;
        final String rootCategory;
        long objects;
        long retained;
        final Map<String, MergedNode> children = new HashMap<>();

        MergedNode(String className, int sampleFrom, int sampleTo, String rootCategory) {
            this.className = className;
            this.sampleFrom = sampleFrom;
            this.sampleTo = sampleTo;
            this.rootCategory = rootCategory;
        }

        MergedNode child(String cls, int from, int to, String rootCategory) {
            return children.computeIfAbsent(cls, k -> new MergedNode(cls, from, to, rootCategory));
        }

        void write(JsonWriter j, ServedDump d, int depth) {
            String via = rootCategory != null ? rootCategory
                    : sampleFrom >= 0 ? ObjectReport.via(d.heap.namer(), sampleFrom, sampleTo) : null;
            j.beginObject().field("class", className).field("via", via).field("objects", objects)
                    .field("retained", retained).field("more", children.size() > MERGED_WIDTH);
            j.name("children").beginArray();
            if (depth < MERGED_DEPTH) {
                children.values().stream()
                        .sorted(Comparator.comparingLong((MergedNode m) -> m.objects).reversed().thenComparing(m -> m.className))
                        .limit(MERGED_WIDTH).forEach(c -> c.write(j, d, depth + 1));
            }
            j.endArray().endObject();
        }
    }

    /** Children of a dominator tree node, largest retained first; by class, or one class's children only. */
    private String dominators(ServedDump d, Params p) {
        String address = p.text("address", null);
        int node = address == null ? Dominators.SUPER_ROOT : objectAt(d, p);
        if (node != Dominators.SUPER_ROOT && !d.dominators.isReachable(node)) {
            throw new ApiException(404, "no root reaches " + address + ": it is in no dominator tree");
        }
        int[] range = d.childRange(node);
        String group = p.text("group", "none");
        String only = p.text("class", null);
        long parentRetained = node == Dominators.SUPER_ROOT ? d.dominators.reachableBytes() : d.dominators.retainedSize(node);
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("reachableBytes", d.dominators.reachableBytes()).field("parentRetained", parentRetained);
        if (node != Dominators.SUPER_ROOT) {
            d.heap.showValuesOf(node);
            j.name("node");
            ObjectJson.row(j, d, node);
        }
        j.field("children", range[1] - range[0]);
        if ("class".equals(group)) {
            List<RetainedByGroup.Row> rows = d.childGroups(node);
            j.name("groups");
            groupRows(j, rows, p.page(), p.size(50), null);
        } else if (only != null) {
            List<Integer> matching = new ArrayList<>();
            for (int i = range[0]; i < range[1]; i++) {
                if (d.heap.namer().className(d.child(i)).equals(only)) {
                    matching.add(d.child(i));
                }
            }
            j.name("objects");
            objectPage(j, d, p.page(), p.size(50), matching.size(), matching::get);
        } else {
            j.name("objects");
            objectPage(j, d, p.page(), p.size(50), range[1] - range[0], i -> d.child(range[0] + i));
        }
        j.endObject();
        return out.toString();
    }

    private String unreachable(ServedDump d, Params p) {
        GroupBy key = "class".equals(p.text("by", "class")) ? GroupBy.CLASS : d.kindKey();
        List<RetainedByGroup.Row> rows = new ArrayList<>();
        for (Reachability.KindRow r : d.unreachable(key)) {
            rows.add(new RetainedByGroup.Row(r.kind(), r.count(), r.bytes(), 0, 0, true));
        }
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("by", key.label()).field("unreachableCount", d.reachability.unreachableCount())
                .field("unreachableBytes", d.reachability.unreachableBytes()).name("page");
        groupRows(j, rows, p.page(), p.size(50), p.text("q", null));
        j.endObject();
        return out.toString();
    }

    private String strings(ServedDump d, Params p) {
        DuplicateStrings s = d.strings();
        if (s == null) {
            throw new ApiException(404, "duplicate strings are found in JVM dumps only");
        }
        int page = p.page();
        int size = p.size(50);
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("strings", s.strings()).field("values", s.values()).field("wastedBytes", s.wastedBytes())
                .field("duplicateStrings", s.duplicateStrings()).field("groups", s.groups().size())
                .field("page", page).field("size", size).name("rows").beginArray();
        s.groups().stream().skip((long) page * size).limit(size).forEach(g -> j.beginObject().field("value", g.value())
                .field("strings", g.strings()).field("arrays", g.arrays()).field("chars", g.chars())
                .field("wastedBytes", g.wastedBytes()).endObject());
        j.endArray().endObject();
        return out.toString();
    }

    /** The diff of two dumps' histograms, from the groups each dump's graph already counted. */
    private String diff(Params p) {
        if (!workspace.hasDiff()) {
            throw new ApiException(404, "the diff needs two dumps");
        }
        ServedDump a = workspace.dump(p.integer("a", 0, 0, Integer.MAX_VALUE));
        ServedDump b = workspace.dump(p.integer("b", 1, 0, Integer.MAX_VALUE));
        GroupBy key = key(a, p);
        SortOrder sort = "count".equals(p.text("sort", "bytes")) ? SortOrder.COUNT : SortOrder.BYTES;
        String cacheKey = "diff/" + a.id + "/" + b.id + "/" + key + "/" + sort;
        HistogramDiff diff = diffs.computeIfAbsent(cacheKey, k -> HistogramDiff.of(histogram(a, key), histogram(b, key), sort));
        String needle = p.text("q", null) == null ? null : p.text("q", null).toLowerCase(Locale.ROOT);
        int page = p.page();
        int size = p.size(50);
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("before", a.name()).field("after", b.name()).field("by", key.label())
                .field("sort", sort.name().toLowerCase(Locale.ROOT))
                .field("countBefore", diff.before().count()).field("bytesBefore", diff.before().bytes())
                .field("countAfter", diff.after().count()).field("bytesAfter", diff.after().bytes())
                .field("groups", diff.rows().size()).field("page", page).field("size", size).name("rows").beginArray();
        long matched = 0;
        for (HistogramDiff.Row r : diff.rows()) {
            if (needle != null && !r.key().toLowerCase(Locale.ROOT).contains(needle)) {
                continue;
            }
            if (matched >= (long) page * size && matched < (long) page * size + size) {
                j.beginObject().field("key", r.key()).field("countBefore", r.countBefore()).field("bytesBefore", r.bytesBefore())
                        .field("countAfter", r.countAfter()).field("bytesAfter", r.bytesAfter())
                        .field("countDelta", r.countDelta()).field("bytesDelta", r.bytesDelta()).endObject();
            }
            matched++;
        }
        j.endArray().field("matched", matched).endObject();
        return out.toString();
    }

    private final Map<String, HistogramDiff> diffs = new ConcurrentHashMap<>();

    /** A dump's histogram (counts and shallow bytes only: the same with lower bounds or exact retained sizes). */
    private Histogram histogram(ServedDump d, GroupBy key) {
        Map<String, long[]> sums = new HashMap<>();
        for (RetainedByGroup.Row r : d.groups(key)) {
            sums.put(r.group(), new long[] {r.count(), r.shallowBytes()});
        }
        return Histogram.of(key, sums);
    }

    private String leaks(Params p) {
        if (!workspace.hasLeaks()) {
            throw new ApiException(404, "the leaks need three dumps");
        }
        ServedDump c = workspace.dumps.get(2);
        GroupBy key = p.text("by", null) == null ? c.runtime.defaultLeakKey() : key(c, p);
        Leaks leaks = workspace.leaks(key);
        List<Leaks.Group> shown = leaks.groups().subList(0, Math.min(Workspace.LEAK_GROUPS, leaks.groups().size()));
        Set<Integer> objects = new LinkedHashSet<>();
        shown.forEach(g -> {
            if (g.samplePath() != null) {
                for (int o : ObjectJson.shownOf(g.samplePath())) {
                    objects.add(o);
                }
            }
        });
        c.heap.showValuesOf(objects.stream().mapToInt(Integer::intValue).toArray());
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("by", key.label()).field("rule", leaks.rule().description())
                .field("leakedCount", leaks.leakedCount()).field("leakedBytes", leaks.leakedBytes())
                .field("groups", leaks.groups().size()).name("dumps").beginArray();
        workspace.dumps.forEach(d -> j.value(d.name()));
        j.endArray().name("rows").beginArray();
        for (Leaks.Group g : shown) {
            j.beginObject().field("key", g.key()).field("count", g.count()).field("bytes", g.bytes())
                    .field("retained", g.retainedBytes()).field("retainedKnown", g.retainedKnown());
            j.name("samplePath");
            if (g.samplePath() == null) {
                j.value((String) null);
            } else {
                ObjectJson.path(j, c, g.samplePath(), false);
            }
            j.endObject();
        }
        j.endArray().endObject();
        return out.toString();
    }
}
