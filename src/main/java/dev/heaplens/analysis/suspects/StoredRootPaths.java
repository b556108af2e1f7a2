package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.index.IndexException;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The shortest paths from the GC roots that suspects can show, as the index stores them: a step
 * for every object on the path tree's way to a top object or an accumulation point (the only
 * objects suspects asks a path to, at any threshold), in ascending object order. A step is the
 * object that first reached it ({@link #UNREACHED}, or {@code ROOT_BASE - root} for a root's
 * target) and which of that parent's references it was. On the 7.4M-object dump that is 41,063
 * steps for 23,869 top objects, where a column over every object was 60 MB of the index.
 */
final class StoredRootPaths implements RootPaths.ToRoot {
    static final int UNREACHED = RootPaths.Tree.UNREACHED;
    static final int ROOT_BASE = RootPaths.Tree.ROOT_BASE;

    private final HeapGraph graph;
    /** The objects with a step, ascending. */
    private final int[] objects;
    /** Each one's parent, as the tree stores it. */
    private final int[] parents;
    /** Which of its parent's references reached each: its field is named without reading the references. */
    private final int[] edges;

    private StoredRootPaths(HeapGraph graph, int[] objects, int[] parents, int[] edges) {
        this.graph = graph;
        this.objects = objects;
        this.parents = parents;
        this.edges = edges;
    }

    /** The steps of {@code tree}'s paths to {@code targets}, and so to every object on them. */
    static StoredRootPaths of(HeapGraph graph, RootPaths.Tree tree, int[]... targets) {
        BitSet on = new BitSet();
        for (int[] some : targets) {
            for (int t : some) {
                for (long o = t; o >= 0 && !on.get((int) o); o = tree.parent(o)) {
                    on.set((int) o);
                }
            }
        }
        int[] objects = on.stream().toArray();
        int[] parents = new int[objects.length];
        for (int i = 0; i < objects.length; i++) {
            parents[i] = tree.stored(objects[i]);
        }
        return new StoredRootPaths(graph, objects, parents, tree.edgeIndexes(objects));
    }

    /** The steps an index stored, checked: objects ascending within the graph, each parent a step or a root. */
    static StoredRootPaths stored(HeapGraph graph, int[] objects, int[] parents, int[] edges) {
        if (parents.length != objects.length || edges.length != objects.length) {
            throw new IndexException("corrupt: the stored paths' columns are of unequal lengths");
        }
        long n = graph.objectCount();
        for (int i = 0; i < objects.length; i++) {
            int p = parents[i];
            boolean parentFits = p >= 0 ? edges[i] >= 0 : p == UNREACHED || ROOT_BASE - p < graph.rootCount();
            if (objects[i] < 0 || objects[i] >= n || (i > 0 && objects[i] <= objects[i - 1]) || !parentFits) {
                throw new IndexException("corrupt: the stored paths do not fit the graph");
            }
        }
        for (int p : parents) { // every step's parent has its own step: a path never leaves them
            if (p >= 0 && Arrays.binarySearch(objects, p) < 0) {
                throw new IndexException("corrupt: a stored path step's parent has no step");
            }
        }
        return new StoredRootPaths(graph, objects, parents, edges);
    }

    int[] objects() {
        return objects;
    }

    int[] parents() {
        return parents;
    }

    int[] edges() {
        return edges;
    }

    @Override
    public String via(NamedHeap heap, long from, long to) {
        int at = Arrays.binarySearch(objects, (int) to);
        return at >= 0 && parents[at] == from ? heap.edgeLabel(from, edges[at], to) : RootPaths.ToRoot.super.via(heap, from, to);
    }

    @Override
    public RootPaths.Path pathTo(long target) {
        int v = parentOf(target);
        if (v == UNREACHED) {
            return null;
        }
        long[] chain = new long[16];
        int length = 0;
        long o = target;
        while (true) {
            if (length == chain.length) {
                chain = Arrays.copyOf(chain, length * 2);
            }
            chain[length++] = o;
            if (v <= ROOT_BASE) {
                break;
            }
            if (v < 0 || length > objects.length) {
                throw new IllegalStateException("the stored paths from the roots have a cycle");
            }
            o = v;
            v = parentOf(o);
        }
        long[] path = new long[length];
        for (int i = 0; i < length; i++) {
            path[i] = chain[length - 1 - i];
        }
        return new RootPaths.Path(graph.rootCategory(ROOT_BASE - v), path);
    }

    /** {@code o}'s stored parent; every object suspects asks about has one by construction. */
    private int parentOf(long o) {
        int at = Arrays.binarySearch(objects, (int) o);
        if (at < 0) {
            throw new IllegalStateException("no stored path step for object " + o);
        }
        return parents[at];
    }
}
