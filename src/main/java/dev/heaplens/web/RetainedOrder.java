package dev.heaplens.web;

import dev.heaplens.graph.Dominators;

/**
 * The reachable objects, largest retained size first (ties: lower object id first). The one
 * sort the views share: the top retainers, every class's objects and every dominator node's
 * children are read off it in order, so no request sorts millions of objects.
 */
final class RetainedOrder {
    private RetainedOrder() {
    }

    /** A stable LSD radix sort on {@code max - retainedSize}: linear in the objects, no boxing. */
    static int[] of(Dominators d) {
        int n = d.reachableCount();
        int[] order = new int[n];
        long max = 0;
        for (int i = 0; i < n; i++) {
            int o = d.preorderObject(i);
            order[i] = o;
            max = Math.max(max, d.retainedSize(o));
        }
        java.util.Arrays.sort(order); // object id order first, so equal sizes keep it (the sort is stable)
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = max - d.retainedSize(order[i]);
        }
        int[] orderTmp = new int[n];
        long[] keysTmp = new long[n];
        int[] counts = new int[257];
        for (int shift = 0; shift < 64 && (max >>> shift) != 0; shift += 8) {
            java.util.Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) ((keys[i] >>> shift) & 0xff) + 1]++;
            }
            for (int b = 0; b < 256; b++) {
                counts[b + 1] += counts[b];
            }
            for (int i = 0; i < n; i++) {
                int slot = counts[(int) ((keys[i] >>> shift) & 0xff)]++;
                orderTmp[slot] = order[i];
                keysTmp[slot] = keys[i];
            }
            int[] t = order;
            order = orderTmp;
            orderTmp = t;
            long[] k = keys;
            keys = keysTmp;
            keysTmp = k;
        }
        return order;
    }
}
