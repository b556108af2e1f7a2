package dev.heaplens.web;

import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.report.JsonWriter;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The {@code merged} view: a class's shortest paths from the roots merged into one tree per class, built once per class. */
final class MergedPaths {
    private static final int MAX_OBJECTS = 10_000;
    private static final int MAX_DEPTH = 30;
    private static final int MAX_WIDTH = 20;

    private static final class MergedNode {
        final String className;
        final long sampleFrom;
        final long sampleTo;
        final String rootCategory;
        long objects;
        long retained;
        final Map<String, MergedNode> children = new HashMap<>();

        MergedNode(String className, long sampleFrom, long sampleTo, String rootCategory) {
            this.className = className;
            this.sampleFrom = sampleFrom;
            this.sampleTo = sampleTo;
            this.rootCategory = rootCategory;
        }

        MergedNode child(String cls, long from, long to, String rootCategory) {
            return children.computeIfAbsent(cls, k -> new MergedNode(cls, from, to, rootCategory));
        }

        void write(JsonWriter j, ServedDump d, int depth) {
            String via = rootCategory != null ? rootCategory
                    : sampleFrom >= 0 ? ObjectReport.via(d.heap.namer(), sampleFrom, sampleTo) : null;
            j.beginObject().field("class", className).field("via", via).field("objects", objects)
                    .field("retained", retained).field("more", children.size() > MAX_WIDTH);
            j.name("children").beginArray();
            if (depth < MAX_DEPTH) {
                children.values().stream()
                        .sorted(Comparator.comparingLong((MergedNode m) -> m.objects).reversed().thenComparing(m -> m.className))
                        .limit(MAX_WIDTH).forEach(c -> c.write(j, d, depth + 1));
            }
            j.endArray().endObject();
        }
    }

    private final Map<String, String> trees = new ConcurrentHashMap<>();

    /**
     * The shortest paths of a class's objects merged, as Eclipse MAT merges them: one tree from
     * the roots, a node per class along the paths, counting the objects whose path passes through
     * it and what they retain. Paths come from the precomputed shortest-path tree; the objects
     * taken are the class's largest retainers, at most {@link #MAX_OBJECTS}. A node's reference
     * name is read from one sample step when the tree is written (naming a JVM reference reads the
     * record again, too slow to do for every object).
     */
    String answer(ServedDump d, Params p) {
        String name = p.required("name");
        return trees.computeIfAbsent("merged/" + d.id + "/" + name, k -> merge(d, name));
    }

    private String merge(ServedDump d, String name) {
        long[] range = d.classRange(name);
        if (range == null) {
            throw new ApiException(404, "no class '" + name + "' in " + d.name());
        }
        int taken = (int) Math.min(range[1] - range[0], MAX_OBJECTS);
        MergedNode top = new MergedNode("(GC roots)", -1, -1, null);
        int unreached = 0;
        for (int i = 0; i < taken; i++) {
            long o = d.classObject(range[0] + i);
            RootPaths.Path path = d.strongPaths.pathTo(o);
            if (path == null) {
                unreached++;
                continue;
            }
            long[] steps = path.objects();
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
}
