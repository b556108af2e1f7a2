package dev.heaplens.analysis.graph;

import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.Scratch;

import java.util.Arrays;

/**
 * Which leaked object of each group a sample path goes to: one kept by the old object that keeps
 * most of the group (the static map holding 149k of its objects), not merely the group's first
 * object, whose shortest path may go through anything (a class-loading lock that happens to hold
 * one). An object's keeper is the first object on its shortest path from the roots, walking back
 * from it, that is not leaked itself: the path's last steps then go through leaked objects only,
 * where the group accumulates.
 *
 * <p>Each group's members are walked together (listed group after group, in object order), counting
 * their keepers in a column over the objects that the walk clears again: no sort of (group, keeper)
 * pairs, which would hold a pair a member in one heap array. The columns are in the leaked set's
 * scratch (mapped out of core where the heap has no room).
 */
final class LeakSamples {
    private static final int UNKNOWN = -3;

    private LeakSamples() {
    }

    /**
     * @param groupOf the group (0..groups-1) of each object, -1 for objects of no measured group
     * @param leaked  every leaked object, of any group (every object of a group is leaked)
     * @param tree    a breadth-first tree of the whole graph from its roots (unused when {@code groups} is 0)
     * @return per group, its sample object, or -1 when no root reaches any of its objects
     */
    static long[] of(IdCells groupOf, int groups, ObjectBits leaked, RootPaths.Tree tree) {
        long[] sample = new long[groups];
        Arrays.fill(sample, -1);
        if (groups == 0) {
            return sample;
        }
        Scratch scratch = leaked.scratch();
        long n = leaked.objects();
        long[] start = new long[groups + 1]; // group g's members are members[start[g], start[g + 1])
        for (long o = leaked.next(0); o >= 0; o = leaked.next(o + 1)) {
            long group = groupOf.get(o);
            if (group >= 0) {
                start[(int) group + 1]++;
            }
        }
        for (int g = 0; g < groups; g++) {
            start[g + 1] += start[g];
        }
        IdCells members = scratch.idCellsWhereRoom(start[groups], n);
        long[] next = Arrays.copyOf(start, groups);
        for (long o = leaked.next(0); o >= 0; o = leaked.next(o + 1)) {
            long group = groupOf.get(o);
            if (group >= 0) {
                members.set(next[(int) group]++, o);
            }
        }
        IdCells keeper = scratch.idCellsWhereRoom(n, n);
        keeper.fill(UNKNOWN);
        IdCells kept = scratch.idCellsWhereRoom(n, n); // per keeper: the group's members it keeps, 0 between groups
        for (int g = 0; g < groups; g++) {
            long best = -1;
            long most = 0;
            long byRoots = 0; // members a root holds directly (keeper -1)
            for (long k = start[g]; k < start[g + 1]; k++) {
                long o = members.get(k);
                if (tree.parent(o) == -2) {
                    continue; // no root reaches it
                }
                long by = keeperOf(o, leaked, tree, keeper);
                long count = by < 0 ? ++byRoots : kept.get(by) + 1;
                if (by >= 0) {
                    kept.set(by, count);
                }
                // most members first, then the lowest keeper, -1 last (as unsigned)
                if (count > most || count == most && Long.compareUnsigned(by, best) < 0) {
                    most = count;
                    best = by;
                }
            }
            for (long k = start[g]; k < start[g + 1]; k++) { // the first member the best keeper keeps
                long o = members.get(k);
                if (tree.parent(o) == -2) {
                    continue;
                }
                long by = keeperOf(o, leaked, tree, keeper);
                if (sample[g] < 0 && by == best) {
                    sample[g] = o;
                }
                if (by >= 0) {
                    kept.set(by, 0);
                }
            }
        }
        scratch.release(kept);
        scratch.release(keeper);
        scratch.release(members);
        return sample;
    }

    /** The first object not leaked on the way back from {@code o} to the roots (-1: a root holds it directly). */
    private static long keeperOf(long o, ObjectBits leaked, RootPaths.Tree tree, IdCells keeper) {
        long up = o;
        while (up >= 0 && leaked.get(up) && keeper.get(up) == UNKNOWN) {
            up = tree.parent(up);
        }
        long found = up < 0 ? -1 : leaked.get(up) ? keeper.get(up) : up;
        for (long x = o; x >= 0 && leaked.get(x) && keeper.get(x) == UNKNOWN; x = tree.parent(x)) {
            keeper.set(x, found); // memo: a chain of leaked objects is walked once
        }
        return found;
    }
}
