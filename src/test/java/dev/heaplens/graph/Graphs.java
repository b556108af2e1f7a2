package dev.heaplens.graph;

import java.util.ArrayList;
import java.util.List;

/** Small graphs for tests: node i is at address {@link #address(int)} with shallow size {@link #size(int)}. */
final class Graphs {
    static final long BASE = 0x7f00_0000_1000L;

    private Graphs() {
    }

    static long address(int node) {
        return BASE + 40L * node;
    }

    static long size(int node) {
        return 10L + node * 3L;
    }

    /** Builds n nodes in address order, edges as {source, target} pairs, roots as node numbers (category "root"). */
    static HeapGraph of(int n, int[][] edges, int... roots) {
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new ArrayList<>());
        }
        for (int[] e : edges) {
            out.get(e[0]).add(e[1]);
        }
        HeapGraphBuilder b = new HeapGraphBuilder();
        HeapGraphPart p = b.newPart();
        for (int i = 0; i < n; i++) {
            p.addObject(address(i), (byte) 1, 0, size(i));
            for (int t : out.get(i)) {
                p.addReference(address(t));
            }
        }
        for (int r : roots) {
            p.addRoot("root", address(r));
        }
        return b.build();
    }

    static int[][] edges(int... pairs) {
        int[][] e = new int[pairs.length / 2][];
        for (int i = 0; i < e.length; i++) {
            e[i] = new int[] {pairs[2 * i], pairs[2 * i + 1]};
        }
        return e;
    }
}
