package dev.heaplens.analysis.jvm;

import dev.heaplens.analysis.suspects.Finding;
import dev.heaplens.graph.Dominators;
import dev.heaplens.util.HumanBytes;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
     * {@code collections}: the reachable objects of the classes of {@link #COUNT_FIELD}.
     */
    static Finding of(JvmHeap heap, Dominators d, long analysedBytes, int[] collections) {
        long candidateBytes = 0;
        for (int o : collections) {
            candidateBytes += d.retainedSize(o);
        }
        if (share(candidateBytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        int[] read = collections;
        if (read.length > SAMPLE && !sampleMayBeWorthTelling(heap, d, read, candidateBytes, analysedBytes)) {
            return null;
        }
        heap.fetch(Arrays.stream(read).asLongStream().toArray());
        Map<String, long[]> byClass = new HashMap<>(); // class -> {collections, retained bytes}
        long empty = 0;
        long bytes = 0;
        for (int o : read) {
            String cls = heap.className(o);
            Long size = heap.records().field(o, COUNT_FIELD.get(cls));
            if (size != null && size == 0) {
                long[] c = byClass.computeIfAbsent(cls, k -> new long[2]);
                c[0]++;
                c[1] += d.retainedSize(o);
                empty++;
                bytes += d.retainedSize(o);
            }
        }
        if (share(bytes, analysedBytes) < JvmWasteChecks.WORTH_TELLING) {
            return null;
        }
        List<String> classes = JvmWasteChecks.largestFirst(byClass, 1, CLASSES_SHOWN,
                e -> String.format(Locale.ROOT, "%s (%,d, %s)", e.getKey(), e.getValue()[0], HumanBytes.of(e.getValue()[1])));
        return new Finding("empty-collections", bytes, empty, share(bytes, analysedBytes), String.format(Locale.ROOT,
                "%,d collections are empty and retain %s (%.1f%% of the heap). Create them when the first element "
                        + "comes, share an empty one (List.of(), Map.of()), or trim a cleared one.",
                empty, HumanBytes.of(bytes), 100 * share(bytes, analysedBytes)), List.of(), classes);
    }

    /** Whether {@link #SAMPLE} evenly spaced candidates, scaled up, have empty ones worth half the telling share. */
    private static boolean sampleMayBeWorthTelling(JvmHeap heap, Dominators d, int[] candidates, long candidateBytes,
                                                   long analysedBytes) {
        long[] sample = new long[SAMPLE];
        for (int i = 0; i < SAMPLE; i++) {
            sample[i] = candidates[(int) ((long) i * candidates.length / SAMPLE)];
        }
        heap.fetch(sample);
        long sampled = 0;
        long empty = 0;
        for (long o : sample) {
            sampled += d.retainedSize(o);
            Long size = heap.records().field(o, COUNT_FIELD.get(heap.className(o)));
            if (size != null && size == 0) {
                empty += d.retainedSize(o);
            }
        }
        double estimated = sampled == 0 ? 0 : (double) empty / sampled * candidateBytes;
        return estimated >= JvmWasteChecks.WORTH_TELLING / 2 * analysedBytes;
    }

    private static double share(long bytes, long whole) {
        return JvmWasteChecks.share(bytes, whole);
    }
}
