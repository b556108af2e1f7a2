package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.graph.Reachability;
import dev.heaplens.analysis.strings.DuplicateStrings;
import dev.heaplens.analysis.suspects.DuplicateStringsFinding;
import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.format.hprof.HprofObjectKind;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.HumanBytes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JVM's checks beside the suspects, as MAT's component report makes them, from what the heap
 * graph holds: objects only weak, soft or phantom references keep, objects waiting for
 * finalization, classes loaded by more than one class loader; and zero-length arrays and empty
 * collections ({@link ZeroLengthArrays}, {@link EmptyCollections}), collections with much unused
 * capacity ({@link UnusedCapacity}), duplicate strings
 * ({@link JvmDuplicateStrings#inGraph}: one pass over the Strings' records) and primitive arrays of one value
 * ({@link OneValueArrays}: they read again the records of
 * the objects that may be, when those could reach a share worth telling).
 */
public final class JvmWasteChecks {
    /** A check on bytes is told from this share of the heap on. */
    public static final double WORTH_TELLING = 0.01;
    /** Finalizers are told from this many on, whatever their bytes. */
    static final int MANY_FINALIZERS = 1000;
    static final int CLASSES_SHOWN = 10;

    private JvmWasteChecks() {
    }

    /**
     * The findings, with what needs no dominator tree worked out ahead ({@link #ahead}), or null to work
     * it out here; their columns and lists in {@code scratch} (mapped beside the index out of core).
     *
     * @param weak what only weak references keep ({@link Reachability#weakOnly}), null when the dump has none
     */
    public static List<Finding> of(JvmHeap heap, Dominators d, Reachability.WeakOnly weak, long analysedBytes,
                                   Ahead ahead, Scratch scratch) {
        HeapClasses classes = ahead != null ? ahead.classes : HeapClasses.of(heap);
        // the strings' groups first: their columns are gone before the candidate lists are made
        Finding strings = duplicateStrings(heap, classes, ahead != null ? ahead.strings : null, analysedBytes, scratch);
        CheckCandidates candidates = CheckCandidates.of(heap, d, classes, scratch);
        try {
            return found(heap, d, weak, analysedBytes, classes, candidates, strings, scratch);
        } finally {
            candidates.release();
        }
    }

    private static List<Finding> found(JvmHeap heap, Dominators d, Reachability.WeakOnly weak, long analysedBytes,
                                       HeapClasses classes, CheckCandidates candidates, Finding strings, Scratch scratch) {
        HeapGraph g = heap.graph();
        Map<String, List<Long>> classObjects = classes.byName;
        List<Finding> found = new ArrayList<>();
        if (weak != null && share(weak.bytes(), analysedBytes) >= WORTH_TELLING) {
            found.add(new Finding("weakly-reachable", weak.bytes(), weak.count(), share(weak.bytes(), analysedBytes),
                    String.format(Locale.ROOT, "%,d objects (%s) are kept only by weak, soft or phantom references or "
                                    + "finalizers: the GC may clear them, and they are in no suspect's size. Soft references "
                                    + "used as a cache keep memory until the heap is nearly full.",
                            weak.count(), HumanBytes.of(weak.bytes())), List.of(), List.of()));
        }
        Finding finalizers = finalizers(g, candidates.finalizers, analysedBytes);
        if (finalizers != null) {
            found.add(finalizers);
        }
        Finding duplicates = loadedTwice(g, d, classObjects, analysedBytes);
        if (duplicates != null) {
            found.add(duplicates);
        }
        Finding emptyArrays = ZeroLengthArrays.of(heap, candidates.smallArrays, analysedBytes, scratch);
        if (emptyArrays != null) {
            found.add(emptyArrays);
        }
        Finding emptyCollections = EmptyCollections.of(heap, d, analysedBytes, candidates.collections, scratch);
        if (emptyCollections != null) {
            found.add(emptyCollections);
        }
        Finding unusedCapacity = UnusedCapacity.of(heap, d, analysedBytes, classes, candidates.capacity, scratch);
        if (unusedCapacity != null) {
            found.add(unusedCapacity);
        }
        Finding oneValue = OneValueArrays.of(heap, candidates.primitiveArrays, analysedBytes, scratch);
        if (oneValue != null) {
            found.add(oneValue);
        }
        if (strings != null) {
            found.add(strings);
        }
        return found;
    }

    /**
     * What the checks need that the dominator tree does not give: the heap's classes by name and the
     * duplicate strings. Suspects works it out on a second thread while the tree is computed, once:
     * the checks then take it instead of walking every object for the classes again.
     */
    public static Ahead ahead(JvmHeap heap, Scratch scratch) {
        HeapClasses classes = HeapClasses.of(heap);
        return new Ahead(classes, JvmDuplicateStrings.inGraph(heap, classes, DuplicateStringsFinding.VALUES, 0, scratch));
    }

    /** What {@link #ahead} worked out, held until the checks take it. */
    public static final class Ahead {
        private final HeapClasses classes;
        private final DuplicateStrings strings;

        private Ahead(HeapClasses classes, DuplicateStrings strings) {
            this.classes = classes;
            this.strings = strings;
        }
    }

    /** MAT's duplicate strings, as {@code heaplens strings} counts them, from the graph's Strings (or as grouped ahead). */
    private static Finding duplicateStrings(JvmHeap heap, HeapClasses classes, DuplicateStrings grouped, long analysedBytes,
                                            Scratch scratch) {
        DuplicateStrings d = grouped != null ? grouped : JvmDuplicateStrings.inGraph(heap, classes, DuplicateStringsFinding.VALUES,
                (long) Math.ceil(DuplicateStringsFinding.WORTH_TELLING * analysedBytes), scratch);
        return d == null ? null : DuplicateStringsFinding.of(d, analysedBytes, "", "String.intern() or a map of canonical "
                + "values for repeated texts, or -XX:+UseStringDeduplication (G1 and others) to share their arrays.");
    }

    /** java.lang.ref.Finalizer objects: each holds an object that waits for its finalize() to run. */
    private static Finding finalizers(HeapGraph g, IdList finalizerObjects, long analysedBytes) {
        long count = finalizerObjects.size();
        long held = 0;
        for (long f = 0; f < count; f++) {
            long o = finalizerObjects.get(f);
            for (long i = g.outStart(o), end = g.outEnd(o); i < end; i++) {
                if (g.isWeak(i)) {
                    held += g.shallowSize(g.target(i));
                }
            }
        }
        if (count < MANY_FINALIZERS && share(held, analysedBytes) < WORTH_TELLING) {
            return null;
        }
        return new Finding("finalizers", held, count, share(held, analysedBytes), String.format(Locale.ROOT,
                "%,d objects (%s of their own) wait for finalization: each needs a GC and the finalizer thread before its "
                        + "memory is freed. A class with finalize() allocated often, or a blocked finalizer thread, piles "
                        + "them up; prefer Cleaner or try-with-resources.", count, HumanBytes.of(held)), List.of(),
                List.of("java.lang.ref.Finalizer"));
    }

    /** Class names with more than one class object: one class loaded by several loaders. */
    private static Finding loadedTwice(HeapGraph g, Dominators d, Map<String, List<Long>> classObjects, long analysedBytes) {
        Map<String, Integer> twice = new HashMap<>();
        long bytes = 0;
        long objects = 0;
        for (Map.Entry<String, List<Long>> e : classObjects.entrySet()) {
            if (e.getKey() != null && e.getValue().size() > 1) {
                twice.put(e.getKey(), e.getValue().size());
                objects += e.getValue().size();
                for (long c : e.getValue()) {
                    bytes += d.isReachable(c) ? d.retainedSize(c) : g.shallowSize(c);
                }
            }
        }
        if (twice.isEmpty()) {
            return null;
        }
        List<String> names = twice.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(CLASSES_SHOWN).map(e -> e.getKey() + " (" + e.getValue() + " loaders)").toList();
        return new Finding("classes-loaded-twice", bytes, objects, share(bytes, analysedBytes), String.format(Locale.ROOT,
                "%,d classes are loaded by more than one class loader (%,d class objects, %s with what they hold). "
                        + "Redeploying an application without freeing its old loader leaks every class it loaded.",
                twice.size(), objects, HumanBytes.of(bytes)), List.of(), names);
    }

    static double share(long bytes, long whole) {
        return whole <= 0 ? 0 : (double) bytes / whole;
    }

    /**
     * The first {@code limit} classes of {@code byClass} (class -> counts), largest {@code counts[by]}
     * first then by name, each as {@code label} writes it.
     */
    static List<String> largestFirst(Map<String, long[]> byClass, int by, int limit,
                                     java.util.function.Function<Map.Entry<String, long[]>, String> label) {
        return byClass.entrySet().stream()
                .sorted((a, b) -> a.getValue()[by] != b.getValue()[by] ? Long.compare(b.getValue()[by], a.getValue()[by])
                        : a.getKey().compareTo(b.getKey()))
                .limit(limit).map(label).toList();
    }
}
