package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.HeapSummary;
import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.format.hprof.ClassDump;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofGraphReader;
import dev.heaplens.format.hprof.HprofLayout;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.ThreadStacks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What {@code heaplens summary} reports for a JVM dump: objects by kind, classes and class
 * loaders, classes loaded more than once, GC roots by kind, the layout and JVM release assumed for
 * sizes (and how the sizes fit where the objects sit), and reachability.
 *
 * @param jvm       the JVM release the field layout rules were taken from, and the evidence
 * @param sizeCheck computed instance sizes against the gaps between neighbouring objects
 */
public record JvmSummary(String version, int idSize, HprofLayout layout, String layoutNote, String jvm,
                         InstanceSizeCheck sizeCheck, long objects, long bytes,
                         List<Row> kinds, long classes, long loaders, List<Row> duplicateClasses,
                         List<Row> roots, Reachability reachability, List<Row> unreachableByClass,
                         List<Row> biggestClasses) implements HeapSummary {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.jvm(this);
    }


    /** Classes shown in the unreachable-by-class list, most bytes first. */
    public static final int UNREACHABLE_CLASSES_SHOWN = 15;
    /** Classes shown in the biggest-classes list, most shallow bytes first. */
    public static final int BIGGEST_CLASSES_SHOWN = 15;
    /** Unreachable objects get a table of their own from this share of the heap's bytes, else one line. */
    public static final double UNREACHABLE_SHARE_LISTED = 0.05;

    /** Whether unreachable objects are a real share of the heap, worth their own table. */
    public boolean unreachableIsAShare() {
        return reachability.unreachableBytes() >= UNREACHABLE_SHARE_LISTED * bytes;
    }

    /** A label with a count and bytes (for roots: roots and distinct objects held). */
    public record Row(String label, long count, long bytes) {
    }

    /** The summary of {@code heap}, whose reachability from the GC roots {@code dominators} tells. */
    public static JvmSummary of(JvmHeap heap, Dominators dominators) {
        return of(heap, Reachability.of(dominators, heap), unreachableByClass(heap, dominators));
    }

    /** Unreachable objects by class name, most bytes first, the first {@link #UNREACHABLE_CLASSES_SHOWN}. */
    private static List<Row> unreachableByClass(JvmHeap heap, Dominators dominators) {
        return Reachability.unreachableBy(dominators, heap::className).stream().limit(UNREACHABLE_CLASSES_SHOWN)
                .map(r -> new Row(r.kind(), r.count(), r.bytes())).toList();
    }

    private static JvmSummary of(JvmHeap heap, Reachability reachability, List<Row> unreachableByClass) {
        HprofGraphReader.Result read = heap.read();
        HeapGraph g = heap.graph();
        long[][] byKind = new long[HprofObjectKind.values().length][2];
        long bytes = 0;
        Set<Long> loaders = new HashSet<>();
        Map<String, Set<Long>> loadersByName = new HashMap<>();
        HprofClasses classes = read.classes();
        long classCount = 0;
        Map<String, long[]> byClass = new HashMap<>();
        for (long o = 0, n = g.objectCount(); o < n; o++) {
            long[] c = byClass.computeIfAbsent(heap.className(o), x -> new long[2]);
            c[0]++;
            c[1] += g.shallowSize(o);
            int k = g.kind(o);
            byKind[k][0]++;
            byKind[k][1] += g.shallowSize(o);
            bytes += g.shallowSize(o);
            if (HprofObjectKind.of(g.kind(o)) == HprofObjectKind.CLASS) {
                classCount++;
                ClassDump dump = classes.dump(g.address(o));
                if (dump != null) {
                    loaders.add(dump.loaderId());
                    String name = classes.name(dump.classId());
                    if (name != null) {
                        loadersByName.computeIfAbsent(name, x -> new HashSet<>()).add(dump.loaderId());
                    }
                }
            }
        }
        List<Row> kinds = new ArrayList<>();
        for (HprofObjectKind kind : HprofObjectKind.values()) {
            long[] s = byKind[kind.ordinal()];
            kinds.add(new Row(kind.name().toLowerCase().replace('_', ' '), s[0], s[1]));
        }
        List<Row> duplicates = new ArrayList<>();
        loadersByName.forEach((name, ids) -> {
            if (ids.size() > 1) {
                duplicates.add(new Row(name, ids.size(), 0));
            }
        });
        duplicates.sort(Comparator.comparingLong(Row::count).reversed().thenComparing(Row::label));
        Map<String, long[]> rootsByKind = new TreeMap<>();
        Map<String, Set<Long>> heldByKind = new HashMap<>();
        for (int r = 0; r < g.rootCount(); r++) {
            String kind = ThreadStacks.kindOf(g.rootCategory(r)); // threads lists the locals by thread and frame
            rootsByKind.computeIfAbsent(kind, x -> new long[1])[0]++;
            heldByKind.computeIfAbsent(kind, x -> new HashSet<>()).add(g.rootTarget(r));
        }
        List<Row> roots = new ArrayList<>();
        rootsByKind.forEach((kind, c) -> roots.add(new Row(kind, c[0], heldByKind.get(kind).size())));
        roots.sort(Comparator.comparingLong(Row::count).reversed().thenComparing(Row::label));
        return new JvmSummary(read.header().version(), read.header().idSize(), read.layout(), read.layoutNote(),
                classes.assumedJvm(), InstanceSizeCheck.of(g, classes::name), g.objectCount(), bytes,
                List.copyOf(kinds), classCount, loaders.size(), List.copyOf(duplicates), List.copyOf(roots), reachability,
                unreachableByClass, biggest(byClass));
    }

    /** The {@link #BIGGEST_CLASSES_SHOWN} classes of most shallow bytes, then by name. */
    private static List<Row> biggest(Map<String, long[]> byClass) {
        return byClass.entrySet().stream().map(e -> new Row(e.getKey(), e.getValue()[0], e.getValue()[1]))
                .sorted(Comparator.comparingLong(Row::bytes).reversed().thenComparing(Row::label))
                .limit(BIGGEST_CLASSES_SHOWN).toList();
    }
}
