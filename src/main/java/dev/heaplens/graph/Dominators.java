package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.Arrays;

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
 * fields link-eval touches together (ancestor, label, semi, idom) share one 16-byte record per
 * vertex, so a random visit costs one cache miss. Duplicate references and self-references do not
 * change the result. The work is bound by memory latency:
 * about two dependent cache misses per object in the DFS and one to two per reference after it.
 *
 * <p>Memory kept: 20 bytes per object. Peak while computing, on top of the graph: about 36 bytes per
 * object plus 4 per followed reference.
 */
public final class Dominators {
    /** {@link #immediateDominator} of an object dominated only by the super-root. */
    public static final int SUPER_ROOT = -1;
    /** {@link #immediateDominator} of an object no root reaches. */
    public static final int UNREACHABLE = -2;
    /** The most objects a graph may have for dominators (four ints per object in one array). */
    public static final int MAX_OBJECTS = (Integer.MAX_VALUE - 8) / 4 - 1;

    private final HeapGraph graph;
    private final EdgeFilter filter;
    // Per object, except preorder; read from an index, each is loaded on first use (see HeapGraph.ColumnSource).
    private int[] idom;          // per object: object id, SUPER_ROOT or UNREACHABLE
    private long[] retainedSize; // per object
    private int[] retainedCount; // per object
    private int[] preorder;      // reachable objects in DFS preorder: every dominator before what it dominates
    private final int reachableCount;
    /** Null when computed. */
    private final Columns source;
    private final long reachableBytes;
    private volatile int[][] children;

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
    Dominators(HeapGraph graph, EdgeFilter filter, Columns source, int reachableCount, long reachableBytes) {
        this.graph = graph;
        this.filter = filter;
        this.source = source;
        this.reachableCount = reachableCount;
        this.reachableBytes = reachableBytes;
    }

    /** Where stored dominators get their columns: values one by one at first, as {@link HeapGraph.ColumnSource}. */
    interface Columns {
        boolean has(String column);

        int[] ints(String column);

        long[] longs(String column);

        int intAt(String column, long i);

        long longAt(String column, long i);
    }

    private int sparseReads;

    private boolean sparse() {
        return sparseReads++ < HeapGraph.SPARSE_READS;
    }

    /** A stored section of ranked objects that sets its own length (not one value per object). */
    static final String LARGEST = "dominators.largest";

