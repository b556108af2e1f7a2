package dev.heaplens.web;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.Leaks;
import dev.heaplens.analysis.graph.ObjectRows;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.analysis.histogram.Histogram;
import dev.heaplens.analysis.histogram.HistogramDiff;
import dev.heaplens.analysis.histogram.SortOrder;
import dev.heaplens.report.JsonWriter;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The views across dumps: the diff of two, the leaks of three. */
final class ComparisonViews {
    private final Workspace workspace;
    private final Map<String, HistogramDiff> diffs = new ConcurrentHashMap<>();

    ComparisonViews(Workspace workspace) {
        this.workspace = workspace;
    }

    /** The diff of two dumps' histograms, from the groups each dump's graph already counted. */
    String diff(Params p) {
        if (!workspace.hasDiff()) {
            throw new ApiException(404, "the diff needs two dumps");
        }
        ServedDump a = workspace.dump(p.integer("a", 0, 0, Integer.MAX_VALUE));
        ServedDump b = workspace.dump(p.integer("b", 1, 0, Integer.MAX_VALUE));
        GroupBy key = GroupViews.key(a, p);
        SortOrder sort = "count".equals(p.text("sort", "bytes")) ? SortOrder.COUNT : SortOrder.BYTES;
        String cacheKey = "diff/" + a.id + "/" + b.id + "/" + key + "/" + sort;
        HistogramDiff diff = diffs.computeIfAbsent(cacheKey, k -> HistogramDiff.of(histogram(a, key), histogram(b, key), sort));
        String needle = p.text("q", null) == null ? null : p.text("q", null).toLowerCase(Locale.ROOT);
        // unchanged groups are left out unless asked for: a diff is read for what changed
        boolean unchanged = "1".equals(p.text("unchanged", "0"));
        long page = p.page();
        int size = p.size(50);
        StringBuilder out = new StringBuilder();
        JsonWriter j = new JsonWriter(out);
        j.beginObject().field("before", a.name()).field("after", b.name()).field("by", key.label())
                .field("sort", sort.name().toLowerCase(Locale.ROOT))
                .field("countBefore", diff.before().count()).field("bytesBefore", diff.before().bytes())
                .field("countAfter", diff.after().count()).field("bytesAfter", diff.after().bytes())
                .field("groups", diff.rows().size()).field("page", page).field("size", size).name("rows").beginArray();
        long matched = 0;
        long hidden = 0;
        for (HistogramDiff.Row r : diff.rows()) {
            if (needle != null && !r.key().toLowerCase(Locale.ROOT).contains(needle)) {
                continue;
            }
            if (!unchanged && r.countDelta() == 0 && r.bytesDelta() == 0) {
                hidden++;
                continue;
            }
            if (matched >= page * size && matched < page * size + size) {
                j.beginObject().field("key", r.key()).field("countBefore", r.countBefore()).field("bytesBefore", r.bytesBefore())
                        .field("countAfter", r.countAfter()).field("bytesAfter", r.bytesAfter())
                        .field("countDelta", r.countDelta()).field("bytesDelta", r.bytesDelta()).endObject();
            }
            matched++;
        }
        j.endArray().field("matched", matched).field("unchangedHidden", hidden).endObject();
        return out.toString();
    }

    /** A dump's histogram (counts and shallow bytes only: the same with lower bounds or exact retained sizes). */
    private Histogram histogram(ServedDump d, GroupBy key) {
        Map<String, long[]> sums = new HashMap<>();
        for (RetainedByGroup.Row r : d.groups(key)) {
            sums.put(r.group(), new long[] {r.count(), r.shallowBytes()});
        }
        return Histogram.of(key, sums);
    }

    String leaks(Params p) {
        if (!workspace.hasLeaks()) {
            throw new ApiException(404, "the leaks need three dumps");
        }
        ServedDump c = workspace.dumps.get(2);
        GroupBy key = p.text("by", null) == null ? c.runtime.defaultLeakKey() : GroupViews.key(c, p);
        Leaks leaks = workspace.leaks(key);
        List<Leaks.Group> shown = leaks.groups().subList(0, Math.min(Workspace.LEAK_GROUPS, leaks.groups().size()));
        Set<Long> objects = new LinkedHashSet<>();
        shown.forEach(g -> {
            if (g.samplePath() != null) {
                ObjectJson.addShown(objects, g.samplePath());
            }
        });
        ObjectRows rows = c.heap.rows(objects);
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
                ObjectJson.path(j, c, rows, g.samplePath(), false);
            }
            j.endObject();
        }
        j.endArray().endObject();
        return out.toString();
    }
}
