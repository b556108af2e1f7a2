package dev.heaplens.graph;

/**
 * The dominator tree of a {@link HeapGraph} and the retained size of every object.
 *
 * <p>The graph is rooted at a virtual super-root whose children are the GC roots' targets. Object
 * {@code d} dominates {@code y} when every path from the super-root to {@code y} passes through
 * {@code d}; the retained set of {@code x} (what would be freed if {@code x} were) is its dominator
 * subtree. Objects not reachable from any root have no dominator, are retained by nothing and
 * retain nothing.
 *
 * <p>Algorithm: Semi-NCA (Georgiadis; the variant LLVM uses), iterative throughout: an explicit DFS
 * over the CSR (visited bits small enough to stay in cache), predecessor lists built once and laid
 * out in preorder (counted on a second thread while the DFS runs, filled on two), link-eval with
 * path compression over an explicit stack, then one nearest-common-ancestor walk per vertex. The
 * fields link-eval touches together (ancestor, label, semi) share one 12-byte record per
 * vertex, so a random visit costs one cache miss (two, for the few records across a cache line). Duplicate references and self-references do not
 * change the result. The work is bound by memory latency:
 * about two dependent cache misses per object in the DFS and one to two per reference after it.
 *
 * <p>Memory kept: 20 bytes per object. Peak while computing, on top of the graph: about 24 bytes per
 * object plus 4 per followed reference (vertices and DFS parents 4 each, predecessor starts 4 in
 * {@link ReferenceOffsets}, the vertex records 12, allocated once the preorder numbers by object are
 * freed; the DFS parents become the immediate dominators in place).
 */
public final class Dominators {
    /** {@link #immediateDominator} of an object dominated only by the super-root. */
    public static final int SUPER_ROOT = -1;
    /** {@link #immediateDominator} of an object no root reaches. */
    public static final int UNREACHABLE = -2;

    private final HeapGraph graph;
    private final EdgeFilter filter;
    // Per object, except preorder; read from an index, each is loaded on first use (see ColumnSource).
    private int[] idom;          // per object: object id, SUPER_ROOT or UNREACHABLE
    private long[] retainedSize; // per object
    private int[] retainedCount; // per object
    private int[] preorder;      // reachable objects in DFS preorder: every dominator before what it dominates
    private final long reachableCount;
    /** Null when computed. */
    private final Columns source;
    private final long reachableBytes;
    private volatile DominatorChildren children;
    private volatile Scratch childrenScratch = Scratch.heap();
    // Out of core (source.inPlace()): the stored columns used where they lie in the mapped index, once past the sparse reads.
    private MappedIds mappedIdom;
    private MappedLongs mappedRetainedSize;
    private MappedIds mappedRetainedCount; // a count of objects: as wide as an id
    private MappedIds mappedPreorder;

    Dominators(HeapGraph graph, EdgeFilter filter, int[] idom, long[] retainedSize, int[] retainedCount,
                       int[] preorder, long reachableBytes) {
        this.graph = graph;
        this.filter = filter;
        this.idom = idom;
        this.retainedSize = retainedSize;
        this.retainedCount = retainedCount;
        this.preorder = preorder;
        this.reachableCount = preorder.length;
        this.source = null;
        this.reachableBytes = reachableBytes;
    }

    /** Dominators stored in an index: each column is loaded from {@code source} when first used. */
    Dominators(HeapGraph graph, EdgeFilter filter, Columns source, long reachableCount, long reachableBytes) {
        this.graph = graph;
        this.filter = filter;
        this.source = source;
        this.reachableCount = reachableCount;
        this.reachableBytes = reachableBytes;
    }

    /** Where stored dominators get their columns: values one by one at first, as {@link ColumnSource}. */
    interface Columns {
        boolean has(String column);

        int[] ints(String column);

        long[] longs(String column);

        /** Value {@code i} of an id column (idom, retained count, preorder), as wide as it is stored. */
        long idAt(String column, long i);

        long longAt(String column, long i);

