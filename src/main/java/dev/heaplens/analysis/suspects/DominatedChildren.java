package dev.heaplens.analysis.suspects;

import dev.heaplens.graph.Dominators;

import java.util.Arrays;

/**
 * The children of a few nodes of the dominator tree. Suspects asks for the top's and a handful
 * more (the walk to an accumulation point is a few steps): each is one sequential pass over the
 * immediate dominators, far cheaper on a reopened index than building every node's child list.
 * After {@link #SCANS} passes, the tree's own child lists are built and used instead.
 */
final class DominatedChildren {
    static final int SCANS = 8;
    private final Dominators d;
    private int scans;

    DominatedChildren(Dominators d) {
        this.d = d;
    }

    /** Children for many nodes (every top object's walk down): the tree's own child lists from the start. */
    static DominatedChildren forMany(Dominators d) {
        DominatedChildren c = new DominatedChildren(d);
        c.scans = SCANS;
        return c;
    }

    /** The objects {@code node} dominates directly ({@link Dominators#SUPER_ROOT}: the top of the tree), in id order. */
    int[] of(int node) {
        if (scans >= SCANS) {
            int[] children = new int[d.childEnd(node) - d.childStart(node)];
            for (int i = 0; i < children.length; i++) {
                children[i] = d.child(d.childStart(node) + i);
            }
            Arrays.sort(children);
            return children;
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
}
