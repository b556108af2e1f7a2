package dev.heaplens.analysis.graph;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

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
    static int[] of(int[] groupOf, int groups, BitSet leaked, RootPaths.Tree tree) {
        int[] keeper = new int[groupOf.length];
        Arrays.fill(keeper, UNKNOWN);
        Map<Long, int[]> kept = new HashMap<>(); // (group, keeper) -> {members, first member}
        for (int o = 0; o < groupOf.length; o++) {
            int group = groupOf[o];
            if (group < 0 || tree.parent(o) == -2) {
                continue; // not measured, or reached by no root
            }
            int member = o;
            int[] c = kept.computeIfAbsent(((long) group << 32) | (keeperOf(o, leaked, tree, keeper) & 0xffffffffL),
                    k -> new int[] {0, member});
            c[0]++;
        }
        int[] sample = new int[groups];
        int[] most = new int[groups];
        Arrays.fill(sample, -1);
        kept.forEach((key, c) -> {
            int group = (int) (key >>> 32);
            if (c[0] > most[group] || (c[0] == most[group] && c[1] < sample[group])) {
                most[group] = c[0];
                sample[group] = c[1];
            }
        });
        return sample;
    }

    /** The first object not leaked on the way back from {@code o} to the roots (-1: a root holds it directly). */
    private static int keeperOf(int o, BitSet leaked, RootPaths.Tree tree, int[] keeper) {
        int up = o;
        while (up >= 0 && leaked.get(up) && keeper[up] == UNKNOWN) {
            up = tree.parent(up);
        }
        int found = up < 0 ? -1 : leaked.get(up) ? keeper[up] : up;
        for (int x = o; x >= 0 && leaked.get(x) && keeper[x] == UNKNOWN; x = tree.parent(x)) {
            keeper[x] = found; // memo: a chain of leaked objects is walked once
        }
        return found;
    }
}
