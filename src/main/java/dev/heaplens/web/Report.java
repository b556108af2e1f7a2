package dev.heaplens.web;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.RetainedByGroup;
import dev.heaplens.graph.Dominators;
import dev.heaplens.report.JsonWriter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code heaplens report}: the served page as one self-contained HTML file. The page's CSS,
 * ECharts and script are inlined, and the API answers the report's views need are embedded as
 * JSON, keyed as the script asks for them: the same page reads them instead of fetching, and a
 * view that was not embedded says so.
 */
public final class Report {
    /** Page sizes the script asks for; the embedded answers must use the same. */
    static final int PAGE = 50;
    static final int TREE_PAGE = 20;
    /** Dominator tree levels embedded below the roots, and children expanded at each. */
    static final int TREE_DEPTH = 3;
    static final int TREE_WIDTH = 5;
    /** Classes whose objects are listed, and objects of each with their own page. */
    static final int CLASSES = 10;
    static final int OBJECTS_PER_CLASS = 5;
    static final int TOP_OBJECTS = 20;

    private final Api api;
    private final Workspace workspace;
    private final Map<String, String> answers = new LinkedHashMap<>();

    private Report(Workspace workspace) {
        this.workspace = workspace;
        this.api = new Api(workspace);
    }

    /** The report's HTML. */
    public static String html(Workspace workspace) {
        Report r = new Report(workspace);
        r.collect();
        return r.page();
    }

    /** The key the script looks an answer up by: the view, then the non-empty parameters sorted by name. */
    static String key(String view, Map<String, String> params) {
        StringBuilder k = new StringBuilder(view).append('?');
        boolean first = true;
        for (Map.Entry<String, String> e : new TreeMap<>(params).entrySet()) {
            if (e.getValue() == null || e.getValue().isEmpty()) {
                continue;
            }
            k.append(first ? "" : "&").append(e.getKey()).append('=').append(e.getValue());
            first = false;
        }
        return k.toString();
    }

