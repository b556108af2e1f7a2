package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.RetainedSet;
import dev.heaplens.util.Parallel;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Objects that were allocated after dump A, are present in dump B, and are still alive in dump
 * C: what a process keeps accumulating. Grouped by class, type, location or gem as dump C names
 * them, with the retained size (as a set) of each group's leaked objects in C and one sample path
 * from a GC root.
 */
public record Leaks(Rule rule, long leakedCount, long leakedBytes, List<Group> groups) {

    public enum Rule {
        ADDRESS_AND_GENERATION("address + generation (allocation tracing was on)"),
        ADDRESS_TYPE_AND_CLASS("address + type + class (allocation tracing was off for some objects: a reused slot holding "
                + "an object of the same type and class is taken for the old one)"),
        ADDRESS_AND_CLASS("address + class (the JVM moves objects when it collects garbage: an object moved after a dump "
                + "counts as new, and a freed address now holding an object of the same class as the old one)");

        private final String description;

        Rule(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** One group of leaked objects; retained figures and the path are filled for the top groups only. */
    public record Group(String key, long count, long bytes, long retainedBytes, boolean retainedKnown,
                        RootPaths.Path samplePath, int sample) {
    }

    /** The exact retained set of each group: one graph traversal each, on every core. */
    private static RetainedSet[] exactRetainedSets(Dominators d, List<String> keys, Map<String, BitSet> members) {
        RetainedSet[] result = new RetainedSet[keys.size()];
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        Runnable work = () -> {
            for (int i = next.getAndIncrement(); i < keys.size(); i = next.getAndIncrement()) {
                result[i] = RetainedSet.precise(d, members.get(keys.get(i)));
            }
        };
        int threads = Math.min(keys.size(), Runtime.getRuntime().availableProcessors());
        Parallel.runUnchecked("heaplens-retained", threads, t -> work.run());
        return result;
    }

    /**
     * @param newInB     whether an object of C was in B but not in A (by the dumps' identities)
     * @param top        groups that get exact retained sizes and a sample path
     */
    public static Leaks find(NamedHeap c, Dominators d, IntPredicate newInB, Rule rule, GroupBy by, int top) {
        HeapGraph g = c.graph();
        Map<String, BitSet> members = new HashMap<>();
        Map<String, long[]> sums = new HashMap<>();
        long count = 0;
        long bytes = 0;
        for (int o = 0, n = g.objectCount(); o < n; o++) {
            if (!newInB.test(o)) {
                continue;
            }
            String group = c.group(o, by);
            members.computeIfAbsent(group, k -> new BitSet(n)).set(o);
            long[] s = sums.computeIfAbsent(group, k -> new long[2]);
            s[0]++;
            s[1] += g.shallowSize(o);
            count++;
            bytes += g.shallowSize(o);
        }
        List<String> keys = new ArrayList<>(sums.keySet());
        keys.sort(Comparator.comparingLong((String k) -> sums.get(k)[1]).reversed().thenComparing(k -> k));
        RootPaths.Tree paths = RootPaths.tree(g, g.strongReferences());
        int exact = Math.min(top, keys.size());
        RetainedSet[] retained = exactRetainedSets(d, keys.subList(0, exact), members);
        List<Group> groups = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            long[] s = sums.get(key);
            if (i < exact) {
                int sample = members.get(key).nextSetBit(0);
                groups.add(new Group(key, s[0], s[1], retained[i].bytes(), true, paths.pathTo(sample), sample));
            } else {
                groups.add(new Group(key, s[0], s[1], 0, false, null, -1));
            }
        }
        return new Leaks(rule, count, bytes, List.copyOf(groups));
    }
}
