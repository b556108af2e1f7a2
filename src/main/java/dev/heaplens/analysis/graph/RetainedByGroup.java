package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.RetainedSet;
import dev.heaplens.util.NameIds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Retained size per group of objects (per class, type, site...), with Eclipse MAT's semantics:
 * the retained size of the set of all the group's objects, which is less than the sum of their
 * retained sizes when members retain each other, and can be more than the union of their
 * dominator subtrees when several members together keep an object alive.
 *
 * <p>One pass over the dominator tree gives every group's lower bound (the union of the members'
 * subtrees: members inside another member's subtree add nothing); the groups shown are then made
 * exact together, 31 groups per graph traversal ({@link RetainedSet#precise(Dominators, int[], int)}).
 */
public final class RetainedByGroup {
    private RetainedByGroup() {
    }

    /** One group: its objects, their shallow bytes, and what the set retains. */
    public record Row(String group, long count, long shallowBytes, long retainedCount, long retainedBytes, boolean exact) {
    }

    /**
     * @param top  exact figures for this many groups (the largest by the lower bound); the
     *             others keep their lower bound and are marked inexact
     */
    public static List<Row> compute(Dominators dominators, ObjectNamer namer, GroupBy key, int top) {
        return rows(dominators, namer, key, top <= 0 ? Integer.MAX_VALUE : top);
    }

    /**
     * Every group with its lower bound only (no traversal, all marked inexact): one pass over the
     * objects and one over the dominator tree, for a first answer while the exact ones are made.
     */
    public static List<Row> lowerBounds(Dominators dominators, ObjectNamer namer, GroupBy key) {
        return rows(dominators, namer, key, 0);
    }

    private static List<Row> rows(Dominators dominators, ObjectNamer namer, GroupBy key, int exactGroups) {
        HeapGraph g = dominators.graph();
        long n = g.objectCount();
        NameIds names = new NameIds();
        int[] groupOf = new int[(int) n];
        for (long o = 0; o < n; o++) {
            groupOf[(int) o] = names.idOf(namer.group(o, key));
        }
        int groups = names.size();
        long[] count = new long[groups];
        long[] shallow = new long[groups];
        for (long o = 0; o < n; o++) {
            count[groupOf[(int) o]]++;
            shallow[groupOf[(int) o]] += g.shallowSize(o);
        }
        long[] boundCount = new long[groups];
        long[] boundBytes = new long[groups];
        lowerBounds(dominators, groupOf, boundCount, boundBytes);

        List<Row> rows = new ArrayList<>(groups);
        for (int id = 0; id < groups; id++) {
            rows.add(new Row(names.name(id), count[id], shallow[id], boundCount[id], boundBytes[id], false));
        }
        rows.sort(Comparator.comparingLong(Row::retainedBytes).reversed().thenComparing(Row::group));
        int exact = Math.min(exactGroups, rows.size());
        // The groups made exact get ids 0..exact-1, the others none, for one batched traversal.
        int[] rank = new int[groups];
        Arrays.fill(rank, -1);
        for (int i = 0; i < exact; i++) {
            rank[names.find(rows.get(i).group())] = i;
        }
        int[] exactOf = new int[(int) n];
        for (long o = 0; o < n; o++) {
            exactOf[(int) o] = rank[groupOf[(int) o]];
        }
        RetainedSet[] sets = RetainedSet.precise(dominators, exactOf, exact);
        for (int i = 0; i < exact; i++) {
            Row r = rows.get(i);
            rows.set(i, new Row(r.group(), r.count(), r.shallowBytes(), sets[i].count(), sets[i].bytes(), true));
        }
        rows.subList(0, exact).sort(Comparator.comparingLong(Row::retainedBytes).reversed().thenComparing(Row::group));
        return rows;
    }

    /**
     * Walks the dominator tree depth-first keeping, per group, how many of the current node's
     * ancestors belong to it: a member with no member above it adds its whole subtree.
     */
    private static void lowerBounds(Dominators d, int[] groupOf, long[] boundCount, long[] boundBytes) {
        int[] active = new int[boundCount.length];
        long reachable = d.reachableCount();
        int[] stackNode = new int[(int) reachable + 1];
        int[] stackNext = new int[(int) reachable + 1]; // next child index to visit
        int depth = 0;
        stackNode[0] = Dominators.SUPER_ROOT;
        stackNext[0] = (int) d.childStart(Dominators.SUPER_ROOT);
        while (depth >= 0) {
            long node = stackNode[depth];
            if (stackNext[depth] < d.childEnd(node)) {
                long child = d.child(stackNext[depth]++);
                int group = groupOf[(int) child];
                if (active[group] == 0) {
                    boundCount[group] += d.retainedCount(child);
                    boundBytes[group] += d.retainedSize(child);
                }
                active[group]++;
                depth++;
                stackNode[depth] = (int) child;
                stackNext[depth] = (int) d.childStart(child);
            } else {
                if (node != Dominators.SUPER_ROOT) {
                    active[groupOf[(int) node]]--;
                }
                depth--;
            }
        }
    }
}
