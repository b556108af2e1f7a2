package dev.heaplens.web;

import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.ObjectRows;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.report.JsonWriter;
import dev.heaplens.report.ValueText;

import java.util.Set;

/** Objects and root paths as the API writes them: every name resolved, the address as hex. */
final class ObjectJson {
    /** Steps of a long path shown at each end; the middle is counted, not listed. */
    static final int PATH_ENDS = 50;

    private ObjectJson() {
    }

    /** Object {@code o} as a JSON object, from its row (made with its value by {@code LoadedHeap.rows}). */
    static void row(JsonWriter j, ServedDump dump, ObjectRows rows, long o) {
        ObjectRow r = rows.of(o);
        j.beginObject()
                .field("address", r.hexAddress())
                .field("type", r.kind())
                .field("class", r.className())
                .field("shallow", r.shallowSize())
                .field("retained", r.retainedSize())
                .field("retainedCount", r.retainedCount())
                .field("reachable", dump.dominators.isReachable(o))
                .field("location", r.location())
                .field("value", ValueText.of(r.value()))
                .field("classObject", dump.heap.namer().classObjectName(o))
                .endObject();
    }

    /** The objects of a path, for fetching their values before writing it. */
    static long[] shownOf(RootPaths.Path path) {
        long[] objects = path.objects();
        if (objects.length <= 2 * PATH_ENDS) {
            return objects;
        }
        long[] shown = new long[2 * PATH_ENDS];
        System.arraycopy(objects, 0, shown, 0, PATH_ENDS);
        System.arraycopy(objects, objects.length - PATH_ENDS, shown, PATH_ENDS, PATH_ENDS);
        return shown;
    }

    /** Adds the objects of {@code path} that {@link #path} shows to {@code shown}. */
    static void addShown(Set<Long> shown, RootPaths.Path path) {
        for (long o : shownOf(path)) {
            shown.add(o);
        }
    }

    /** A root path: its root category, and each step with the reference that led to it; a long middle is elided. */
    static void path(JsonWriter j, ServedDump dump, ObjectRows rows, RootPaths.Path path, boolean weakOnly) {
        long[] objects = path.objects();
        j.beginObject().field("rootCategory", path.rootCategory()).field("length", objects.length)
                .field("weakOnly", weakOnly).name("steps").beginArray();
        for (int k = 0; k < objects.length; k++) {
            if (objects.length > 2 * PATH_ENDS && k == PATH_ENDS) {
                int skipped = objects.length - 2 * PATH_ENDS;
                j.beginObject().field("elided", skipped).endObject();
                k += skipped - 1;
                continue;
            }
            j.beginObject().field("via", k == 0 ? null : ObjectReport.via(dump.heap.namer(), objects[k - 1], objects[k]));
            j.name("object");
            row(j, dump, rows, objects[k]);
            j.endObject();
        }
        j.endArray().endObject();
    }
}
