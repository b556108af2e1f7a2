package dev.heaplens.analysis.graph;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Which leaked object of each group a sample path goes to: one kept by the old object that keeps
 * most of the group (the static map holding 149k of its objects), not merely the group's first
 * object, whose shortest path may go through anything (a class-loading lock that happens to hold
 * one). An object's keeper is the first object on its shortest path from the roots, walking back
 * from it, that is not leaked itself: the path's last steps then go through leaked objects only,
 * where the group accumulates.
 */
final class LeakSamples {
    private static final int UNKNOWN = -3;

    private LeakSamples() {
    }

    /**
     * @param groupOf the group (0..groups-1) of each object, -1 for objects of no measured group
     * @param leaked  every leaked object, of any group
     * @param tree    a breadth-first tree of the whole graph from its roots
     * @return per group, its sample object, or -1 when no root reaches any of its objects
     */
    static long[] of(int[] groupOf, int groups, BitSet leaked, RootPaths.Tree tree) {
        int[] keeper = new int[groupOf.length];
        Arrays.fill(keeper, UNKNOWN);
        // (group, keeper) of each measured member, sorted: a run is one keeper's members of one
        // group (primitive longs, not a map entry per leaked object)
        int measured = 0;
        for (int group : groupOf) {
            measured += group >= 0 ? 1 : 0;
        }
        long[] pairs = new long[measured];
        int n = 0;
        for (long o = 0; o < groupOf.length; o++) {
            if (groupOf[(int) o] >= 0 && tree.parent(o) != -2) { // measured and reached
                pairs[n++] = ((long) groupOf[(int) o] << 32) | (keeperOf(o, leaked, tree, keeper) & 0xffffffffL);
            }
        }
        Arrays.sort(pairs, 0, n);
        int[] bestKeeper = new int[groups];
        int[] most = new int[groups];
        for (int i = 0; i < n; ) {
            int j = i;
            while (j < n && pairs[j] == pairs[i]) {
                j++;
            }
            int group = (int) (pairs[i] >>> 32);
            if (j - i > most[group]) {
                most[group] = j - i;
                bestKeeper[group] = (int) pairs[i];
            }
            i = j;
        }
        long[] sample = new long[groups];
        Arrays.fill(sample, -1);
        for (long o = 0; o < groupOf.length; o++) { // the first member each best keeper keeps
            int group = groupOf[(int) o];
            if (group >= 0 && sample[group] < 0 && most[group] > 0 && tree.parent(o) != -2
                    && keeperOf(o, leaked, tree, keeper) == bestKeeper[group]) {
                sample[group] = o;
            }
        }
        return sample;
    }

    /** The first object not leaked on the way back from {@code o} to the roots (-1: a root holds it directly). */
    private static long keeperOf(long o, BitSet leaked, RootPaths.Tree tree, int[] keeper) {
        long up = o;
        while (up >= 0 && leaked.get((int) up) && keeper[(int) up] == UNKNOWN) {
            up = tree.parent(up);
        }
        long found = up < 0 ? -1 : leaked.get((int) up) ? keeper[(int) up] : up;
        for (long x = o; x >= 0 && leaked.get((int) x) && keeper[(int) x] == UNKNOWN; x = tree.parent(x)) {
            keeper[(int) x] = (int) found; // memo: a chain of leaked objects is walked once
        }
        return found;
    }
}