    /**
     * The objects that retain the most, largest first, as the index stored them (an analysis ranked
     * them when the index was written), or null when they were computed here or not stored.
     */
    public int[] storedLargest() {
        return source != null && source.has(LARGEST) ? source.ints(LARGEST) : null;
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

    private int idom(int o) {
        int[] a = idom;
        return a != null ? a[o] : sparse() ? source.intAt("dominators.idom", o) : idomColumn()[o];
    }

    // Each loader publishes a whole array (the release fence orders the copy before it); see HeapGraph.
    private synchronized int[] idomColumn() {
        if (idom == null) {
            int[] a = source.ints("dominators.idom");
            java.lang.invoke.VarHandle.releaseFence();
            idom = a;
        }
        return idom;
    }

    private synchronized long[] retainedSizeColumn() {
        if (retainedSize == null) {
            long[] a = source.longs("dominators.retainedSize");
            java.lang.invoke.VarHandle.releaseFence();
            retainedSize = a;
        }
        return retainedSize;
    }

    private synchronized int[] retainedCountColumn() {
        if (retainedCount == null) {
            int[] a = source.ints("dominators.retainedCount");
            java.lang.invoke.VarHandle.releaseFence();
            retainedCount = a;
        }
        return retainedCount;
    }

    private synchronized int[] preorderColumn() {
        if (preorder == null) {
            int[] a = source.ints("dominators.preorder");
            java.lang.invoke.VarHandle.releaseFence();
            preorder = a;
        }
        return preorder;
    }

    /** Dominators over every reference. */
    public static Dominators compute(HeapGraph graph) {
        return compute(graph, EdgeFilter.ALL);
    }

    /** Dominators over the references {@code filter} follows (GC roots always count). */
    public static Dominators compute(HeapGraph graph, EdgeFilter filter) {
        return new Computation(graph, filter == EdgeFilter.ALL ? null : filter).run(filter);
    }

    public HeapGraph graph() {
        return graph;
    }

    public EdgeFilter filter() {
        return filter;
    }

    /** The immediate dominator of {@code o}: an object, {@link #SUPER_ROOT} or {@link #UNREACHABLE}. */
    public int immediateDominator(int o) {
        return idom(o);
    }

    public boolean isReachable(int o) {
        return idom(o) != UNREACHABLE;
    }

    /** Sum of shallow sizes of {@code o}'s dominator subtree (itself included); 0 when unreachable. */
    public long retainedSize(int o) {
        long[] a = retainedSize;
        return a != null ? a[o] : sparse() ? source.longAt("dominators.retainedSize", o) : retainedSizeColumn()[o];
    }

    /** Objects in {@code o}'s dominator subtree (itself included); 0 when unreachable. */
    public int retainedCount(int o) {
        int[] a = retainedCount;
        return a != null ? a[o] : sparse() ? source.intAt("dominators.retainedCount", o) : retainedCountColumn()[o];
    }

    public int reachableCount() {
        return reachableCount;
    }

    public long reachableBytes() {
        return reachableBytes;
    }

    public int unreachableCount() {
        return graph.objectCount() - reachableCount;
    }

    public long unreachableBytes() {
        return graph.totalShallowSize() - reachableBytes;
    }

    /**
     * The {@code i}-th reachable object ({@code 0 <= i < reachableCount()}) in DFS preorder from the
     * super-root: every object comes after all of its dominators.
     */
    public int preorderObject(int i) {
        int[] a = preorder;
        return a != null ? a[i] : sparse() ? source.intAt("dominators.preorder", i) : preorderColumn()[i];
    }

    // ---- dominator tree children (built on first use)

    /** Children of {@code o} (or of the super-root when {@code o == SUPER_ROOT}) in the dominator tree are
     * {@code child(i)} for {@code childStart(o) <= i < childEnd(o)}, in preorder. */
    public int childStart(int o) {
        return children()[0][o == SUPER_ROOT ? graph.objectCount() : o];
    }

    public int childEnd(int o) {
        return children()[0][(o == SUPER_ROOT ? graph.objectCount() : o) + 1];
    }

    public int child(int i) {
        return children()[1][i];
    }

    private int[][] children() {
        int[][] c = children;
        if (c == null) {
            synchronized (this) {
                c = children;
                if (c == null) {
                    c = buildChildren();
                    children = c;
                }
            }
        }
        return c;
    }

    private int[][] buildChildren() {
        int n = graph.objectCount();
        int[] idom = idom();
        int[] preorder = this.preorder == null ? preorderColumn() : this.preorder;
        int[] start = new int[n + 2]; // slot n is the super-root
        for (int o : preorder) {
            int d = idom[o];
            start[(d == SUPER_ROOT ? n : d) + 1]++;
        }
        for (int i = 0; i <= n; i++) {
            start[i + 1] += start[i];
        }
        int[] next = Arrays.copyOf(start, n + 1);
        int[] kids = new int[preorder.length];
        for (int o : preorder) {
            int d = idom[o];
            kids[next[d == SUPER_ROOT ? n : d]++] = o;
        }
        return new int[][] {start, kids};
    }

    /**
     * One run of Semi-NCA. Vertices are preorder numbers (0 = super-root). Each step is its own small
     * method: the JIT compiles small hot loops better than one long method entered once.
     */
    private static final class Computation {
        private static final int ANCESTOR = 0; // link-eval forest, compressed in place
        private static final int LABEL = 1;
        private static final int SEMI = 2;
        private static final int IDOM = 3;     // the DFS parent until step 4

        private final HeapGraph g;
        private final EdgeFilter f; // null: follow all
        private final long[] weak;  // the weak references' bits when f is the graph's strong references: tested inline
        private final int objects;
        private int n;              // reachable objects
        private int[] num;          // object -> preorder number, 0 = not reached; later scratch by number
        private int[] vertex;       // number -> object
        private int[] parent;       // number -> DFS parent's number
        private long[] at;          // per object: predecessor count (from the DFS), then fill cursor
        private long[] predStart;   // number -> start of its predecessors in preds
        private IntPages preds;     // predecessors' numbers
        private int[] info;         // per number: ancestor, label, semi, idom

        Computation(HeapGraph g, EdgeFilter f) {
            this.g = g;
            this.f = f;
            this.weak = f instanceof HeapGraph.StrongReferences strong ? strong.weak : null;
            this.objects = g.objectCount();
        }

        Dominators run(EdgeFilter publicFilter) {
            if (objects > MAX_OBJECTS) {
                throw new UnsupportedOperationException("dominators of more than " + MAX_OBJECTS + " objects");
            }
            // 1 and 2a at once: the DFS on this thread, the predecessor counts on a second
            long[][] counts = new long[1][];
            Parallel.runUnchecked("heaplens-dominators", 2, k -> {
                if (k == 0) {
                    depthFirst();
                } else {
                    counts[0] = predecessorCounts();
                }
            });
            at = counts[0];
            predecessors();
            semidominators();
            int[] idom = immediateDominators();
            return results(idom, publicFilter);
        }

        /** 1. Iterative DFS from the super-root: preorder numbers, vertices and DFS parents. */
        private void depthFirst() {
            HeapGraph g = this.g;
            long[] weak = this.weak;
            EdgeFilter f = this.f;
            int[] num = new int[objects + 1];
            int[] vertex = new int[objects + 1];
            int[] parent = new int[objects + 1];
            int[] cursor = new int[objects + 1]; // number -> next outbound reference to try
            long[] seen = new long[(objects + 63) >>> 6]; // num[o] != 0 as bits: small enough to stay in cache
            vertex[0] = -1;
            int n = 0;
            for (int r = 0, roots = g.rootCount(); r < roots; r++) {
                int t = g.rootTarget(r);
                if ((seen[t >>> 6] & (1L << t)) != 0) {
                    continue;
                }
                seen[t >>> 6] |= 1L << t;
                num[t] = ++n;
                vertex[n] = t;
                int cur = n;
                while (cur != 0) {
                    int v = vertex[cur];
                    long start = g.outStart(v);
                    long end = g.outEnd(v);
                    long i = start + cursor[cur];
                    int next = -1;
                    for (; i < end; i++) {
                        int w = g.target(i);
                        if ((seen[w >>> 6] & (1L << w)) == 0
                                && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                            next = w;
                            break;
                        }
                    }
                    if (next < 0) {
                        cur = parent[cur];
                    } else {
                        cursor[cur] = (int) (i + 1 - start);
                        seen[next >>> 6] |= 1L << next;
                        num[next] = ++n;
                        vertex[n] = next;
                        parent[n] = cur;
                        cur = n;
                    }
                }
            }
            this.n = n;
            this.num = num;
            this.vertex = vertex;
            this.parent = parent;
        }

        /**
         * 2a. Per object, its predecessors: the followed references to it from other objects, and one
         * per GC root naming it. Made beside the DFS, which has not yet said which objects are
         * reachable, so references from unreachable objects are counted too; step 2b gives their
         * places vertex {@code n + 1}, which step 3 passes over (a linked vertex whose semi is larger
         * than any).
         */
        private long[] predecessorCounts() {
            HeapGraph g = this.g;
            long[] weak = this.weak;
            EdgeFilter f = this.f;
            long[] at = new long[objects];
            for (int v = 0; v < objects; v++) {
                for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                    int w = g.target(i);
                    if (w != v && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                        at[w]++;
                    }
                }
            }
            for (int r = 0, roots = g.rootCount(); r < roots; r++) {
                at[g.rootTarget(r)]++;
            }
            return at;
        }

        /**
         * 2b. Predecessor lists as preorder numbers (self-references skipped, super-root = 0, listed
         * first), laid out in preorder so step 3 streams them, from the counts of step 2a. Filling
         * reads the graph in object order through a per-object cursor, so the CSR streams and each
         * reference costs one random access; two threads fill, each for the targets in its half of
         * the objects (halves by predecessors), each target's list in the order one thread gives it.
         */
        private void predecessors() {
            HeapGraph g = this.g;
            int[] vertex = this.vertex;
            int n = this.n;
            long[] at = this.at;
            this.at = null;
            long[] predStart = new long[n + 2]; // x's run is [predStart[x], predStart[x + 1])
            for (int x = 1; x <= n; x++) {
                predStart[x + 1] = predStart[x] + at[vertex[x]];
            }
            long half = 0;
            int middle = 0; // the targets below it have about half the predecessors
            while (middle < objects && half < predStart[n + 1] / 2) {
                half += at[middle++];
            }
            for (int x = 1; x <= n; x++) {
                at[vertex[x]] = predStart[x + 1];
            }
            IntPages preds = new IntPages(predStart[n + 1], IntPages.DEFAULT_SHIFT);
            if (n < objects) {
                // unreachable objects' references were counted: their places, left unfilled, must be no-ops
                for (int[] page : preds.pages) {
                    Arrays.fill(page, n + 1);
                }
            }
            int split = middle;
            Parallel.runUnchecked("heaplens-dominators", 2, k -> fill(k == 0 ? 0 : split, k == 0 ? split : objects, at, preds));
            for (int r = 0, roots = g.rootCount(); r < roots; r++) {
                preds.set(--at[g.rootTarget(r)], 0);
            }
            this.predStart = predStart;
            this.preds = preds;
        }

        /** Fills the predecessors of the objects in {@code [from, to)}, from every reachable object. */
        private void fill(int from, int to, long[] at, IntPages preds) {
            HeapGraph g = this.g;
            long[] weak = this.weak;
            EdgeFilter f = this.f;
            int[] num = this.num;
            for (int v = 0; v < objects; v++) {
                int x = num[v];
                if (x == 0) {
                    continue;
                }
                for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                    int w = g.target(i);
                    if (w >= from && w < to && w != v
                            && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                        preds.set(--at[w], x);
                    }
                }
            }
        }

