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
        BitSet covered = new BitSet(g.objectCount());
        long count = 0;
        long bytes = 0;
        for (int i = 0, n = dominators.reachableCount(); i < n; i++) {
            int o = dominators.preorderObject(i);
            int d = dominators.immediateDominator(o);
            if (members.get(o) || (d >= 0 && covered.get(d))) {
                covered.set(o);
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
        BitSet seen = new BitSet(g.objectCount());
        int[] stack = new int[64];
        int sp = 0;
        long count = 0;
        long bytes = 0;
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            int t = g.rootTarget(r);
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
                    int w = g.target(i);
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

    private static BitSet toBits(int[] members) {
        BitSet bits = new BitSet();
        for (int m : members) {
            bits.set(m);
        }
        return bits;
    }
}