    private void add(String view, String... nameValues) {
        Map<String, String> params = new TreeMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            params.put(nameValues[i], nameValues[i + 1]);
        }
        String key = key(view, params);
        if (!answers.containsKey(key)) {
            answers.put(key, api.answer(view, params));
        }
    }

    private void collect() {
        add("info");
        for (ServedDump d : workspace.dumps) {
            String id = Integer.toString(d.id);
            d.awaitExact();
            add("suspects", "d", id);
            for (double threshold : ServedDump.SUSPECTS_THRESHOLDS) {
                if (threshold != ServedDump.SUSPECTS_THRESHOLD) {
                    add("suspects", "d", id, "threshold", thresholdText(threshold));
                }
            }
            add("overview", "d", id);
            for (GroupBy key : d.runtime.graphKeys()) {
                add("histogram", "d", id, "by", key.label(), "sort", "bytes", "dir", "desc", "page", "0", "size", str(PAGE));
            }
            add("top", "d", id, "page", "0", "size", str(PAGE));
            add("dominators", "d", id, "page", "0", "size", str(TREE_PAGE));
            if (d.runtime.hasThreads()) {
                add("threads", "d", id);
            }
            if (d.id != workspace.dumps.size() - 1) {
                continue; // objects, classes and the tree in depth for the last dump only: the report stays small
            }
            add("unreachable", "d", id, "by", "class", "page", "0", "size", str(PAGE));
            if (d.runtime.hasStringValues()) {
                add("strings", "d", id, "page", "0", "size", str(PAGE));
            }
            Set<Long> objects = new LinkedHashSet<>();
            for (long i = 0; i < Math.min(TOP_OBJECTS, d.byRetained.length()); i++) {
                objects.add(d.byRetained.get(i));
            }
            Set<String> classes = new LinkedHashSet<>();
            classesOf(d.groups(GroupBy.CLASS), classes);
            List<RetainedByGroup.Row> byBytes = new ArrayList<>(d.groups(GroupBy.CLASS));
            byBytes.sort(java.util.Comparator.comparingLong(RetainedByGroup.Row::shallowBytes).reversed()
                    .thenComparing(java.util.Comparator.comparingLong(RetainedByGroup.Row::count).reversed())
                    .thenComparing(RetainedByGroup.Row::group));
            classesOf(byBytes, classes);
            for (String cls : classes) {
                add("class", "d", id, "name", cls, "page", "0", "size", str(PAGE));
                long[] range = d.classRange(cls);
                for (long i = range[0]; i < Math.min(range[1], range[0] + OBJECTS_PER_CLASS); i++) {
                    objects.add(d.classObject(i));
                }
            }
            objects.addAll(d.suspectObjects()); // every object the suspects view links to opens in the report
            for (long o : objects) {
                add("object", "d", id, "address", address(d, o), "n", "20");
            }
            tree(d, Dominators.SUPER_ROOT, 0);
        }
        if (workspace.hasDiff()) {
            add("diff", "a", "0", "b", "1", "by", "class", "sort", "bytes", "page", "0", "size", str(PAGE));
        }
        if (workspace.hasLeaks()) {
            add("leaks");
        }
        if (workspace.gcJson != null) {
            add("gc");
        }
    }

    private static void classesOf(List<RetainedByGroup.Row> rows, Set<String> into) {
        rows.stream().limit(CLASSES).forEach(r -> into.add(r.group()));
    }

    private void tree(ServedDump d, long node, int depth) {
        String id = Integer.toString(d.id);
        if (node != Dominators.SUPER_ROOT) {
            add("dominators", "d", id, "address", address(d, node), "page", "0", "size", str(TREE_PAGE));
        }
        if (depth >= TREE_DEPTH) {
            return;
        }
        long[] range = d.childRange(node);
        for (long i = range[0]; i < Math.min(range[1], range[0] + TREE_WIDTH); i++) {
            long child = d.child(i);
            if (d.dominators.childEnd(child) > d.dominators.childStart(child)) {
                tree(d, child, depth + 1);
            }
        }
    }

    private static String address(ServedDump d, long o) {
        return "0x" + Long.toHexString(d.graph.address(o));
    }

    private static String str(int i) {
        return Integer.toString(i);
    }

    private String page() {
        StringBuilder data = new StringBuilder("{\"generatedBy\":\"heaplens report\",\"answers\":{");
        boolean first = true;
        for (Map.Entry<String, String> answer : answers.entrySet()) {
            data.append(first ? "" : ",");
            new JsonWriter(data).value(answer.getKey());
            data.append(':').append(answer.getValue().strip());
            first = false;
        }
        data.append("}}");
        String html = Assets.text("dev/heaplens/web/index.html");
        html = replaceOnce(html, "<link rel=\"stylesheet\" href=\"app.css\">",
                "<style>\n" + Assets.text("dev/heaplens/web/app.css") + "\n</style>");
        html = replaceOnce(html, "<script src=\"echarts.min.js\"></script>", "<script>" + inlineScript(Assets.text(Assets.ECHARTS)) + "</script>");
        // JSON in a script element: '<' escaped so no string from the dump can close the element
        html = replaceOnce(html, "<script src=\"suspects.js\"></script>",
                "<script>" + inlineScript(Assets.text("dev/heaplens/web/suspects.js")) + "</script>");
        html = replaceOnce(html, "<script src=\"threads.js\"></script>",
                "<script>" + inlineScript(Assets.text("dev/heaplens/web/threads.js")) + "</script>");
        html = replaceOnce(html, "<script src=\"app.js\"></script>",
                "<script type=\"application/json\" id=\"heaplens-data\">" + data.toString().replace("<", "\\u003c")
                        + "</script>\n<script>" + inlineScript(Assets.text("dev/heaplens/web/app.js")) + "</script>");
        return html;
    }

    /** A script made safe to inline: nothing in it can end the script element or start an HTML comment. */
    static String inlineScript(String js) {
        return js.replaceAll("(?i)</(script)", "<\\\\/$1").replace("<!--", "<\\!--");
    }

    private static String replaceOnce(String html, String marker, String replacement) {
        int at = html.indexOf(marker);
        if (at < 0) {
            throw new IllegalStateException("index.html lacks " + marker);
        }
        return html.substring(0, at) + replacement + html.substring(at + marker.length());
    }


    /** A threshold as the page writes it in the URL: {@code 5}, not {@code 5.0}. */
    private static String thresholdText(double threshold) {
        return threshold == Math.rint(threshold) ? Long.toString((long) threshold) : Double.toString(threshold);
    }
}
