package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.format.hprof.HprofClasses;
import dev.heaplens.format.hprof.HprofVisitor;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.HumanBytes;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * MAT's empty collections check: JDK collections whose count field says 0, with what they retain
 * (an emptied HashMap keeps its table). The graph keeps no field values, so records are read
 * again: first those of an even sample of {@link #SAMPLE} collections, and all of them only when
 * the sample's empty ones, scaled up, would make at least half the share worth telling (a heap full
 * of maps in use, as a leak is, then costs a sample's reads, not a read of every map).
 */
final class EmptyCollections {
    /** The collections checked, each with the field that counts its elements. */
    static final Map<String, String> COUNT_FIELD = Map.ofEntries(
            Map.entry("java.util.ArrayList", "size"), Map.entry("java.util.HashMap", "size"),
            Map.entry("java.util.LinkedHashMap", "size"), Map.entry("java.util.TreeMap", "size"),
            Map.entry("java.util.LinkedList", "size"), Map.entry("java.util.IdentityHashMap", "size"),
            Map.entry("java.util.WeakHashMap", "size"), Map.entry("java.util.Vector", "elementCount"),
            Map.entry("java.util.Hashtable", "count"));
    static final int CLASSES_SHOWN = 10;
    static final int SAMPLE = 2_000;

    private EmptyCollections() {
    }

    /**
     * The finding, or null when the empty collections retain less than {@link JvmWasteChecks#WORTH_TELLING};
     * {@code collections}: the reachable objects of the classes of {@link #COUNT_FIELD}, whose records
     * are read in file order, their offsets sorted in {@code scratch}.
     */
    static Finding of(JvmHeap heap, Dominators d, long analysedBytes, IdList collections, Scratch scratch) {
        long candidateBytes = 0;
        long n = collections.size();
        for (long i = 0; i < n; i++) {
            candidateBytes += d.retainedSize(collections.get(i));
        }
        if (share(candidateBytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        if (n > SAMPLE) { // evenly spaced candidates, scaled up: empty ones worth half the telling share?
            Tally sample = read(heap, d, SAMPLE, i -> collections.get(i * n / SAMPLE), scratch);
            double estimated = sample.sampled == 0 ? 0 : (double) sample.bytes / sample.sampled * candidateBytes;
            if (estimated < JvmWasteChecks.WORTH_TELLING / 2 * analysedBytes) {
                return null;
            }
        }
        Tally t = read(heap, d, n, collections::get, scratch);
        if (share(t.bytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        List<String> classes = JvmWasteChecks.largestFirst(t.byClass, 1, CLASSES_SHOWN,
                e -> String.format(Locale.ROOT, "%s (%,d, %s)", e.getKey(), e.getValue()[0], HumanBytes.of(e.getValue()[1])));
        return new Finding("empty-collections", t.bytes, t.empty, share(t.bytes, analysedBytes), String.format(Locale.ROOT,
                "%,d collections are empty and retain %s (%.1f%% of the heap). Create them when the first element "
                        + "comes, share an empty one (List.of(), Map.of()), or trim a cleared one.",
                t.empty, HumanBytes.of(t.bytes), 100 * share(t.bytes, analysedBytes)), List.of(), classes);
    }

    /** What a read found: the empty collections by class, their count and retained bytes, and the bytes all those read retain. */
    private static final class Tally {
        final Map<String, long[]> byClass = new HashMap<>(); // class -> {collections, retained bytes}
        long empty;
        long bytes;
        long sampled;
    }

    /**
     * Reads the records of the {@code count} collections {@code collection(i)} (those with one) in one
     * pass in file order, and tallies the empty ones: their count field is 0.
     */
    private static Tally read(JvmHeap heap, Dominators d, long count, LongUnaryOperator collection, Scratch scratch) {
        HeapGraph g = heap.graph();
        Tally t = new Tally();
        FileOrder order = new FileOrder(scratch, count);
        IdList read = new IdList(scratch, g.objectCount());
        for (long i = 0; i < count; i++) {
            long o = collection.applyAsLong(i);
            t.sampled += d.retainedSize(o);
            if (g.position(o) >= 0) {
                order.add(g.position(o));
                read.add(o);
            }
        }
        HprofClasses classes = heap.read().classes();
        order.sort().visit(heap, new HprofVisitor() {
            @Override
            public void instance(long id, long classId, byte[] fields, int length, long offset) {
                Long size = JvmRecordView.field(classes, classId, fields, COUNT_FIELD.get(JvmHeap.className(classes, classId)));
                if (size != null && size == 0) {
                    long o = read.get(order.current());
                    long[] c = t.byClass.computeIfAbsent(heap.className(o), k -> new long[2]);
                    c[0]++;
                    c[1] += d.retainedSize(o);
                    t.empty++;
                    t.bytes += d.retainedSize(o);
                }
            }
        });
        order.release();
        read.release();
        return t;
    }

    private static double share(long bytes, long whole) {
        return JvmWasteChecks.share(bytes, whole);
    }
}
