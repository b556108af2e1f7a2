package dev.heaplens.analysis.graph;

import dev.heaplens.graph.EdgeFilter;
import dev.heaplens.graph.BitCells;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.Scratch;
import dev.heaplens.util.LongLongMap;

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
    public record Path(String rootCategory, long[] objects) {
    }

    /** Up to {@code max} shortest paths to {@code target}; empty when no root reaches it. */
    public static List<Path> shortest(HeapGraph g, EdgeFilter filter, long target, int max) {
        return shortest(g, filter, target, max, Scratch.heap());
    }

    /**
     * As {@link #shortest(HeapGraph, EdgeFilter, long, int)}, the search's distances, queue and level
     * bits in {@code scratch} (mapped out of core where the heap has no room: 8 bytes an object it does
     * not hold, 16 where ids are wide).
     */
    public static List<Path> shortest(HeapGraph g, EdgeFilter filter, long target, int max, Scratch scratch) {
        return search(g, filter, target, scratch).paths(target, max);
    }

    /**
     * Every object's distance from the roots, from one complete breadth-first search: the paths
     * to any object without searching again (what a server asked about many objects keeps).
     */
    public static Levels levels(HeapGraph g, EdgeFilter filter) {
        return levels(g, filter, Scratch.heap());
    }

    /** As {@link #levels(HeapGraph, EdgeFilter)}, the distances kept in {@code scratch} (mapped out of core). */
    public static Levels levels(HeapGraph g, EdgeFilter filter, Scratch scratch) {
        return search(g, filter, -1, scratch);
    }

    /** Distances from the roots (-1: not reached). */
    public static final class Levels {
        private final HeapGraph graph;
        private final EdgeFilter filter;
        private final IdCells dist;

        private Levels(HeapGraph graph, EdgeFilter filter, IdCells dist) {
            this.graph = graph;
            this.filter = filter;
            this.dist = dist;
        }

        /** Up to {@code max} distinct shortest paths to {@code target}; empty when no root reaches it. */
        public List<Path> paths(long target, int max) {
            List<Path> paths = new ArrayList<>();
            if (dist.get(target) < 0) {
                return paths;
            }
            long[] chain = new long[Math.toIntExact(dist.get(target) + 1)];
            collect(graph, filter, dist, target, chain, max, paths);
            return paths;
        }
    }

    /** Breadth-first search from all roots, stopping once {@code target} is reached (-1: never). */
    private static Levels search(HeapGraph g, EdgeFilter filter, long target, Scratch scratch) {
        long n = g.objectCount();
        IdCells dist = scratch.idCellsWhereRoom(n, n); // a distance is below the object count
        dist.fill(-1);
        IdCells queue = scratch.idCellsWhereRoom(n, n);
        long head = 0;
        long tail = 0;
        for (int r = 0; r < g.rootCount(); r++) {
            long o = g.rootTarget(r);
            if (dist.get(o) < 0) {
                dist.set(o, 0);
                queue.set(tail++, o);
            }
        }
        try (LevelOrder order = new LevelOrder(n, scratch)) {
            while (head < tail && (target < 0 || dist.get(target) < 0)) {
                long levelEnd = tail;
                if (head > 0) { // the roots' targets in the dump's order of roots
                    order.sort(queue, head, levelEnd);
                }
                while (head < levelEnd && (target < 0 || dist.get(target) < 0)) {
                    long o = queue.get(head++);
                    long next = dist.get(o) + 1;
                    for (long i = g.outStart(o), end = g.outEnd(o); i < end; i++) {
                        long t = g.target(i);
                        if (dist.get(t) < 0 && filter.follow(o, i, t)) {
                            dist.set(t, next);
                            queue.set(tail++, t);
                        }
                    }
                }
            }
        } finally {
            scratch.release(queue);
        }
        return new Levels(g, filter, dist);
    }

    /**
     * The category of the first root that holds {@code o}, a root's target: found when a path is,
     * not kept for every object (an {@code int} an object: 120 MB of {@code paths}' heap on 30M objects).
     */
    private static String rootCategoryOf(HeapGraph g, long o) {
        for (int r = 0; r < g.rootCount(); r++) {
            if (g.rootTarget(r) == o) {
                return g.rootCategory(r);
            }
        }
        throw new IllegalStateException("no root holds " + o); // dist 0 is set for root targets alone
    }

    /** Walks back from {@code target} through predecessors one step closer to a root. */
    private static void collect(HeapGraph g, EdgeFilter filter, IdCells dist, long target,
                                long[] chain, int max, List<Path> paths) {
        int length = chain.length;
        // iterative DFS: position k of chain holds an object at distance k
        long[] cursor = new long[length];
        chain[length - 1] = target;
        int k = length - 1;
        cursor[k] = g.inStart(target);
        if (k == 0) {
            paths.add(new Path(rootCategoryOf(g, target), chain.clone()));
            return;
        }
        while (k < length && paths.size() < max) {
            long o = chain[k];
            boolean descended = false;
            while (cursor[k] < g.inEnd(o)) {
                long i = cursor[k]++;
                long p = g.source(i);
                if (i > g.inStart(o) && g.source(i - 1) == p) {
                    // the same referrer again (sources come ascending): its paths were walked; walking them once
                    // per reference made chains of arrays that repeat an element take exponential time
                    continue;
                }
                if (dist.get(p) == k - 1 && followsTo(g, filter, p, o)) {
                    chain[k - 1] = p;
                    if (k - 1 == 0) {
                        addDistinct(paths, new Path(rootCategoryOf(g, p), chain.clone()));
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

    /** Shortest paths from the GC roots, answered one object at a time (searched here, or as an index stored them). */
    public interface ToRoot {
        /** A shortest path from a root to {@code target}, or null when no root reaches it. */
        Path pathTo(long target);

        /** How {@code from}, a step of a path, holds {@code to}, the next: a field, an index. */
        default String via(NamedHeap heap, long from, long to) {
            return ObjectReport.via(heap, from, to);
        }
    }

    /**
     * One breadth-first search from all roots that remembers how each object was first reached:
     * a shortest path to any object, without searching again for each. The roots' targets are
     * visited in the dump's order of roots, each level after in ascending object order
     * ({@link LevelOrder}): an object one step from a root's target has the first such target that
     * holds it as its parent, and any deeper object the lowest-numbered object one step nearer.
     */
    public static final class Tree implements ToRoot {
        /** {@link #stored}'s value for an object no root reaches. */
        public static final int UNREACHED = -1;
        /** {@link #stored}'s value for root {@code r}'s target is {@code ROOT_BASE - r}. */
        public static final int ROOT_BASE = -2;
        private final HeapGraph graph;
        private final EdgeFilter filter;
        /** Each object's {@link #stored} value (no column of roots). */
        private final IdCells parent;

        private Tree(HeapGraph graph, EdgeFilter filter, IdCells parent) {
            this.graph = graph;
            this.filter = filter;
            this.parent = parent;
        }

        /**
         * Which of its {@link #parent}'s references first reached each of {@code objects} (ascending;
         * counted from 0, and 0 for a root's target or an object not reached): the first the search
         * followed to it, since the search reaches an object once. Each parent's references are read
         * once, for the few objects a path is kept to, where a column over every object cost the
         * search a write at random an object.
         */
        public int[] edgeIndexes(long[] objects) {
            int[] edges = new int[objects.length];
            LongLongMap wanted = new LongLongMap(); // object -> its place in objects, until its reference is found
            long[] parents = new long[objects.length];
            int count = 0;
            for (int k = 0; k < objects.length; k++) {
                long p = parent.get(objects[k]);
                if (p >= 0) {
                    wanted.put(objects[k], k);
                    parents[count++] = p;
                }
            }
            parents = Arrays.stream(parents, 0, count).sorted().distinct().toArray();
            for (long p : parents) {
                long start = graph.outStart(p);
                for (long i = start, end = graph.outEnd(p); i < end; i++) {
                    long t = graph.target(i);
                    long k = wanted.get(t, -1);
                    if (k >= 0 && parent.get(t) == p && filter.follow(p, i, t)) {
                        edges[(int) k] = (int) (i - start);
                        wanted.put(t, -1); // the first such reference is the one followed
                    }
                }
            }
            return edges;
        }

        /** The object that first reached {@code o}: -1 for a root's target, -2 when none did. */
        public long parent(long o) {
            long p = parent.get(o);
            return p >= 0 ? p : p == UNREACHED ? -2 : -1;
        }

        /** The root that holds {@code o}, for a root's target ({@link #parent} -1). */
        public int rootIndex(long o) {
            return (int) (ROOT_BASE - parent.get(o));
        }

        /** What an index stores for {@code o}: the object that first reached it, {@link #UNREACHED}, or {@code ROOT_BASE - r} for root r's target. */
        public long stored(long o) {
            return parent.get(o);
        }

        @Override
        public Path pathTo(long target) {
            if (parent.get(target) == UNREACHED) {
                return null;
            }
            int length = 1;
            for (long o = target; parent.get(o) >= 0; o = parent.get(o)) {
                length++;
            }
            long[] chain = new long[length];
            long o = target;
            for (int i = length - 1; i >= 0; i--) {
                chain[i] = o;
                long p = parent.get(o);
                o = p >= 0 ? p : o;
            }
            return new Path(graph.rootCategory(rootIndex(chain[0])), chain);
        }
    }

    public static Tree tree(HeapGraph g, EdgeFilter filter) {
        return tree(g, filter, Scratch.heap());
    }

    /**
     * The tree as far as the search must go to reach every object of {@code until} (all objects
     * when null): {@link Tree#pathTo} answers for those, and for every object reached before them,
     * with the paths the whole tree gives (a breadth-first search never changes how it reached an
     * object), and says null for any other. Asked by suspects without an index alone: in the heap,
     * objects numbered in ints.
     */
    public static Tree tree(HeapGraph g, EdgeFilter filter, java.util.BitSet until) {
        return tree(g, filter, until, Scratch.heap());
    }

    /**
     * The whole tree, its column and queue in {@code scratch} (mapped out of core: 8 bytes an object
     * that the heap does not hold, 16 where ids are wide), its bits where the heap has room.
     */
    public static Tree tree(HeapGraph g, EdgeFilter filter, Scratch scratch) {
        return tree(g, filter, null, scratch);
    }

    private static Tree tree(HeapGraph g, EdgeFilter filter, java.util.BitSet until, Scratch scratch) {
        long n = g.objectCount();
        IdCells parent = scratch.idCells(n, n);
        parent.fill(Tree.UNREACHED);
        IdCells queue = scratch.idCells(n, n);
        // reached or not, asked once a reference: a bit an object stays in the cache where the parent column would not
        BitCells reached = scratch.bitsWhereRoom(n);
        long head = 0;
        long tail = 0;
        int left = until == null ? -1 : until.cardinality();
        for (int r = 0; r < g.rootCount(); r++) {
            long o = g.rootTarget(r);
            if (!reached.get(o)) {
                reached.set(o);
                parent.set(o, Tree.ROOT_BASE - r);
                queue.set(tail++, o);
                if (until != null && until.get((int) o)) {
                    left--;
                }
            }
        }
        try (LevelOrder order = new LevelOrder(n, scratch)) {
            while (head < tail && left != 0) {
                long levelEnd = tail;
                if (head > 0) { // the roots' targets in the dump's order of roots
                    order.sort(queue, head, levelEnd);
                }
                while (head < levelEnd && left != 0) {
                    long o = queue.get(head++);
                    for (long i = g.outStart(o), end = g.outEnd(o); i < end; i++) {
                        long t = g.target(i);
                        if (!reached.get(t) && filter.follow(o, i, t)) {
                            reached.set(t);
                            parent.set(t, o);
                            queue.set(tail++, t);
                            if (until != null && until.get((int) t) && --left == 0) {
                                break;
                            }
                        }
                    }
                }
            }
        } finally { // the tree keeps its parents alone
            scratch.release(queue);
            scratch.release(reached);
        }
        return new Tree(g, filter, parent);
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
    private static boolean followsTo(HeapGraph g, EdgeFilter filter, long source, long target) {
        for (long i = g.outStart(source), end = g.outEnd(source); i < end; i++) {
            if (g.target(i) == target && filter.follow(source, i, target)) {
                return true;
            }
        }
        return false;
    }
}
