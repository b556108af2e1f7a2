package dev.heaplens.export;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.parquet.BooleanColumn;
import dev.heaplens.parquet.Column;
import dev.heaplens.parquet.IntColumn;
import dev.heaplens.parquet.LongColumn;
import dev.heaplens.parquet.ParquetWriter;
import dev.heaplens.parquet.StringColumn;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code objects} table: one row per object of the heap graph, with its dominator-tree figures.
 * Columns are named in docs/export-schema.md; Ruby dumps add the allocation site and IMEMO kind.
 */
final class ObjectsTable {
    private final HeapGraph graph;
    private final NamedHeap namer;
    private final Dominators dominators;
    private final boolean ruby;

    ObjectsTable(HeapGraph graph, NamedHeap namer, Dominators dominators, boolean ruby) {
        this.graph = graph;
        this.namer = namer;
        this.dominators = dominators;
        this.ruby = ruby;
    }

    void write(TableFiles files) throws IOException {
        LongColumn address = new LongColumn("address", false);
        StringColumn className = new StringColumn("class", true);
        StringColumn kind = new StringColumn(ruby ? "type" : "kind", false);
        LongColumn shallow = new LongColumn("shallow", false);
        LongColumn retained = new LongColumn("retained", true);
        LongColumn retainedCount = new LongColumn("retained_count", true);
        LongColumn dominator = new LongColumn("dominator", true);
        BooleanColumn reachable = new BooleanColumn("reachable", false);
        StringColumn root = new StringColumn("root", true);
        LongColumn preorder = new LongColumn("preorder", true);
        List<Column> columns = new ArrayList<>(List.of(address, className, kind, shallow, retained, retainedCount,
                dominator, reachable, root, preorder));
        StringColumn file = new StringColumn("file", true);
        IntColumn line = new IntColumn("line", true);
        IntColumn generation = new IntColumn("generation", true);
        StringColumn imemo = new StringColumn("imemo_kind", true);
        if (ruby) {
            columns.addAll(List.of(file, line, generation, imemo));
        }
        int[] order = preorderNumbers();
        int[] rootOf = firstRootCategory();
        List<String> categories = graph.rootCategories();
        try (ParquetWriter w = files.open("objects", columns)) {
            for (int o = 0, n = graph.objectCount(); o < n; o++) {
                address.add(graph.address(o));
                className.add(namer.group(o, GroupBy.CLASS));
                kind.add(namer.kind(o));
                shallow.add(graph.shallowSize(o));
                int idom = dominators.immediateDominator(o);
                boolean reached = idom != Dominators.UNREACHABLE;
                reachable.add(reached);
                if (reached) {
                    retained.add(dominators.retainedSize(o));
                    retainedCount.add(dominators.retainedCount(o));
                    preorder.add(order[o]);
                } else {
                    retained.addNull();
                    retainedCount.addNull();
                    preorder.addNull();
                }
                if (idom >= 0) {
                    dominator.add(graph.address(idom));
                } else {
                    dominator.addNull();
                }
                root.add(rootOf[o] < 0 ? null : categories.get(rootOf[o]));
                if (ruby) {
                    addRubyColumns(o, file, line, generation, imemo);
                }
                TableFiles.rowDone(w);
            }
        }
    }

    private void addRubyColumns(int o, StringColumn file, IntColumn line, IntColumn generation, StringColumn imemo) {
        String site = namer.location(o);
        if (site == null) {
            file.addNull();
            line.addNull();
        } else {
            file.add(SiteText.file(site));
            line.add(SiteText.line(site));
        }
        int g = namer.generation(o);
        if (g >= 0) {
            generation.add(g);
        } else {
            generation.addNull();
        }
        imemo.add(namer.imemoKind(o));
    }

    /**
     * Each reachable object's place in a preorder walk of the dominator tree: what an object retains
     * are the {@code retained_count} objects from its own place on, so a retained set is a range
     * query. (The dominators' own preorder is the graph's, where a subtree need not be contiguous.)
     */
    private int[] preorderNumbers() {
        int[] order = new int[graph.objectCount()];
        int[] stack = new int[Math.max(1, dominators.reachableCount())];
        int top = 0;
        int next = 0;
        for (int i = dominators.childEnd(Dominators.SUPER_ROOT) - 1; i >= dominators.childStart(Dominators.SUPER_ROOT); i--) {
            stack[top++] = dominators.child(i);
        }
        while (top > 0) {
            int o = stack[--top];
            order[o] = next++;
            for (int i = dominators.childEnd(o) - 1; i >= dominators.childStart(o); i--) {
                stack[top++] = dominators.child(i);
            }
        }
        return order;
    }

    /** The category of the first GC root at each object, -1 for none. */
    private int[] firstRootCategory() {
        int[] first = new int[graph.objectCount()];
        Arrays.fill(first, -1);
        for (int r = 0, n = graph.rootCount(); r < n; r++) {
            int target = graph.rootTarget(r);
            if (target >= 0 && first[target] < 0) {
                first[target] = graph.rootCategoryId(r);
            }
        }
        return first;
    }
}
