package dev.heaplens.analysis.graph;

import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.HeapGraph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Shortest chains of references from a GC root to an object: one breadth-first search from all
 * roots, then up to {@code max} distinct shortest chains enumerated backwards over inbound
 * references.
 */
public final class RootPaths {
    private RootPaths() {
    }

    /**
     * A chain: {@code objects[0]} is held by the root category {@code rootCategory}, and each
     * object holds the next; the last is the object asked about.
     */
    public record Path(String rootCategory, int[] objects) {
    }

    /** Up to {@code max} shortest paths to {@code target}; empty when no root reaches it. */
    public static List<Path> shortest(HeapGraph g, EdgeFilter filter, int target, int max) {
        int n = g.objectCount();
        int[] dist = new int[n];
        Arrays.fill(dist, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        int[] rootCategoryOf = new int[n];
        Arrays.fill(rootCategoryOf, -1);
        for (int r = 0; r < g.rootCount(); r++) {
            int o = g.rootTarget(r);
            if (dist[o] < 0) {
                dist[o] = 0;
                rootCategoryOf[o] = r;
                queue[tail++] = o;
            }
        }
        while (head < tail && dist[target] < 0) {
            int o = queue[head++];
            for (long i = g.outStart(o), end = g.outEnd(o); i < end; i++) {
                int t = g.target(i);
                if (dist[t] < 0 && filter.follow(o, i, t)) {
                    dist[t] = dist[o] + 1;
                    queue[tail++] = t;
                }
            }
        }
        List<Path> paths = new ArrayList<>();
        if (dist[target] < 0) {
            return paths;
        }
        int[] chain = new int[dist[target] + 1];
        collect(g, filter, dist, rootCategoryOf, target, chain, max, paths);
        return paths;
    }

    /** Walks back from {@code target} through predecessors one step closer to a root. */
    private static void collect(HeapGraph g, EdgeFilter filter, int[] dist, int[] rootCategoryOf, int target,
                                int[] chain, int max, List<Path> paths) {
        int length = chain.length;
        // iterative DFS: position k of chain holds an object at distance k
        long[] cursor = new long[length];
        chain[length - 1] = target;
        int k = length - 1;
        cursor[k] = g.inStart(target);
        if (k == 0) {
            paths.add(new Path(g.rootCategory(rootCategoryOf[target]), chain.clone()));
            return;
        }
        while (k < length && paths.size() < max) {
            int o = chain[k];
            boolean descended = false;
            while (cursor[k] < g.inEnd(o)) {
                long i = cursor[k]++;
                int p = g.source(i);
                if (dist[p] == k - 1 && followsTo(g, filter, p, o)) {
                    chain[k - 1] = p;
                    if (k - 1 == 0) {
                        addDistinct(paths, new Path(g.rootCategory(rootCategoryOf[p]), chain.clone()));
                        if (paths.size() >= max) {
                            return;
                        }
                        continue;
                    }
                    k--;
                    cursor[k] = g.inStart(p);
                    descended = true;
                    break;
                }
            }
            if (!descended) {
                k++;
            }
        }
    }

    /** Duplicate references give the same chain twice; keep one. */
    private static void addDistinct(List<Path> paths, Path path) {
        for (Path p : paths) {
            if (Arrays.equals(p.objects(), path.objects())) {
                return;
            }
        }
        paths.add(path);
    }

    /** Whether some followed reference goes from {@code source} to {@code target}. */
    private static boolean followsTo(HeapGraph g, EdgeFilter filter, int source, int target) {
        for (long i = g.outStart(source), end = g.outEnd(source); i < end; i++) {
            if (g.target(i) == target && filter.follow(source, i, target)) {
                return true;
            }
        }
        return false;
    }
}
