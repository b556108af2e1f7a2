package dev.heaplens.analysis.suspects;

import dev.heaplens.graph.Dominators;

import java.util.Arrays;

/**
 * The children of a few nodes of the dominator tree. Suspects asks for the top's and a handful
 * more (the walk to an accumulation point is a few steps): each is one sequential pass over the
 * immediate dominators, far cheaper on a reopened index than building every node's child list.
 * After {@link #SCANS} passes, every node's children are listed in two more and used instead:
 * here, not in the dominator tree, so that they go when suspects is done with them (the tree would
 * keep its own lists to the end of the run, and it builds them in preorder, reading the immediate
 * dominators at random).
 */
final class DominatedChildren {
    static final int SCANS = 8;
    private final Dominators d;
    private int scans;
    /** Once listed: node {@code s}'s children (slot n: the super-root's) are {@code kids[at[s + 1]..at[s + 2])}. */
    private int[] at;
    private int[] kids;

    DominatedChildren(Dominators d) {
        this.d = d;
    }

    /** Children for many nodes (every top object's walk down): every node's listed from the start. */
    static DominatedChildren forMany(Dominators d) {
        DominatedChildren c = new DominatedChildren(d);
        c.scans = SCANS;
        return c;
    }

    /** The objects {@code node} dominates directly ({@link Dominators#SUPER_ROOT}: the top of the tree), in id order. */
    int[] of(int node) {
        if (scans >= SCANS) {
            if (kids == null) {
                listAll();
            }
            int slot = node == Dominators.SUPER_ROOT ? d.graph().objectCount() : node;
            return Arrays.copyOfRange(kids, at[slot + 1], at[slot + 2]);
        }
        scans++;
        int[] found = new int[16];
        int count = 0;
        for (int o = 0, n = d.graph().objectCount(); o < n; o++) {
            if (d.immediateDominator(o) == node) {
                if (count == found.length) {
                    found = Arrays.copyOf(found, count * 2);
                }
                found[count++] = o;
            }
        }
        return Arrays.copyOf(found, count);
    }

    /**
     * Every node's children in two passes over the immediate dominators in id order: counted per
     * node, then placed from the last object down, so each node's list is in id order.
     */
    private void listAll() {
        int n = d.graph().objectCount();
        int[] cursor = new int[n + 3];
        for (int o = 0; o < n; o++) {
            int p = d.immediateDominator(o);
            if (p != Dominators.UNREACHABLE) {
                cursor[(p == Dominators.SUPER_ROOT ? n : p) + 1]++;
            }
        }
        for (int i = 1; i < cursor.length; i++) {
            cursor[i] += cursor[i - 1]; // cursor[s + 1]: where node s's children end
        }
        int[] listed = new int[cursor[n + 2]];
        for (int o = n - 1; o >= 0; o--) {
            int p = d.immediateDominator(o);
            if (p != Dominators.UNREACHABLE) {
                listed[--cursor[(p == Dominators.SUPER_ROOT ? n : p) + 1]] = o;
            }
        }
        at = cursor; // now cursor[s + 1] is where node s's children start, and cursor[s + 2] where they end
        kids = listed;
    }
}