        /** Whether columns are used where they lie (out of core) rather than loaded into the heap. */
        boolean inPlace();

        MappedIds mappedIds(String column);

        MappedLongs mappedLongs(String column);

        /** The stored ranked objects ({@link #LARGEST}), or null when none are stored. */
        default long[] ranked() {
            return null;
        }
    }

    private int sparseReads;

    /** As {@link HeapGraph#readingEveryObject}: the next pass visits every object, so columns load whole at once. */
    public void readingEveryObject() {
        sparseReads = HeapGraph.SPARSE_READS;
    }

    private boolean sparse() {
        return sparseReads++ < HeapGraph.SPARSE_READS;
    }

    /** A stored section of ranked objects that sets its own length (not one value per object). */
    static final String LARGEST = "dominators.largest";

    /**
     * The objects that retain the most, largest first, as the index stored them (an analysis ranked
     * them when the index was written), or null when they were computed here or not stored.
     */
    public long[] storedLargest() {
        return source != null ? source.ranked() : null;
    }

    /** The columns where they lie mapped, when these dominators were computed out of core; else null. */
    Columns mappedColumns() {
        return source instanceof MappedDominatorColumns ? source : null;
    }

    /** The whole columns, for {@link GraphStore} to write in bulk (loaded first if need be). */
    record Stored(int[] idom, long[] retainedSize, int[] retainedCount, int[] preorder) {
    }

    Stored arrays() {
        return new Stored(idom(), retainedSize != null ? retainedSize : retainedSizeColumn(),
                retainedCount != null ? retainedCount : retainedCountColumn(),
                preorder != null ? preorder : preorderColumn());
    }

    private int[] idom() {
        int[] a = idom;
        return a != null ? a : idomColumn();
    }

    private long idom(long o) {
        int[] a = idom;
        if (a != null) {
            return a[(int) o];
        }
        MappedIds m = mappedIdom;
        return m != null ? m.get(o) : sparse() ? source.idAt(GraphStore.IDOM, o)
                : source.inPlace() ? LazyColumn.once(this, () -> mappedIdom, () -> source.mappedIds(GraphStore.IDOM),
                        c -> mappedIdom = c).get(o) : idomColumn()[(int) o];
    }

    // The columns a stored tree loads on first use, through the one loader (LazyColumn).
    private int[] idomColumn() {
        return LazyColumn.once(this, () -> idom, () -> source.ints(GraphStore.IDOM), a -> idom = a);
    }

    private long[] retainedSizeColumn() {
        return LazyColumn.once(this, () -> retainedSize, () -> source.longs(GraphStore.RETAINED_SIZE), a -> retainedSize = a);
    }

    private int[] retainedCountColumn() {
        return LazyColumn.once(this, () -> retainedCount, () -> source.ints(GraphStore.RETAINED_COUNT), a -> retainedCount = a);
    }

    private int[] preorderColumn() {
        return LazyColumn.once(this, () -> preorder, () -> source.ints(GraphStore.PREORDER), a -> preorder = a);
    }

    /** Dominators over every reference. */
    public static Dominators compute(HeapGraph graph) {
        return compute(graph, EdgeFilter.ALL);
    }

    /** Dominators over the references {@code filter} follows (GC roots always count). */
    public static Dominators compute(HeapGraph graph, EdgeFilter filter) {
        return compute(graph, filter, Phases.NONE);
    }

    /** As {@link #compute(HeapGraph, EdgeFilter)}, telling {@code phases} of the dominators and the retained sizes. */
    public static Dominators compute(HeapGraph graph, EdgeFilter filter, Phases phases) {
        return compute(graph, filter, phases, Scratch.heap());
    }

    /** As {@link #compute(HeapGraph, EdgeFilter, Phases)}, the computation's scratch arrays in {@code scratch}. */
    public static Dominators compute(HeapGraph graph, EdgeFilter filter, Phases phases, Scratch scratch) {
        EdgeFilter f = filter == EdgeFilter.ALL ? null : filter;
        return scratch.isMapped() ? new MappedDominatorComputation(graph, f, scratch).run(filter, phases)
                : new DominatorComputation(graph, f).run(filter, phases);
    }

