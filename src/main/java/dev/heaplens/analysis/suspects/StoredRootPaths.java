package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.index.IndexException;

import dev.heaplens.util.LongIndex;

import java.util.Arrays;

/**
 * The shortest paths from the GC roots that suspects can show, as the index stores them: a step
 * for every object on the path tree's way to a top object or an accumulation point (the only
 * objects suspects asks a path to, at any threshold), in ascending object order. A step is the
 * object that first reached it ({@link #UNREACHED}, or {@code ROOT_BASE - root} for a root's
 * target) and which of that parent's references it was. On the 7.4M-object dump that is 41,063
 * steps for 23,869 top objects, where a column over every object was 60 MB of the index.
 */
final class StoredRootPaths implements RootPaths.ToRoot {
    static final long UNREACHED = RootPaths.Tree.UNREACHED;
    static final long ROOT_BASE = RootPaths.Tree.ROOT_BASE;

    private final HeapGraph graph;
    /** The objects with a step, ascending. */
    private final long[] objects;
    /** Each one's parent, as the tree stores it. */
    private final long[] parents;
    /** Which of its parent's references reached each: its field is named without reading the references. */
    private final int[] edges;

    private StoredRootPaths(HeapGraph graph, long[] objects, long[] parents, int[] edges) {
        this.graph = graph;
        this.objects = objects;
        this.parents = parents;
        this.edges = edges;
    }

    /** The steps of {@code tree}'s paths to {@code targets}, and so to every object on them. */
    static StoredRootPaths of(HeapGraph graph, RootPaths.Tree tree, long[]... targets) {
        LongIndex on = new LongIndex(); // ids past 2^31 too: no bit set over every object
        for (long[] some : targets) {
            for (long t : some) {
                for (long o = t; o >= 0 && on.indexOf(o) < 0; o = tree.parent(o)) {
                    on.add(o);
                }
            }
        }
        long[] objects = new long[on.size()];
        for (int i = 0; i < objects.length; i++) {
            objects[i] = on.key(i);
        }
        Arrays.sort(objects);
        long[] parents = new long[objects.length];
        for (int i = 0; i < objects.length; i++) {
            parents[i] = tree.stored(objects[i]);
        }
        return new StoredRootPaths(graph, objects, parents, tree.edgeIndexes(objects));
    }

    /** The steps an index stored, checked: objects ascending within the graph, each parent a step or a root. */
    static StoredRootPaths stored(HeapGraph graph, long[] objects, long[] parents, int[] edges) {
        if (parents.length != objects.length || edges.length != objects.length) {
            throw new IndexException("corrupt: the stored paths' columns are of unequal lengths");
        }
        long n = graph.objectCount();
        for (int i = 0; i < objects.length; i++) {
            long p = parents[i];
            boolean parentFits = p >= 0 ? edges[i] >= 0 : p == UNREACHED || ROOT_BASE - p < graph.rootCount();
            if (objects[i] < 0 || objects[i] >= n || (i > 0 && objects[i] <= objects[i - 1]) || !parentFits) {
                throw new IndexException("corrupt: the stored paths do not fit the graph");
            }
        }
        for (long p : parents) { // every step's parent has its own step: a path never leaves them
            if (p >= 0 && Arrays.binarySearch(objects, p) < 0) {
                throw new IndexException("corrupt: a stored path step's parent has no step");
            }
        }
        return new StoredRootPaths(graph, objects, parents, edges);
    }

    HeapGraph graph() {
        return graph;
    }

    long[] objects() {
        return objects;
    }

    long[] parents() {
        return parents;
    }

    int[] edges() {
        return edges;
    }

    @Override
    public String via(NamedHeap heap, long from, long to) {
        int at = Arrays.binarySearch(objects, to);
        return at >= 0 && parents[at] == from ? heap.edgeLabel(from, edges[at], to) : RootPaths.ToRoot.super.via(heap, from, to);
    }

    @Override
    public RootPaths.Path pathTo(long target) {
        long v = parentOf(target);
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
        return new RootPaths.Path(graph.rootCategory((int) (ROOT_BASE - v)), path);
    }

    /** {@code o}'s stored parent; every object suspects asks about has one by construction. */
    private long parentOf(long o) {
        int at = Arrays.binarySearch(objects, o);
        if (at < 0) {
            throw new IllegalStateException("no stored path step for object " + o);
        }
        return parents[at];
    }
}
