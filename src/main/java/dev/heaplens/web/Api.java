package dev.heaplens.web;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.report.JsonWriter;
import dev.heaplens.report.SuspectsRenderer;

import java.util.Map;
import java.util.TreeMap;
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
    private final GroupViews groups = new GroupViews();
    private final ObjectViews objects = new ObjectViews(groups);
    private final MergedPaths merged = new MergedPaths();
    private final ThreadViews threads = new ThreadViews();
    private final ComparisonViews comparisons;

    public Api(Workspace workspace) {
        this.workspace = workspace;
        this.comparisons = new ComparisonViews(workspace);
    }

    /** The JSON answer to {@code GET /api/<view>?params}. */
    public synchronized String answer(String view, Params p) {
        return switch (view) {
            case "info" -> cache.computeIfAbsent("info", k -> info());
            case "suspects" -> {
                ServedDump d = dump(p);
                double threshold = threshold(p);
                yield cache.computeIfAbsent("suspects/" + d.id + "/" + threshold,
                        k -> SuspectsRenderer.json(d.suspects(threshold)).strip());
            }
            case "overview" -> {
                ServedDump d = dump(p);
                boolean exact = d.exact(GroupBy.CLASS) && d.exact(d.originKey());
                yield exact ? cache.computeIfAbsent("overview/" + d.id, k -> groups.overview(d)) : groups.overview(d);
            }
            case "histogram" -> groups.histogram(dump(p), p);
            case "class" -> objects.classObjects(dump(p), p);
            case "top" -> objects.top(dump(p), p);
            case "object" -> objects.object(dump(p), p);
            case "paths" -> objects.paths(dump(p), p);
            case "merged" -> merged.answer(dump(p), p);
            case "dominators" -> objects.dominators(dump(p), p);
            case "unreachable" -> groups.unreachable(dump(p), p);
            case "strings" -> groups.strings(dump(p), p);
            case "threads" -> {
                ServedDump d = dump(p);
                yield cache.computeIfAbsent("threads/" + d.id, k -> threads.threads(d));
            }
            case "diff" -> comparisons.diff(p);
            case "leaks" -> comparisons.leaks(p);
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
        return answer(view, new Params(new TreeMap<>(params)));
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
                    .field("strings", d.runtime.hasStringValues()).field("threads", d.runtime.hasThreads()).name("keys").beginArray();
            d.runtime.graphKeys().forEach(k -> j.value(k.label()));
            j.endArray().name("keyMeanings").beginObject(); // the menus' hover text, in the runtime's words
            d.runtime.graphKeys().forEach(k -> j.field(k.label(), d.runtime.keyMeaning(k)));
            j.endObject().endObject();
        }
        j.endArray().field("diff", workspace.hasDiff()).field("leaks", workspace.hasLeaks())
                .field("gc", workspace.gcName).endObject();
        return out.toString();
    }

    /** The suspects' threshold asked for (percent of the heap), the CLI's default when not. */
    private static double threshold(Params p) {
        String text = p.text("threshold", null);
        if (text == null) {
            return ServedDump.SUSPECTS_THRESHOLD;
        }
        try {
            double t = Double.parseDouble(text);
            if (t > 0 && t <= 100) {
                return t;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ApiException(400, "threshold must be a percentage more than 0 and at most 100, not '" + text + "'");
    }
}