    public HeapGraph graph() {
        return graph;
    }

    public EdgeFilter filter() {
        return filter;
    }

    /** The immediate dominator of {@code o}: an object, {@link #SUPER_ROOT} or {@link #UNREACHABLE}. */
    public long immediateDominator(long o) {
        return idom(o);
    }

    public boolean isReachable(long o) {
        return idom(o) != UNREACHABLE;
    }

    /** Sum of shallow sizes of {@code o}'s dominator subtree (itself included); 0 when unreachable. */
    public long retainedSize(long o) {
        long[] a = retainedSize;
        if (a != null) {
            return a[(int) o];
        }
        MappedLongs m = mappedRetainedSize;
        return m != null ? m.get(o) : sparse() ? source.longAt(GraphStore.RETAINED_SIZE, o)
                : source.inPlace() ? LazyColumn.once(this, () -> mappedRetainedSize,
                        () -> source.mappedLongs(GraphStore.RETAINED_SIZE), c -> mappedRetainedSize = c).get(o)
                : retainedSizeColumn()[(int) o];
    }

    /** Objects in {@code o}'s dominator subtree (itself included); 0 when unreachable. */
    public long retainedCount(long o) {
        int[] a = retainedCount;
        if (a != null) {
            return a[(int) o];
        }
        MappedIds m = mappedRetainedCount;
        return m != null ? m.get(o) : sparse() ? source.idAt(GraphStore.RETAINED_COUNT, o)
                : source.inPlace() ? LazyColumn.once(this, () -> mappedRetainedCount,
                        () -> source.mappedIds(GraphStore.RETAINED_COUNT), c -> mappedRetainedCount = c).get(o)
                : retainedCountColumn()[(int) o];
    }

    public long reachableCount() {
        return reachableCount;
    }

    public long reachableBytes() {
        return reachableBytes;
    }

    public long unreachableCount() {
        return graph.objectCount() - reachableCount;
    }

    public long unreachableBytes() {
        return graph.totalShallowSize() - reachableBytes;
    }

    /**
     * The {@code i}-th reachable object ({@code 0 <= i < reachableCount()}) in DFS preorder from the
     * super-root: every object comes after all of its dominators.
     */
    public long preorderObject(long i) {
        int[] a = preorder;
        if (a != null) {
            return a[(int) i];
        }
        MappedIds m = mappedPreorder;
        return m != null ? m.get(i) : sparse() ? source.idAt(GraphStore.PREORDER, i)
                : source.inPlace() ? LazyColumn.once(this, () -> mappedPreorder, () -> source.mappedIds(GraphStore.PREORDER),
                        c -> mappedPreorder = c).get(i) : preorderColumn()[(int) i];
    }

    // ---- dominator tree children (built on first use)

    /** Children of {@code o} (or of the super-root when {@code o == SUPER_ROOT}) in the dominator tree are
     * {@code child(i)} for {@code childStart(o) <= i < childEnd(o)}, in preorder. */
    public long childStart(long o) {
        return children().start(o == SUPER_ROOT ? graph.objectCount() : o);
    }

    public long childEnd(long o) {
        return children().end(o == SUPER_ROOT ? graph.objectCount() : o);
    }

    public long child(long i) {
        return children().kid(i);
    }

    /** Where the child lists are built when first asked for: mapped out of core, where the heap has no room. */
    public void keepChildrenIn(Scratch scratch) {
        childrenScratch = scratch;
    }

    private DominatorChildren children() {
        DominatorChildren c = children;
        if (c == null) {
            synchronized (this) {
                c = children;
                if (c == null) {
                    if (source == null || !source.inPlace()) {
                        idom(); // whole columns, loaded once, rather than value by value
                        if (preorder == null) {
                            preorderColumn();
                        }
                    }
                    c = DominatorChildren.of(this, childrenScratch);
                    children = c;
                }
            }
        }
        return c;
    }
}
