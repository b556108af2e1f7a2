package dev.heaplens.graph;

/**
 * The dominator tree's child lists: node {@code s}'s children (slot {@code n}: the super-root's) are
 * {@code kid(i)} for {@code start(s) <= i < end(s)}, in preorder. Two passes over the reachable objects in
 * preorder: the children counted per node, then placed from the last object back, each count turned
 * into its list's start as it goes (no second array of cursors).
 *
 * <p>{@link IdCells}: two int arrays in the heap (8 bytes an object) while it has room, else, out of
 * core, two scratch id columns (4 bytes a value, 8 past 2^31 objects), so that the web's views and
 * {@code retained --by} walk a tree the heap does not hold.
 */
final class DominatorChildren {
    /** Node s's children are {@code kids[starts[s + 1], starts[s + 2])}. */
    private final IdCells starts;
    private final IdCells kids;

    private DominatorChildren(IdCells starts, IdCells kids) {
        this.starts = starts;
        this.kids = kids;
    }

    /** Where node {@code slot}'s children begin. */
    long start(long slot) {
        return starts.get(slot + 1);
    }

    /** Where node {@code slot}'s children end. */
    long end(long slot) {
        return starts.get(slot + 2);
    }

    long kid(long i) {
        return kids.get(i);
    }

    /** The lists of {@code d}'s tree, in {@code scratch}'s files where it maps and the heap has no room. */
    static DominatorChildren of(Dominators d, Scratch scratch) {
        long n = d.graph().objectCount();
        long reachable = d.reachableCount();
        IdCells starts = scratch.idCellsWhereRoom(n + 3, n);
        for (long i = 0; i < reachable; i++) {
            long slot = slot(d, n, d.preorderObject(i)) + 1;
            starts.set(slot, starts.get(slot) + 1);
        }
        for (long s = 1; s < n + 3; s++) {
            starts.set(s, starts.get(s) + starts.get(s - 1)); // starts[s + 1]: where node s's children end
        }
        IdCells kids = scratch.idCellsWhereRoom(Math.max(1, reachable), n);
        for (long i = reachable - 1; i >= 0; i--) {
            long o = d.preorderObject(i);
            long slot = slot(d, n, o) + 1;
            long place = starts.get(slot) - 1;
            starts.set(slot, place);
            kids.set(place, o);
        }
        return new DominatorChildren(starts, kids);
    }

    /** The slot of {@code o}'s immediate dominator: its id, or {@code n} for the super-root. */
    private static long slot(Dominators d, long n, long o) {
        long p = d.immediateDominator(o);
        return p == Dominators.SUPER_ROOT ? n : p;
    }
}