        /**
         * 3. Semidominators, vertices in reverse preorder (Semi-NCA's link-eval with path compression).
         * The fields link-eval touches together share one 16-byte record per vertex.
         */
        private void semidominators() {
            int n = this.n;
            int[] parent = this.parent;
            int[] info = new int[4 * (n + 2)]; // and vertex n + 1: places of predecessors no root reaches
            for (int x = 0, k = 0; x <= n; x++, k += 4) {
                info[k + ANCESTOR] = parent[x];
                info[k + LABEL] = x;
                info[k + SEMI] = x;
                info[k + IDOM] = parent[x];
            }
            // linked to the super-root, semi n + 1: as a predecessor it changes no vertex's semi
            info[4 * (n + 1) + LABEL] = n + 1;
            info[4 * (n + 1) + SEMI] = n + 1;
            this.parent = null;
            parent = null;
            int[] stack = num; // num is dead: reuse it as the eval stack
            long[] predStart = this.predStart;
            int[][] predPages = preds.pages;
            int predShift = preds.shift;
            int predMask = preds.mask;
            for (int w = n; w >= 1; w--) {
                int s = info[4 * w + IDOM]; // the DFS parent
                int lastLinked = w + 1;
                // s == 0 (the super-root, listed first for a GC root's target) cannot be beaten: stop early
                for (long i = predStart[w], end = predStart[w + 1]; i < end && s > 0; i++) {
                    int v = predPages[(int) (i >>> predShift)][(int) i & predMask];
                    if (v < w) {
                        // not linked yet: its label is itself and its semi its own number
                        if (v < s) {
                            s = v;
                        }
                        continue;
                    }
                    int u = info[4 * v + ANCESTOR] < lastLinked ? info[4 * v + LABEL] : eval(v, lastLinked, info, stack);
                    int su = info[4 * u + SEMI];
                    if (su < s) {
                        s = su;
                    }
                }
                info[4 * w + SEMI] = s;
            }
            this.predStart = null;
            this.preds = null;
            this.info = info;
        }

