package dev.heaplens.graph;

/**
 * The dominator tree's child lists: node {@code s}'s children (slot {@code n}: the super-root's) are
 * {@code kid(i)} for {@code start(s) <= i < end(s)}, in preorder. Two passes over the reachable objects in
 * preorder: the children counted per node, then placed from the last object back, each count turned
 * into its list's start as it goes (no second array of cursors).
 *
 * <p>In the heap, two int arrays (8 bytes an object, as the graph is below 2^31 objects); out of core,
 * where the heap has no room for them, two id columns in the scratch files (4 bytes a value, 8 past
 * 2^31 objects), so that the web's views and {@code retained --by} walk a tree the heap does not hold.
 */
final class DominatorChildren {
    /** In the heap: node s's children are {@code kids[starts[s + 1], starts[s + 2])}. */
    private final int[] starts;
    private final int[] kids;
    /** Out of core: the same, as id columns. */
    private final MappedIds mappedStarts;
    private final MappedIds mappedKids;

    private DominatorChildren(int[] starts, int[] kids, MappedIds mappedStarts, MappedIds mappedKids) {
        this.starts = starts;
        this.kids = kids;
        this.mappedStarts = mappedStarts;
        this.mappedKids = mappedKids;
    }

    /** Where node {@code slot}'s children begin. */
    long start(long slot) {
        return starts != null ? starts[(int) slot + 1] : mappedStarts.get(slot + 1);
    }

    /** Where node {@code slot}'s children end. */
    long end(long slot) {
        return starts != null ? starts[(int) slot + 2] : mappedStarts.get(slot + 2);
    }

    long kid(long i) {
        return kids != null ? kids[(int) i] : mappedKids.get(i);
    }

    /** The lists of {@code d}'s tree, in {@code scratch}'s files where it maps and the heap has no room. */
    static DominatorChildren of(Dominators d, Scratch scratch) {
        long n = d.graph().objectCount();
        long reachable = d.reachableCount();
        if (!scratch.isMapped() || scratch.heapHas(4 * (n + 3 + reachable))) {
            return inHeap(d, (int) n, (int) reachable);
        }
        boolean wide = MappedIds.wide(n);
        MappedIds starts = scratch.ids(n + 3, wide);
        for (long i = 0; i < reachable; i++) {
            long slot = slot(d, n, d.preorderObject(i)) + 1;
            starts.set(slot, starts.get(slot) + 1);
        }
        for (long s = 1; s < n + 3; s++) {
            starts.set(s, starts.get(s) + starts.get(s - 1)); // starts[s + 1]: where node s's children end
        }
        MappedIds kids = scratch.ids(Math.max(1, reachable), wide);
        for (long i = reachable - 1; i >= 0; i--) {
            long o = d.preorderObject(i);
            long slot = slot(d, n, o) + 1;
            long place = starts.get(slot) - 1;
            starts.set(slot, place);
            kids.set(place, o);
        }
        return new DominatorChildren(null, null, starts, kids);
    }

    private static DominatorChildren inHeap(Dominators d, int n, int reachable) {
        int[] starts = new int[n + 3];
        for (int i = 0; i < reachable; i++) {
            starts[(int) slot(d, n, d.preorderObject(i)) + 1]++;
        }
        for (int s = 1; s < n + 3; s++) {
            starts[s] += starts[s - 1];
        }
        int[] kids = new int[reachable];
        for (int i = reachable - 1; i >= 0; i--) {
            long o = d.preorderObject(i);
            kids[--starts[(int) slot(d, n, o) + 1]] = (int) o;
        }
        return new DominatorChildren(starts, kids, null, null);
    }

    /** The slot of {@code o}'s immediate dominator: its id, or {@code n} for the super-root. */
    private static long slot(Dominators d, long n, long o) {
        long p = d.immediateDominator(o);
        return p == Dominators.SUPER_ROOT ? n : p;
    }
}
