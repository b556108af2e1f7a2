package dev.heaplens.analysis.suspects;

import dev.heaplens.analysis.graph.NamedHeap;
import dev.heaplens.analysis.graph.RootPaths;
import dev.heaplens.graph.HeapGraph;
import dev.heaplens.index.IndexWriter;

import java.util.function.IntUnaryOperator;

/**
 * The shortest paths from the GC roots as the index stored them: one int per object, read one at
 * a time, so a path costs its own length in reads, not a search over every reference. The value
 * is the object that first reached it, {@link #UNREACHED}, or for a root's target
 * {@code ROOT_BASE - root}; a second column says which of the parent's references it was.
 */
final class StoredRootPaths implements RootPaths.ToRoot {
    static final int UNREACHED = RootPaths.Tree.UNREACHED;
    static final int ROOT_BASE = RootPaths.Tree.ROOT_BASE;

    private final HeapGraph graph;
    private final IntUnaryOperator stored;
    /** Which of its parent's references reached each object: its field is named without reading the references. */
    private final IntUnaryOperator edge;
    /** The two columns a run at a time, for the index writer: in bulk from a search's own tree. */
    private final IndexWriter.IntRuns storedRuns;
    private final IndexWriter.IntRuns edgeRuns;

    StoredRootPaths(HeapGraph graph, IntUnaryOperator stored, IntUnaryOperator edge) {
        this(graph, stored, edge, eachOf(stored), eachOf(edge));
    }

    private StoredRootPaths(HeapGraph graph, IntUnaryOperator stored, IntUnaryOperator edge, IndexWriter.IntRuns storedRuns,
                            IndexWriter.IntRuns edgeRuns) {
        this.graph = graph;
        this.stored = stored;
        this.edge = edge;
        this.storedRuns = storedRuns;
        this.edgeRuns = edgeRuns;
    }

    /** Runs of {@code values}, one value at a time. */
    private static IndexWriter.IntRuns eachOf(IntUnaryOperator values) {
        return (from, into, count) -> {
            for (int i = 0; i < count; i++) {
                into[i] = values.applyAsInt((int) (from + i));
            }
        };
    }

    @Override
    public String via(NamedHeap heap, int from, int to) {
        return stored.applyAsInt(to) == from ? heap.edgeLabel(from, edge.applyAsInt(to), to)
                : RootPaths.ToRoot.super.via(heap, from, to);
    }

    /** The whole {@code tree} (with its edges) in the form the index stores: one answer, stored or just worked out. */
    static StoredRootPaths of(HeapGraph graph, RootPaths.Tree tree) {
        return new StoredRootPaths(graph, tree::stored, tree::edgeIndex, tree::copyStored, tree::copyEdges);
    }

    /** The parent column's values from {@code from}: what the index stores. */
    void copyStored(long from, int[] into, int count) {
        storedRuns.copy(from, into, count);
    }

    /** Which of its parent's references reached each object from {@code from}: what the index stores beside. */
    void copyEdges(long from, int[] into, int count) {
        edgeRuns.copy(from, into, count);
    }

    @Override
    public RootPaths.Path pathTo(int target) {
        int v = stored.applyAsInt(target);
        if (v == UNREACHED) {
            return null;
        }
        int[] chain = new int[16];
        int length = 0;
        int o = target;
        while (true) {
            if (length == chain.length) {
                chain = java.util.Arrays.copyOf(chain, length * 2);
            }
            chain[length++] = o;
            if (v <= ROOT_BASE) {
                break;
            }
            if (v < 0 || length > graph.objectCount()) {
                throw new IllegalStateException("the stored paths from the roots have a cycle");
            }
            o = v;
            v = stored.applyAsInt(o);
        }
        int[] path = new int[length];
        for (int i = 0; i < length; i++) {
            path[i] = chain[length - 1 - i];
        }
        return new RootPaths.Path(graph.rootCategory(ROOT_BASE - v), path);
    }
}
