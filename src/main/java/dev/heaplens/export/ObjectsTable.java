package dev.heaplens.export;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.AddressSort;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.Scratch;
import dev.heaplens.parquet.BooleanColumn;
import dev.heaplens.parquet.Column;
import dev.heaplens.parquet.IntColumn;
import dev.heaplens.parquet.LongColumn;
import dev.heaplens.parquet.ParquetWriter;
import dev.heaplens.parquet.StringColumn;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
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
    /** Where the subtree numbering keeps its two columns: mapped beside the index out of core. */
    private final Scratch scratch;

    ObjectsTable(HeapGraph graph, NamedHeap namer, Dominators dominators, boolean ruby, Scratch scratch) {
        this.graph = graph;
        this.namer = namer;
        this.dominators = dominators;
        this.ruby = ruby;
        this.scratch = scratch;
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
        IdCells order = preorderNumbers();
        FirstRoots rooted = FirstRoots.of(graph);
        int nextRoot = 0;
        List<String> categories = graph.rootCategories();
        long n = graph.objectCount();
        int batch = (int) Math.max(1, Math.min(n, TableFiles.ROW_GROUP));
        long[] idoms = new long[batch];
        long[] dominatorAddress = new long[batch];
        for (Column c : columns) {
            c.reserve(batch);
        }
        try (ParquetWriter w = files.open("objects", columns)) {
            for (long first = 0; first < n; first += batch) { // a row group at a time
                long end = Math.min(n, first + batch);
                // the dominators' addresses are random reads over the address column: looked up in one
                // tight loop first, where the processor overlaps their cache misses
                for (long o = first; o < end; o++) {
                    idoms[(int) (o - first)] = dominators.immediateDominator(o);
                }
                for (int k = 0; k < end - first; k++) {
                    long idom = idoms[k];
                    dominatorAddress[k] = idom >= 0 ? graph.address(idom) : 0;
                }
                for (long o = first; o < end; o++) {
                    address.add(graph.address(o));
                    String name = classOf(o);
                    className.add(name);
                    tally(name, graph.shallowSize(o));
                    kind.add(kindOf(o));
                    shallow.add(graph.shallowSize(o));
                    long idom = idoms[(int) (o - first)];
                    boolean reached = idom != Dominators.UNREACHABLE;
                    reachable.add(reached);
                    if (reached) {
                        retained.add(dominators.retainedSize(o));
                        retainedCount.add(dominators.retainedCount(o));
                        preorder.add(order.get(o));
                    } else {
                        retained.addNull();
                        retainedCount.addNull();
                        preorder.addNull();
                    }
                    if (idom >= 0) {
                        dominator.add(dominatorAddress[(int) (o - first)]);
                    } else {
                        dominator.addNull();
                    }
                    if (nextRoot < rooted.objects.length && rooted.objects[nextRoot] == o) {
                        root.add(categories.get(rooted.categories[nextRoot++]));
                    } else {
                        root.addNull();
                    }
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
                }
                w.endRowGroup();
            }
        } finally {
            scratch.release(order);
        }
    }

    /** The kind name by the graph's kind byte, which alone decides it: named once per kind, not per object. */
    private final String[] kinds = new String[256];

    private String kindOf(long o) {
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
    /** Class names met, by identity in a slot by their hash, with their tallies: no map look-up for most objects. */
    private static final int RECENT_CLASSES = 1 << 10;
    private final String[] recentClasses = new String[RECENT_CLASSES];
    private final LookupTables.Tally[] recentTallies = new LookupTables.Tally[RECENT_CLASSES];

    private void tally(String name, long bytes) {
        if (name != lastClass) { // neighbours often share a class (and classOf found the JVM's): no lookup
            int slot = name.hashCode() & (RECENT_CLASSES - 1); // a Ruby class name is one String for its objects
            if (recentClasses[slot] != name) {
                recentClasses[slot] = name;
                recentTallies[slot] = byClass.computeIfAbsent(name, k -> new LookupTables.Tally());
            }
            lastTally = recentTallies[slot];
            lastClass = name;
        }
        lastTally.objects++;
        lastTally.bytes += bytes;
    }

    /** Objects and bytes by class name, once {@link #write} has run. */
    Map<String, LookupTables.Tally> classTally() {
        return byClass;
    }

    /** JVM class names and their tallies by the graph's class number: a JVM object's class is its class object's (JvmHeap). */
    private String[] classNames;
    private LookupTables.Tally[] classTallies;

    /**
     * The object's class as histogram names it; on the JVM named and its tally found once per class,
     * not per object (and left in {@link #lastClass}, {@link #lastTally} for {@link #tally}).
     */
    private String classOf(long o) {
        if (ruby) {
            return namer.group(o, GroupBy.CLASS); // a Ruby name may hang on the object's own record (a DATA struct)
        }
        if (classNames == null) {
            classNames = new String[graph.classCount()];
            classTallies = new LookupTables.Tally[graph.classCount()];
        }
        int number = graph.classNumber(o);
        String name = classNames[number];
        if (name == null) {
            name = namer.group(o, GroupBy.CLASS);
            classNames[number] = name;
            classTallies[number] = byClass.computeIfAbsent(name, k -> new LookupTables.Tally());
        }
        lastClass = name;
        lastTally = classTallies[number];
        return name;
    }

    /** Each allocation site met, split once and tallied for the sites table. */
    private final Sites sites = new Sites();

    /** Ruby: objects and bytes by allocation site, once {@link #write} has run. */
    Sites sites() {
        return sites;
    }

    private void addRubyColumns(long o, StringColumn file, IntColumn line, IntColumn generation, StringColumn imemo) {
        String text = namer.location(o);
        if (text == null) {
            file.addNull();
            line.addNull();
        } else {
            Sites.Site site = sites.count(text, graph.shallowSize(o));
            file.add(site.file);
            line.add(site.line);
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
     * Numbered top down without the tree's child lists: the graph's preorder puts each object after its
     * dominator, and a dominator hands its children consecutive ranges, each as long as the child's
     * subtree ({@code retained_count}), in the order they come; the same numbers as a walk of the
     * children in that order. Both columns are the scratch's (mapped out of core), values up to n.
     */
    IdCells preorderNumbers() {
        long n = graph.objectCount();
        IdCells order = scratch.idCellsWhereRoom(n, n);
        IdCells nextFree = scratch.idCellsWhereRoom(n, n); // by object: the number its next child's subtree starts at
        long nextRoot = 0;
        for (long i = 0, reachable = dominators.reachableCount(); i < reachable; i++) {
            long o = dominators.preorderObject(i);
            long d = dominators.immediateDominator(o);
            long at;
            if (d == Dominators.SUPER_ROOT) {
                at = nextRoot;
                nextRoot += dominators.retainedCount(o);
            } else {
                at = nextFree.get(d);
                nextFree.set(d, at + dominators.retainedCount(o));
            }
            order.set(o, at);
            nextFree.set(o, at + 1);
        }
        scratch.release(nextFree);
        return order;
    }

    /**
     * The objects GC roots hold, ascending, each with the category of its first root (in the dump's
     * root order): the objects' loop walks them beside the objects, with no look-up per object. Two
     * parallel arrays, so that no id is packed beside a category (ids pass 2^32).
     */
    static final class FirstRoots {
        final long[] objects;
        final int[] categories;

        private FirstRoots(long[] objects, int[] categories) {
            this.objects = objects;
            this.categories = categories;
        }

        static FirstRoots of(HeapGraph graph) {
            int roots = graph.rootCount();
            long[] targets = new long[roots];
            int[] categories = new int[roots];
            for (int r = 0; r < roots; r++) {
                targets[r] = graph.rootTarget(r);
                categories[r] = graph.rootCategoryId(r);
            }
            return of(targets, categories);
        }

        /** From each root's target (negative: none) and category, in root order. */
        static FirstRoots of(long[] targets, int[] categories) {
            long[] sorted = targets.clone();
            int[] root = AddressSort.sort(sorted); // stable: a target's first root comes first
            int kept = 0;
            long[] objects = new long[sorted.length];
            int[] firstCategory = new int[sorted.length];
            for (int i = 0; i < sorted.length; i++) {
                long target = sorted[i];
                if (target >= 0 && (kept == 0 || objects[kept - 1] != target)) {
                    objects[kept] = target;
                    firstCategory[kept++] = categories[root[i]];
                }
            }
            return new FirstRoots(Arrays.copyOf(objects, kept), Arrays.copyOf(firstCategory, kept));
        }
    }
}
