package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.RetainedSet;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.NameIds;
import dev.heaplens.util.Parallel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Objects that were allocated after dump A, are present in dump B, and are still alive in dump
 * C: what a process keeps accumulating. Grouped by class, type, location or gem as dump C names
 * them, with the retained size (as a set) of each group's leaked objects in C and one sample path
 * from a GC root, or ({@link #withoutRetained}) with counts and bytes alone.
 *
 * @param withRetained whether the top groups have retained sizes and sample paths
 */
public record Leaks(Rule rule, long leakedCount, long leakedBytes, List<Group> groups, boolean withRetained) {

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

    /** What the groups are listed by, most first: their objects' shallow bytes, or what they retain in C. */
    public enum Order { BYTES, RETAINED }

    /** One group of leaked objects; retained figures and the path are filled for the top groups only. */
    public record Group(String key, long count, long bytes, long retainedBytes, boolean retainedKnown,
                        RootPaths.Path samplePath, long sample) {
    }

    /**
     * @param newInB     the objects of C that were in B but not in A (by the dumps' identities); the
     *                   columns over C's objects go to its scratch
     * @param top        groups that get exact retained sizes and a sample path
     */
    public static Leaks find(NamedHeap c, Dominators d, ObjectBits newInB, Rule rule, GroupBy by, int top) {
        return find(c, d.filter(), newInB, rule, by, top);
    }

    /**
     * As above without a dominator tree: the retained sets are exact by traversals of the graph
     * from its roots following the references {@code filter} follows (not needing the tree spares
     * building it for C).
     */
    public static Leaks find(NamedHeap c, EdgeFilter filter, ObjectBits newInB, Rule rule, GroupBy by, int top) {
        return find(c, filter, newInB, rule, by, top, Order.BYTES);
    }

    /** As above, the groups listed in {@code sort} order: by retained size, every group is measured. */
    public static Leaks find(NamedHeap c, EdgeFilter filter, ObjectBits newInB, Rule rule, GroupBy by, int top, Order sort) {
        HeapGraph g = c.graph();
        long n = g.objectCount();
        Scratch scratch = newInB.scratch();
        IdCells groupOf = scratch.idCellsWhereRoom(n, n); // a group's number is below the object count
        groupOf.fill(-1);
        Grouping grouping = new Grouping(c, newInB, by, groupOf);
        Integer[] order = grouping.order;
        int exact = sort == Order.RETAINED ? order.length : Math.min(top, order.length);
        // The shown groups get ids 0..exact-1, all others none, for one batched traversal.
        int[] rank = new int[order.length];
        Arrays.fill(rank, -1);
        for (int i = 0; i < exact; i++) {
            rank[order[i]] = i;
        }
        for (long o = newInB.next(0); o >= 0; o = newInB.next(o + 1)) {
            groupOf.set(o, rank[(int) groupOf.get(o)]);
        }
        GrowableCounts counts = grouping.counts;
        // The retained sets and the sample paths are two traversals of C's graph: the path
        // search, one thread's breadth-first walk of the whole graph (to see which object holds
        // most of each group), runs beside the retained sets' traversal, which shares its work
        // among the cores (GroupTraversals).
        RetainedSet[][] retained = new RetainedSet[1][];
        RootPaths.Tree[] paths = new RootPaths.Tree[1];
        Parallel.runUnchecked("heaplens-leaks", exact == 0 ? 1 : 2, t -> {
            if (t == 0) {
                retained[0] = RetainedSet.precise(g, filter, groupOf, exact, scratch);
            } else {
                paths[0] = RootPaths.tree(g, g.strongReferences(), scratch);
            }
        });
        long[] samples = LeakSamples.of(groupOf, exact, newInB, paths[0]);
        scratch.release(groupOf);
        List<Group> groups = new ArrayList<>();
        for (int i = 0; i < order.length; i++) {
            int id = order[i];
            if (i < exact) {
                long sample = samples[i] >= 0 ? samples[i] : counts.first[id];
                groups.add(new Group(grouping.names.name(id), counts.count[id], counts.bytes[id], retained[0][i].bytes(), true,
                        paths[0].pathTo(sample), sample));
            } else {
                groups.add(grouping.unmeasured(id));
            }
        }
        if (sort == Order.RETAINED) {
            groups.sort(Comparator.comparingLong(Group::retainedBytes).reversed().thenComparing(Group::key));
        }
        return new Leaks(rule, grouping.count, grouping.bytes, List.copyOf(groups), true);
    }

    /**
     * The groups with counts and shallow bytes alone: no traversal, so C's graph may have no
     * references ({@code leaks --no-retained}).
     */
    public static Leaks withoutRetained(NamedHeap c, ObjectBits newInB, Rule rule, GroupBy by) {
        Grouping grouping = new Grouping(c, newInB, by, null);
        List<Group> groups = new ArrayList<>(grouping.order.length);
        for (int id : grouping.order) {
            groups.add(grouping.unmeasured(id));
        }
        return new Leaks(rule, grouping.count, grouping.bytes, List.copyOf(groups), false);
    }

    /** The leaked objects of C by group, and the groups by bytes, most first (then by name). */
    private static final class Grouping {
        final NameIds names = new NameIds();
        final GrowableCounts counts = new GrowableCounts();
        final Integer[] order;
        long count;
        long bytes;

        /**
         * @param groupOf where each leaked object's group goes, null for nowhere: a number an object,
         *                where a set of members per group cost a bit per object per group
         */
        Grouping(NamedHeap c, ObjectBits newInB, GroupBy by, IdCells groupOf) {
            HeapGraph g = c.graph();
            for (long o = newInB.next(0); o >= 0; o = newInB.next(o + 1)) {
                int known = names.size();
                int id = names.idOf(c.group(o, by));
                if (id == known) { // a new group: o is its first member
                    counts.add(o);
                }
                if (groupOf != null) {
                    groupOf.set(o, id);
                }
                counts.count[id]++;
                counts.bytes[id] += g.shallowSize(o);
                count++;
                bytes += g.shallowSize(o);
            }
            order = new Integer[names.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingLong((Integer i) -> counts.bytes[i]).reversed().thenComparing(names::name));
        }

        /** Group {@code id} without retained figures or a path. */
        Group unmeasured(int id) {
            return new Group(names.name(id), counts.count[id], counts.bytes[id], 0, false, null, -1);
        }
    }

    /** Per group id: objects, shallow bytes, and the first member (the one a sample path goes to). */
    private static final class GrowableCounts {
        long[] count = new long[16];
        long[] bytes = new long[16];
        long[] first = new long[16];
        private int size;

        void add(long firstMember) {
            if (size == count.length) {
                count = Arrays.copyOf(count, size * 2);
                bytes = Arrays.copyOf(bytes, size * 2);
                first = Arrays.copyOf(first, size * 2);
            }
            first[size++] = firstMember;
        }
    }
}
