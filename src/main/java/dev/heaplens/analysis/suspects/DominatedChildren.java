package dev.heaplens.analysis.suspects;

import dev.heaplens.graph.Dominators;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.Scratch;

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
    /** Where every node's lists go: mapped out of core (8 bytes an object the heap does not hold, 16 where ids are wide). */
    private final Scratch scratch;
    private int scans;
    /** Once listed: node {@code s}'s children (slot n: the super-root's) are {@code kids[at[s + 1]..at[s + 2])}. */
    private IdCells at;
    private IdCells kids;

    DominatedChildren(Dominators d) {
        this(d, Scratch.heap());
    }

    /** Children for a few nodes, each a scan; after {@link #SCANS}, every node's listed in {@code scratch}. */
    DominatedChildren(Dominators d, Scratch scratch) {
        this.d = d;
        this.scratch = scratch;
    }

    /** Children for many nodes (every top object's walk down): every node's listed from the start, in {@code scratch}. */
    static DominatedChildren forMany(Dominators d, Scratch scratch) {
        DominatedChildren c = new DominatedChildren(d, scratch);
        c.scans = SCANS;
        return c;
    }

    /** The objects {@code node} dominates directly ({@link Dominators#SUPER_ROOT}: the top of the tree), in id order. */
    long[] of(long node) {
        if (scans >= SCANS) {
            if (kids == null) {
                listAll();
            }
            long slot = node == Dominators.SUPER_ROOT ? d.graph().objectCount() : node;
            long from = at.get(slot + 1);
            long[] listed = new long[Math.toIntExact(at.get(slot + 2) - from)];
            for (int i = 0; i < listed.length; i++) {
                listed[i] = kids.get(from + i);
            }
            return listed;
        }
        scans++;
        long[] found = new long[16];
        int count = 0;
        for (long o = 0, n = d.graph().objectCount(); o < n; o++) {
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
        long n = d.graph().objectCount();
        IdCells cursor = scratch.idCells(n + 3, n);
        for (long o = 0; o < n; o++) {
            long p = d.immediateDominator(o);
            if (p != Dominators.UNREACHABLE) {
                long slot = (p == Dominators.SUPER_ROOT ? n : p) + 1;
                cursor.set(slot, cursor.get(slot) + 1);
            }
        }
        for (long i = 1; i < n + 3; i++) {
            cursor.set(i, cursor.get(i) + cursor.get(i - 1)); // cursor[s + 1]: where node s's children end
        }
        IdCells listed = scratch.idCells(cursor.get(n + 2), n);
        for (long o = n - 1; o >= 0; o--) {
            long p = d.immediateDominator(o);
            if (p != Dominators.UNREACHABLE) {
                long slot = (p == Dominators.SUPER_ROOT ? n : p) + 1;
                long place = cursor.get(slot) - 1;
                cursor.set(slot, place);
                listed.set(place, o);
            }
        }
        at = cursor; // now cursor[s + 1] is where node s's children start, and cursor[s + 2] where they end
        kids = listed;
    }
}
