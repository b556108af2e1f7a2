package dev.heaplens.graph;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The retained size of a set of objects: how many objects, and how many bytes, would be freed if
 * every member were. Members no root reaches contribute nothing.
 *
 * <p>Two answers, as Eclipse MAT gives them:
 * <ul>
 *   <li>{@link #minimum}: the union of the members' dominator subtrees, one preorder pass over the
 *       dominator tree. A lower bound: an object reachable only through two members (and dominated by
 *       neither) is freed with the set but is in neither subtree.</li>
 *   <li>{@link #precise}: exactly the objects that become unreachable when the members are removed,
 *       by one traversal of the graph from the roots that skips the members.</li>
 * </ul>
 * For a single object both equal {@link Dominators#retainedCount} and {@link Dominators#retainedSize}.
 */
public record RetainedSet(long count, long bytes) {

    /** Union of the dominator subtrees of {@code members} (object ids): O(reachable objects). */
    public static RetainedSet minimum(Dominators dominators, BitSet members) {
        HeapGraph g = dominators.graph();
        BitSet covered = new BitSet((int) g.objectCount());
        long count = 0;
        long bytes = 0;
        for (long i = 0, n = dominators.reachableCount(); i < n; i++) {
            long o = dominators.preorderObject(i);
            long d = dominators.immediateDominator(o);
            if (members.get((int) o) || (d >= 0 && covered.get((int) d))) {
                covered.set((int) o);
                count++;
                bytes += g.shallowSize(o);
            }
        }
        return new RetainedSet(count, bytes);
    }

    public static RetainedSet minimum(Dominators dominators, int[] members) {
        return minimum(dominators, toBits(members));
    }

    /**
     * Exactly what becomes unreachable when {@code members} are removed, following the references
     * {@code dominators} followed: O(reachable objects + their references).
     */
    public static RetainedSet precise(Dominators dominators, BitSet members) {
        HeapGraph g = dominators.graph();
        EdgeFilter filter = dominators.filter() == EdgeFilter.ALL ? null : dominators.filter();
        BitSet seen = new BitSet((int) g.objectCount());
        int[] stack = new int[64];
        int sp = 0;
        long count = 0;
        long bytes = 0;
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            int t = (int) g.rootTarget(r);
            if (seen.get(t) || members.get(t)) {
                continue;
            }
            seen.set(t);
            stack[sp++] = t;
            while (sp > 0) {
                int v = stack[--sp];
                count++;
                bytes += g.shallowSize(v);
                for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                    int w = (int) g.target(i);
                    if (!seen.get(w) && !members.get(w) && (filter == null || filter.follow(v, i, w))) {
                        seen.set(w);
                        if (sp == stack.length) {
                            stack = Arrays.copyOf(stack, sp * 2);
                        }
                        stack[sp++] = w;
                    }
                }
            }
        }
        return new RetainedSet(dominators.reachableCount() - count, dominators.reachableBytes() - bytes);
    }

    public static RetainedSet precise(Dominators dominators, int[] members) {
        return precise(dominators, toBits(members));
    }

    /**
     * Groups one traversal makes exact together: one bit each in an int per object, the last bit
     * kept for what the roots reach with no member removed.
     */
    static final int GROUPS_PER_PASS = 31;

    /**
     * The exact retained set of each of {@code groups} groups at once, as {@link #precise} gives
     * them one by one: {@code groupOf} holds the group of each object (0..groups-1), or any
     * other value for objects in none. One traversal from the roots makes up to 31 groups exact:
     * each object keeps a bit per group, set when some path from a root reaches it without
     * passing a member of that group; an object reached again with new bits passes them on.
     * Every object gains each bit at most once, so the cost is at most that of one traversal
     * per group, and on real heaps close to one traversal in all. Batches of 31 run on every core;
     * fewer batches than cores share each traversal among them ({@link GroupTraversals}). The bits
     * are kept in {@code scratch}: mapped out of core.
     */
    public static RetainedSet[] precise(Dominators dominators, IdCells groupOf, int groups, Scratch scratch) {
        return precise(dominators.graph(), dominators.filter(), groupOf, groups, scratch);
    }

    /**
     * As {@link #precise(Dominators, IdCells, int, Scratch)}, without a dominator tree: what the roots
     * reach (following the references {@code filter} follows) is found in the same traversals.
     */
    public static RetainedSet[] precise(HeapGraph graph, EdgeFilter filter, IdCells groupOf, int groups, Scratch scratch) {
        return GroupTraversals.run(graph, filter, groupOf, groups, Runtime.getRuntime().availableProcessors(), scratch);
    }

    /**
     * The exact retained set of each object of {@code objects} (distinct), as {@link Dominators#retainedSize}
     * and {@link Dominators#retainedCount} give them, without a dominator tree: each object a group
     * of its own, 31 per traversal; the groups and bits in {@code scratch}.
     */
    public static RetainedSet[] eachOf(HeapGraph graph, EdgeFilter filter, long[] objects, Scratch scratch) {
        long n = graph.objectCount();
        IdCells groupOf = scratch.idCellsWhereRoom(n, n);
        try {
            groupOf.fill(-1);
            for (int i = 0; i < objects.length; i++) {
                groupOf.set(objects[i], i);
            }
            return precise(graph, filter, groupOf, objects.length, scratch);
        } finally {
            scratch.release(groupOf);
        }
    }

    private static BitSet toBits(int[] members) {
        BitSet bits = new BitSet();
        for (int m : members) {
            bits.set(m);
        }
        return bits;
    }
}
