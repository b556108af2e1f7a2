package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;
import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.RetainedSet;
import dev.heaplens.graph.Scratch;
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
 * exact together, 31 groups per graph traversal ({@link RetainedSet#precise(Dominators, IdCells, int, Scratch)}).
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
        return compute(dominators, namer, key, top, Scratch.heap());
    }

    /**
     * As {@link #compute(Dominators, ObjectNamer, GroupBy, int)}, each object's group, the walk's stack
     * and the exact traversals' bits in {@code scratch} (mapped where the heap has no room).
     */
    public static List<Row> compute(Dominators dominators, ObjectNamer namer, GroupBy key, int top, Scratch scratch) {
        return rows(dominators, namer, key, top <= 0 ? Integer.MAX_VALUE : top, scratch);
    }

    /**
     * Every group with its lower bound only (no traversal, all marked inexact): one pass over the
     * objects and one over the dominator tree, for a first answer while the exact ones are made; each
     * object's group and the walk's stack in {@code scratch} (mapped where the heap has no room).
     */
    public static List<Row> lowerBounds(Dominators dominators, ObjectNamer namer, GroupBy key, Scratch scratch) {
        return rows(dominators, namer, key, 0, scratch);
    }

    private static List<Row> rows(Dominators dominators, ObjectNamer namer, GroupBy key, int exactGroups, Scratch scratch) {
        HeapGraph g = dominators.graph();
        long n = g.objectCount();
        NameIds names = new NameIds();
        IdCells groupOf = scratch.idCellsWhereRoom(n, n); // a group's number is below the object count
        for (long o = 0; o < n; o++) {
            groupOf.set(o, names.idOf(namer.group(o, key)));
        }
        int groups = names.size();
        long[] count = new long[groups];
        long[] shallow = new long[groups];
        for (long o = 0; o < n; o++) {
            int group = (int) groupOf.get(o);
            count[group]++;
            shallow[group] += g.shallowSize(o);
        }
        long[] boundCount = new long[groups];
        long[] boundBytes = new long[groups];
        lowerBounds(dominators, groupOf, boundCount, boundBytes, scratch);

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
        for (long o = 0; o < n; o++) { // each object's group, renumbered in place by rank
            groupOf.set(o, rank[(int) groupOf.get(o)]);
        }
        RetainedSet[] sets = RetainedSet.precise(dominators, groupOf, exact, scratch);
        scratch.release(groupOf);
        for (int i = 0; i < exact; i++) {
            Row r = rows.get(i);
            rows.set(i, new Row(r.group(), r.count(), r.shallowBytes(), sets[i].count(), sets[i].bytes(), true));
        }
        rows.subList(0, exact).sort(Comparator.comparingLong(Row::retainedBytes).reversed().thenComparing(Row::group));
        return rows;
    }

    /**
     * Walks the dominator tree depth-first keeping, per group, how many of the current node's
     * ancestors belong to it: a member with no member above it adds its whole subtree. The node
     * walked and its next child are kept in locals, its ancestors' in the stack's cells.
     */
    private static void lowerBounds(Dominators d, IdCells groupOf, long[] boundCount, long[] boundBytes, Scratch scratch) {
        int[] active = new int[boundCount.length];
        long reachable = d.reachableCount();
        long objects = d.graph().objectCount();
        IdCells stackNode = scratch.idCellsWhereRoom(reachable + 1, objects);
        IdCells stackNext = scratch.idCellsWhereRoom(reachable + 1, objects); // next child index to visit
        long depth = 0;
        long node = Dominators.SUPER_ROOT;
        long next = d.childStart(node);
        while (true) {
            if (next < d.childEnd(node)) {
                long child = d.child(next++);
                int group = (int) groupOf.get(child);
                if (active[group] == 0) {
                    boundCount[group] += d.retainedCount(child);
                    boundBytes[group] += d.retainedSize(child);
                }
                active[group]++;
                stackNode.set(depth, node);
                stackNext.set(depth, next);
                depth++;
                node = child;
                next = d.childStart(child);
            } else if (depth > 0) {
                active[(int) groupOf.get(node)]--;
                depth--;
                node = stackNode.get(depth);
                next = stackNext.get(depth);
            } else {
                break;
            }
        }
        scratch.release(stackNode);
        scratch.release(stackNext);
    }
}
