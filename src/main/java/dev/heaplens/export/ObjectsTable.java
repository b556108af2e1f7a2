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
import dev.heaplens.util.LongLongMap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
        LongColumn length = new LongColumn("length", true);
        List<Column> columns = new ArrayList<>(List.of(address, className, kind, shallow, retained, retainedCount,
                dominator, reachable, root, preorder, length));
        StringColumn file = new StringColumn("file", true);
        IntColumn line = new IntColumn("line", true);
        IntColumn generation = new IntColumn("generation", true);
        StringColumn imemo = new StringColumn("imemo_kind", true);
        StringColumn method = new StringColumn("method", true);
        if (ruby) {
            columns.addAll(List.of(file, line, generation, imemo, method));
        }
        int[] order = preorderNumbers();
        LongLongMap rootOf = firstRootCategory();
        List<String> categories = graph.rootCategories();
        try (ParquetWriter w = files.open("objects", columns)) {
            for (int o = 0, n = graph.objectCount(); o < n; o++) {
                address.add(graph.address(o));
                String name = classOf(o);
                className.add(name);
                tally(name, graph.shallowSize(o));
                kind.add(kindOf(o));
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
                int category = (int) rootOf.get(o, -1);
                root.add(category < 0 ? null : categories.get(category));
                long count = namer.length(o);
                if (count >= 0) {
                    length.add(count);
                } else {
                    length.addNull();
                }
                if (ruby) {
                    addRubyColumns(o, file, line, generation, imemo);
                    method.add(namer.allocationMethod(o));
                }
                TableFiles.rowDone(w);
            }
        }
    }

    /** The kind name by the graph's kind byte, which alone decides it: named once per kind, not per object. */
    private final String[] kinds = new String[256];

    private String kindOf(int o) {
        int k = graph.kind(o) & 0xFF;
        String name = kinds[k];
        if (name == null) {
            name = namer.kind(o);
            kinds[k] = name;
        }
        return name;
    }

    /** Objects and bytes by class name, for the classes table. */
    private final Map<String, LookupTables.Tally> byClass = new HashMap<>();
    private String lastClass;
    private LookupTables.Tally lastTally;

    private void tally(String name, long bytes) {
        if (name != lastClass) { // neighbours often share a class: the same String, no lookup
            lastTally = byClass.computeIfAbsent(name, k -> new LookupTables.Tally());
            lastClass = name;
        }
        lastTally.objects++;
        lastTally.bytes += bytes;
    }

    /** Objects and bytes by class name, once {@link #write} has run. */
    Map<String, LookupTables.Tally> classTally() {
        return byClass;
    }

    /** JVM class names by class address: a JVM object's class is its class object's (JvmHeap), found once per class. */
    private final LongLongMap classIds = new LongLongMap();
    private final List<String> classNames = new ArrayList<>();

    /** The object's class as histogram names it; on the JVM looked up once per class, not per object. */
    private String classOf(int o) {
        if (ruby) {
            return namer.group(o, GroupBy.CLASS); // a Ruby name may hang on the object's own record (a DATA struct)
        }
        long classAddress = graph.classAddress(o);
        long id = classIds.get(classAddress, -1);
        if (id < 0) {
            id = classNames.size();
            classNames.add(namer.group(o, GroupBy.CLASS));
            classIds.put(classAddress, id);
        }
        return classNames.get((int) id);
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

    /** The category of the first GC root at each object that has one, by object: as many entries as roots, not objects. */
    private LongLongMap firstRootCategory() {
        LongLongMap first = new LongLongMap();
        for (int r = 0, n = graph.rootCount(); r < n; r++) {
            int target = graph.rootTarget(r);
            if (target >= 0 && first.get(target, -1) < 0) {
                first.put(target, graph.rootCategoryId(r));
            }
        }
        return first;
    }
}