        /** Link-eval with path compression, iterative: the label of minimal semi on v's linked path. */
        private static int eval(int v, int lastLinked, int[] info, int[] stack) {
            int sp = 0;
            do {
                stack[sp++] = v;
                v = info[4 * v + ANCESTOR];
            } while (info[4 * v + ANCESTOR] >= lastLinked);
            int p = v;
            int pLabel = info[4 * p + LABEL];
            do {
                v = stack[--sp];
                info[4 * v + ANCESTOR] = info[4 * p + ANCESTOR];
                int vLabel = info[4 * v + LABEL];
                if (info[4 * pLabel + SEMI] < info[4 * vLabel + SEMI]) {
                    info[4 * v + LABEL] = pLabel;
                } else {
                    pLabel = vLabel;
                }
                p = v;
            } while (sp > 0);
            return info[4 * v + LABEL];
        }

        /** 4. Immediate dominators by number: the nearest ancestor of the DFS parent numbered at most semi. */
        private int[] immediateDominators() {
            int n = this.n;
            int[] info = this.info;
            int[] idom = num; // reuse again, now indexed by number
            num = null;
            idom[0] = 0;
            for (int w = 1; w <= n; w++) {
                int c = info[4 * w + IDOM];
                int s = info[4 * w + SEMI];
                while (c > s) {
                    c = idom[c];
                }
                idom[w] = c;
            }
            this.info = null;
            return idom;
        }

