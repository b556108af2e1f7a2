package dev.heaplens.web;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.ToolOverhead;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.ThreadStacks;
import dev.heaplens.report.JsonWriter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The views of one dump by group: overview, histogram, unreachable objects, duplicate strings. */
final class GroupViews {
    /** Groups a treemap draws; the rest is one "other" rectangle. */
    private static final int TREEMAP_GROUPS = 40;

    private final Map<String, List<RetainedByGroup.Row>> sortedGroups = new ConcurrentHashMap<>();

    String overview(ServedDump d) {
        HeapGraph g = d.graph;
        Reachability r = d.reachability;
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("name", d.name()).field("runtime", d.runtime.name())
                .field("objects", g.objectCount()).field("bytes", g.totalShallowSize())
                .field("graphReferences", g.referenceCount()).field("classes", d.classObjectCount())
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
            roots.merge(ThreadStacks.kindOf(g.rootCategory(i)), 1L, Long::sum); // the threads view has them by thread
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
        // the dominator tree's top level by class: a partition of the reachable bytes, for a treemap
        j.name("dominatorTopByClass");
        groupRows(j, d.childGroups(Dominators.SUPER_ROOT), 0, TREEMAP_GROUPS, null);
        j.name("topRetainers");
        ObjectViews.page(j, d, 0, 10, d.byRetained.length(), d.byRetained::get);
        j.endObject();
        return out.toString();
    }

    /** Groups of {@code key} in the order asked: bytes, count, retained or name (a sort cached per key and order). */
    List<RetainedByGroup.Row> sorted(ServedDump d, GroupBy key, String sort) {
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

    static GroupBy key(ServedDump d, Params p) {
        String asked = p.text("by", "class");
        for (GroupBy k : d.runtime.graphKeys()) {
            if (k.label().equals(asked)) {
                return k;
            }
        }
        throw new ApiException(400, "a " + d.runtime.name() + " dump groups by " + d.runtime.graphKeys() + ", not " + asked);
    }

    String histogram(ServedDump d, Params p) {
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
        Collections.reverse(r);
        return r;
    }

    /** One page of group rows, keeping those whose name contains {@code filter} (any case); sums what matched. */
    static void groupRows(JsonWriter j, List<RetainedByGroup.Row> rows, long page, int size, String filter) {
        String needle = filter == null ? null : filter.toLowerCase(Locale.ROOT);
        long from = page * size;
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
                        .field("retained", r.retainedBytes()).field("retainedExact", r.exact())
                        .field("tool", ToolOverhead.toolOf(r.group())).endObject(); // named wherever it shows
            }
            matched++;
            count += r.count();
            bytes += r.shallowBytes();
        }
        j.endArray().field("page", page).field("size", size).field("matched", matched)
                .field("matchedCount", count).field("matchedBytes", bytes).endObject();
    }

    String unreachable(ServedDump d, Params p) {
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

    String strings(ServedDump d, Params p) {
        DuplicateStrings s = d.strings();
        if (s == null) {
            throw new ApiException(404, "duplicate strings are found in JVM dumps only");
        }
        long page = p.page();
        int size = p.size(50);
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("strings", s.strings()).field("values", s.values()).field("wastedBytes", s.wastedBytes())
                .field("duplicateStrings", s.duplicateStrings()).field("groups", s.groups().size())
                .field("page", page).field("size", size).name("rows").beginArray();
        s.groups().stream().skip(page * size).limit(size).forEach(g -> j.beginObject().field("value", g.value()).field("valueComplete", g.complete())
                .field("strings", g.strings()).field("arrays", g.arrays()).field("chars", g.chars())
                .field("wastedBytes", g.wastedBytes()).endObject());
        j.endArray().endObject();
        return out.toString();
    }
}
