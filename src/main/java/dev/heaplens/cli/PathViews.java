package dev.heaplens.cli;

import dev.heaplens.analysis.graph.ObjectReport;
import dev.heaplens.analysis.graph.ObjectRow;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.report.ObjectRenderer;
import dev.heaplens.runtime.LoadedHeap;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/** Root paths as the renderers show them. */
final class PathViews {
    private PathViews() {
    }

    /** A root path as shown: each object described by {@code row} (rows made with their values), and the reference names between them. */
    static ObjectRenderer.PathView of(LoadedHeap loaded, RootPaths.Path path, LongFunction<ObjectRow> row) {
        List<ObjectRow> steps = new ArrayList<>();
        List<String> via = new ArrayList<>();
        long[] objects = path.objects();
        for (int k = 0; k < objects.length; k++) {
            steps.add(row.apply(objects[k]));
            via.add(k == 0 ? null : ObjectReport.via(loaded.namer(), objects[k - 1], objects[k]));
        }
        return new ObjectRenderer.PathView(path.rootCategory(), steps, via);
    }
}
