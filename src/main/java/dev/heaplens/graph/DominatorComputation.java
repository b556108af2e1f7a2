package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.Arrays;

/**
 * One run of Semi-NCA, giving a {@link Dominators} (whose comment describes the algorithm and its
 * memory). Vertices are preorder numbers (0 = super-root). Each step is its own small
 * method: the JIT compiles small hot loops better than one long method entered once.
 */
final class DominatorComputation {
    private static final int ANCESTOR = 0; // link-eval forest, compressed in place
    private static final int LABEL = 1;
    private static final int SEMI = 2;
    /** Ints a vertex record takes: the DFS parent is not among them (it stays in {@link #parent}, which becomes idom). */
    private static final int RECORD = 3;

    private final HeapGraph g;
    private final EdgeFilter f; // null: follow all
    private final long[] weak;  // the weak references' bits when f is the graph's strong references: tested inline
    private final int objects;
    private int n;              // reachable objects
    private int[] num;          // object -> preorder number, 0 = not reached; freed after step 2b
    private int[] vertex;       // number -> object
    private int[] parent;       // number -> DFS parent's number; step 4 turns it into the immediate dominators in place
    private ReferenceOffsets predStart; // number -> start of its predecessors in preds
    private IntPages preds;     // predecessors' numbers
    private int[][] info;       // per number: ancestor, label, semi; in pages of 2^vertexShift numbers
    private int[] stack = new int[1 << 10]; // link-eval's path, grown when a path is longer (rarely, after compression)
    private final int vertexShift;
    private final long narrowPlaces;
    /** How far the computation is, for progress: written every {@link #STEP} objects, so the hot loops stay hot. */
    private volatile long handled;
    private static final int STEP = 1 << 16;

    /** Vertex records per page of {@link #info}: 2^28, so a page is 3 * 2^28 ints, within Java's array limit. */
    static final int VERTEX_SHIFT = 28;

    DominatorComputation(HeapGraph g, EdgeFilter f) {
        this(g, f, VERTEX_SHIFT);
    }

    /** With pages of {@code 2^vertexShift} vertex records (small in tests, to cross many pages). */
    DominatorComputation(HeapGraph g, EdgeFilter f, int vertexShift) {
        this(g, f, vertexShift, PredecessorLists.NARROW_PLACES);
    }

    /** With 32-bit fill cursors only below {@code narrowPlaces} predecessor places (0 in tests: the 64-bit ones). */
    DominatorComputation(HeapGraph g, EdgeFilter f, int vertexShift, long narrowPlaces) {
        if (vertexShift < 0 || vertexShift > VERTEX_SHIFT) {
            throw new IllegalArgumentException("vertex shift " + vertexShift);
        }
        this.vertexShift = vertexShift;
        this.g = g;
        this.f = f;
        this.weak = f instanceof StrongReferences strong ? strong.weak : null;
        this.objects = (int) g.objectCount();
        this.narrowPlaces = narrowPlaces;
    }

    Dominators run(EdgeFilter publicFilter, Phases phases) {
        // three passes counted: the depth-first walk, the predecessor lists, the semidominators
        phases.enter("dominators", 3L * objects, () -> handled);
        // 1 and 2a at once: the DFS on this thread, the predecessor counts on a second
        PredecessorLists lists = new PredecessorLists(g, f, weak, narrowPlaces, v -> handled = v);
        Parallel.runUnchecked("heaplens-dominators", 2, k -> {
            if (k == 0) {
                depthFirst();
            } else {
                lists.count();
            }
        });
        keep(lists.fill(vertex, n, num)); // no local holds them: step 3 frees them before step 5's arrays
        semidominators();
        int[] idom = immediateDominators();
        handled = 0;
        phases.enter("retained sizes", 2L * n, () -> handled);
        return results(idom, publicFilter);
    }