        /** 5. Per-object results; retained sizes accumulate in reverse preorder (children first). */
        private Dominators results(int[] idom, EdgeFilter publicFilter) {
            HeapGraph g = this.g;
            int n = this.n;
            int[] vertex = this.vertex;
            int[] idomObject = new int[objects];
            Arrays.fill(idomObject, UNREACHABLE);
            long[] size = new long[objects];
            int[] count = new int[objects];
            int[] preorder = Arrays.copyOfRange(vertex, 1, n + 1);
            long[] bytes = new long[2];
            int half = n / 2;
            // random writes, on two threads: numbers 1..half, then the rest
            Parallel.runUnchecked("heaplens-dominators", 2, k -> {
                long sum = 0;
                for (int x = k == 0 ? 1 : half + 1, end = k == 0 ? half : n; x <= end; x++) {
                    int o = vertex[x];
                    int d = idom[x];
                    idomObject[o] = d == 0 ? SUPER_ROOT : vertex[d];
                    long s = g.shallowSize(o);
                    size[o] = s;
                    count[o] = 1;
                    sum += s;
                }
                bytes[k] = sum;
            });
            long reachableBytes = bytes[0] + bytes[1];
            for (int x = n; x >= 1; x--) {
                int d = idom[x];
                if (d != 0) {
                    int o = vertex[x];
                    int dom = vertex[d];
                    size[dom] += size[o];
                    count[dom] += count[o];
                }
            }
            this.vertex = null;
            return new Dominators(g, publicFilter, idomObject, size, count, preorder, reachableBytes);
        }
    }
}