    /** 2b's lists, for step 3. */
    private void keep(PredecessorLists.Lists filled) {
        predStart = filled.predStart();
        preds = filled.preds();
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
            int t = (int) g.rootTarget(r);
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
                    int w = (int) g.target(i);
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
                    if ((n & (STEP - 1)) == 0) {
                        handled = n;
                    }
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
     * 3. Semidominators, vertices in reverse preorder (Semi-NCA's link-eval with path compression).
     * The fields link-eval touches together share one 12-byte record per vertex, in pages of
     * {@code 2^vertexShift} records so that more than 2^29 vertices fit (a record never straddles two).
     * The DFS parent, read once per vertex in order, stays in its own array: 4 bytes less at the peak.
     */
    private void semidominators() {
        int n = this.n;
        int[] parent = this.parent;
        int shift = vertexShift;
        int mask = (1 << shift) - 1;
        num = null; // dead since step 2b: freed before the records, the computation's peak
        int[][] info = infoPages(n + 2); // and vertex n + 1: places of predecessors no root reaches
        for (int x = 0; x <= n; x++) {
            int[] r = info[x >>> shift];
            int k = (x & mask) * RECORD;
            r[k + ANCESTOR] = parent[x];
            r[k + LABEL] = x;
            r[k + SEMI] = x;
        }
        // linked to the super-root, semi n + 1: as a predecessor it changes no vertex's semi
        int[] last = info[(n + 1) >>> shift];
        last[((n + 1) & mask) * RECORD + LABEL] = n + 1;
        last[((n + 1) & mask) * RECORD + SEMI] = n + 1;
        ReferenceOffsets predStart = this.predStart;
        int[][] predPages = preds.pages;
        int predShift = preds.shift;
        int predMask = preds.mask;
        long walked = 2L * objects; // the walk and the predecessor lists are done
        for (int w = n; w >= 1; w--) {
            if ((w & (STEP - 1)) == 0) {
                handled = walked + n - w;
            }
            int[] wr = info[w >>> shift];
            int wk = (w & mask) * RECORD;
            int s = parent[w];
            int lastLinked = w + 1;
            // s == 0 (the super-root, listed first for a GC root's target) cannot be beaten: stop early
            for (long i = predStart.get(w), end = predStart.get(w + 1); i < end && s > 0; i++) {
                int v = predPages[(int) (i >>> predShift)][(int) i & predMask];
                if (v < w) {
                    // not linked yet: its label is itself and its semi its own number
                    if (v < s) {
                        s = v;
                    }
                    continue;
                }
                int[] vr = info[v >>> shift];
                int vk = (v & mask) * RECORD;
                int u = vr[vk + ANCESTOR] < lastLinked ? vr[vk + LABEL] : eval(v, lastLinked, info, shift);
                int su = info[u >>> shift][(u & mask) * RECORD + SEMI];
                if (su < s) {
                    s = su;
                }
            }
            wr[wk + SEMI] = s;
        }
        this.predStart = null;
        this.preds = null;
        this.info = info;
    }

    /** Pages of {@link #RECORD}-int vertex records for {@code vertices} vertices. */
    private int[][] infoPages(int vertices) {
        int perPage = 1 << vertexShift;
        int pages = (int) (((long) vertices + perPage - 1) >>> vertexShift);
        int[][] info = new int[pages][];
        for (int p = 0; p < pages; p++) {
            info[p] = new int[RECORD * (int) Math.min(perPage, vertices - ((long) p << vertexShift))];
        }
        return info;
    }

    /** Link-eval with path compression, iterative: the label of minimal semi on v's linked path. */
    private int eval(int v, int lastLinked, int[][] info, int shift) {
        int mask = (1 << shift) - 1;
        int[] stack = this.stack;
        int sp = 0;
        do {
            if (sp == stack.length) {
                stack = Arrays.copyOf(stack, 2 * stack.length);
                this.stack = stack;
            }
            stack[sp++] = v;
            v = info[v >>> shift][(v & mask) * RECORD + ANCESTOR];
        } while (info[v >>> shift][(v & mask) * RECORD + ANCESTOR] >= lastLinked);
        int p = v;
        int[] pr = info[p >>> shift];
        int pLabel = pr[(p & mask) * RECORD + LABEL];
        do {
            v = stack[--sp];
            int[] vr = info[v >>> shift];
            int vk = (v & mask) * RECORD;
            vr[vk + ANCESTOR] = pr[(p & mask) * RECORD + ANCESTOR];
            int vLabel = vr[vk + LABEL];
            if (info[pLabel >>> shift][(pLabel & mask) * RECORD + SEMI] < info[vLabel >>> shift][(vLabel & mask) * RECORD + SEMI]) {
                vr[vk + LABEL] = pLabel;
            } else {
                pLabel = vLabel;
            }
            p = v;
            pr = vr;
        } while (sp > 0);
        return pr[(p & mask) * RECORD + LABEL];
    }

    /**
     * 4. Immediate dominators by number: the nearest ancestor of the DFS parent numbered at most semi,
     * written over the parents in preorder (an ancestor's entry is final before its descendants').
     */
    private int[] immediateDominators() {
        int n = this.n;
        int[][] info = this.info;
        int shift = vertexShift;
        int mask = (1 << shift) - 1;
        int[] idom = parent; // idom[0] = parent[0] = 0
        this.parent = null;
        for (int w = 1; w <= n; w++) {
            int c = idom[w];
            int s = info[w >>> shift][(w & mask) * RECORD + SEMI];
            while (c > s) {
                c = idom[c];
            }
            idom[w] = c;
        }
        this.info = null;
        this.stack = null;
        return idom;
    }

    /** 5. Per-object results; retained sizes accumulate in reverse preorder (children first). */
    private Dominators results(int[] idom, EdgeFilter publicFilter) {
        HeapGraph g = this.g;
        int n = this.n;
        int[] vertex = this.vertex;
        int[] idomObject = new int[objects];
        Arrays.fill(idomObject, Dominators.UNREACHABLE);
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
                idomObject[o] = d == 0 ? Dominators.SUPER_ROOT : vertex[d];
                long s = g.shallowSize(o);
                size[o] = s;
                count[o] = 1;
                sum += s;
            }
            bytes[k] = sum;
        });
        long reachableBytes = bytes[0] + bytes[1];
        handled = n;
        for (int x = n; x >= 1; x--) {
            if ((x & (STEP - 1)) == 0) {
                handled = 2L * n - x;
            }
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
