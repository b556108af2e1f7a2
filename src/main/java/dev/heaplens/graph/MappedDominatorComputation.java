package dev.heaplens.graph;

import dev.heaplens.HeaplensException;
import dev.heaplens.util.Parallel;

import java.util.function.LongPredicate;

/**
 * One run of Semi-NCA, giving a {@link Dominators} (whose comment describes the algorithm and its
 * memory). Vertices are preorder numbers (0 = super-root). Each step is its own small
 * method: the JIT compiles small hot loops better than one long method entered once.
 * <p>
 * The same steps as {@link DominatorComputation}, over scratch arrays mapped from files beside the
 * index, for a first read that works out of core. Why two classes: behind the scratch arrays' calls
 * and long indexes the in-heap computation took 15% more CPU of a first {@code top} (300 MB HPROF,
 * quiet, 3 pairs), so the in-heap one keeps its plain arrays. Both are checked against brute force
 * ({@code DominatorsOracleTest}).
 */
final class MappedDominatorComputation {
    private static final int ANCESTOR = 0; // link-eval forest, compressed in place
    private static final int LABEL = 1;
    private static final int SEMI = 2;
    private static final int IDOM = 3;     // the DFS parent until step 4

    private final HeapGraph g;
    private final EdgeFilter f; // null: follow all
    private final long[] weak;  // the weak references' bits when f is the graph's strong references: tested inline
    private final long objects;
    /** Ids and preorder numbers in 8 bytes: past what an int numbers ({@link MappedIds#wide}). */
    private final boolean wide;
    private long n;             // reachable objects
    private final Scratch scratch;
    private MappedIds num;      // object -> preorder number, 0 = not reached; freed after step 2b
    private MappedIds vertex;   // number -> object
    private MappedIds parent;   // number -> DFS parent's number, until step 3 copies them into the records
    private MappedLongs at;     // per object: predecessor count (from the DFS), then fill cursor
    private MappedInts predCount; // number -> how many predecessors it has in preds (unsigned): 4 B, not a start's 8
    private long predTotal;       // their sum: where the last number's run ends
    private MappedIds preds;    // predecessors' numbers
    private MappedIds info;     // per number, 4 numbers: ancestor, label, semi, idom
    /** How far the computation is, for progress: written every {@link #STEP} objects, so the hot loops stay hot. */
    private volatile long handled;
    private static final int STEP = 1 << 16;
    /**
     * The results' bytes an object (idom, retained size and count: 16; preorder: 4 a reachable one),
     * and what the heap must keep beyond them for {@code top} and the index write.
     */
    static final long RESULT_BYTES_PER_OBJECT = 20;
    static final long RESULT_HEAP_MARGIN = 8L << 20;
    private final LongPredicate heapHas;

    MappedDominatorComputation(HeapGraph g, EdgeFilter f, Scratch scratch) {
        this(g, f, scratch, HeapRoom::has);
    }

    /** @param heapHas whether the heap can take big arrays of so many bytes (tests choose the results' place with it) */
    MappedDominatorComputation(HeapGraph g, EdgeFilter f, Scratch scratch, LongPredicate heapHas) {
        this.heapHas = heapHas;
        this.scratch = scratch;
        this.g = g;
        this.f = f;
        this.weak = f instanceof StrongReferences strong ? strong.weak : null;
        this.objects = g.objectCount();
        this.wide = MappedIds.wide(objects);
    }

    Dominators run(EdgeFilter publicFilter, Phases phases) {
        // three passes counted: the depth-first walk, the predecessor lists, the semidominators
        phases.enter("dominators", 3L * objects, () -> handled);
        // 1 and 2a at once: the DFS on this thread, the predecessor counts on a second
        MappedLongs[] counts = new MappedLongs[1];
        Parallel.runUnchecked("heaplens-dominators", 2, k -> {
            if (k == 0) {
                depthFirst();
            } else {
                counts[0] = predecessorCounts();
            }
        });
        at = counts[0];
        predecessors();
        MappedIds idom = immediateDominators(semidominators());
        MappedDominatorResults results = new MappedDominatorResults(g, n, vertex, scratch);
        phases.enter("retained sizes", 2L * n, results::handled);
        long need = RESULT_BYTES_PER_OBJECT * objects;
        // in the heap only where Java arrays number every object (and the heap has room)
        Dominators d = !wide && heapHas.test(need + RESULT_HEAP_MARGIN) ? results.inHeap(idom, publicFilter)
                : results.mapped(idom, publicFilter);
        scratch.release(vertex); // the last of the computation's own scratch
        scratch.release(idom);
        vertex = null;
        return d;
    }

    /** 1. Iterative DFS from the super-root: preorder numbers, vertices and DFS parents. */
    private void depthFirst() {
        HeapGraph g = this.g;
        long[] weak = this.weak;
        EdgeFilter f = this.f;
        MappedIds num = scratch.ids(objects + 1, wide);
        MappedIds vertex = scratch.ids(objects + 1, wide);
        MappedIds parent = scratch.ids(objects + 1, wide);
        MappedInts cursor = scratch.ints(objects + 1); // number -> next outbound reference to try (within the object's)
        long[] seen = new long[(int) ((objects + 63) >>> 6)]; // num[o] != 0 as bits: small enough to stay in cache
        vertex.set(0, -1);
        long n = 0;
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            long t = g.rootTarget(r);
            if ((seen[(int) (t >>> 6)] & (1L << t)) != 0) {
                continue;
            }
            seen[(int) (t >>> 6)] |= 1L << t;
            num.set(t, ++n);
            vertex.set(n, t);
            long cur = n;
            while (cur != 0) {
                long v = vertex.get(cur);
                long start = g.outStart(v);
                long end = g.outEnd(v);
                long i = start + cursor.get(cur);
                long next = -1;
                for (; i < end; i++) {
                    long w = g.target(i);
                    if ((seen[(int) (w >>> 6)] & (1L << w)) == 0
                            && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                        next = w;
                        break;
                    }
                }
                if (next < 0) {
                    cur = parent.get(cur);
                } else {
                    cursor.set(cur, (int) (i + 1 - start));
                    seen[(int) (next >>> 6)] |= 1L << next;
                    num.set(next, ++n);
                    vertex.set(n, next);
                    parent.set(n, cur);
                    if ((n & (STEP - 1)) == 0) {
                        handled = n;
                    }
                    cur = n;
                }
            }
        }
        scratch.release(cursor); // each scratch file's disk is given back as its step ends: the scratch's peak
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
    private MappedLongs predecessorCounts() {
        HeapGraph g = this.g;
        long[] weak = this.weak;
        EdgeFilter f = this.f;
        MappedLongs at = scratch.longs(objects);
        OutboundStream out = new OutboundStream(g);
        for (long v = 0; v < objects; v++) {
            for (long i = out.start(v), end = out.end(v); i < end; i++) {
                long w = out.target(i);
                if (w != v && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                    at.set(w, at.get(w) + 1);
                }
            }
        }
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            long t = g.rootTarget(r);
            at.set(t, at.get(t) + 1);
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
        MappedIds vertex = this.vertex;
        long n = this.n;
        MappedLongs at = this.at;
        this.at = null;
        MappedInts predCount = scratch.ints(n + 1); // x's run ends where x + 1's starts: the counts place them
        long total = 0;
        for (long x = 1; x <= n; x++) {
            long c = at.get(vertex.get(x));
            if (c >>> 32 != 0) {
                throw new HeaplensException("an object referenced over 2^32 - 1 times cannot be worked out of core");
            }
            total += c;
            predCount.set(x, (int) c);
        }
        long half = 0;
        long middle = 0; // the targets below it have about half the predecessors
        while (middle < objects && half < total / 2) {
            half += at.get(middle++);
        }
        long runEnd = 0;
        for (long x = 1; x <= n; x++) {
            runEnd += Integer.toUnsignedLong(predCount.get(x));
            at.set(vertex.get(x), runEnd);
        }
        MappedIds preds = scratch.ids(total, wide);
        if (n < objects) {
            // unreachable objects' references were counted: their places, left unfilled, must be no-ops
            preds.fill(n + 1);
        }
        long split = middle;
        Parallel.runUnchecked("heaplens-dominators", 2, k -> fill(k == 0 ? 0 : split, k == 0 ? split : objects, at, preds));
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            long t = g.rootTarget(r);
            long place = at.get(t) - 1;
            at.set(t, place);
            preds.set(place, 0);
        }
        scratch.release(at);
        scratch.release(num); // dead from here on
        num = null;
        this.predCount = predCount;
        this.predTotal = total;
        this.preds = preds;
    }

    /** Fills the predecessors of the objects in {@code [from, to)}, from every reachable object. */
    private void fill(long from, long to, MappedLongs at, MappedIds preds) {
        HeapGraph g = this.g;
        long[] weak = this.weak;
        EdgeFilter f = this.f;
        MappedIds num = this.num;
        boolean counts = from == 0; // one of the two threads tells how far they are
        OutboundStream out = new OutboundStream(g);
        long[] numbers = new long[STEP]; // num streamed a run at a time, as the references are
        int[] narrowNumbers = new int[STEP];
        for (long v = 0; v < objects; v++) {
            if ((v & (STEP - 1)) == 0) {
                num.copy(v, numbers, (int) Math.min(STEP, objects - v), narrowNumbers);
                if (counts) {
                    handled = objects + v;
                }
            }
            long x = numbers[(int) v & (STEP - 1)];
            if (x == 0) {
                continue;
            }
            for (long i = out.start(v), end = out.end(v); i < end; i++) {
                long w = out.target(i);
                if (w >= from && w < to && w != v
                        && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                    long place = at.get(w) - 1;
                    at.set(w, place);
                    preds.set(place, x);
                }
            }
        }
    }

    /**
     * 3. Semidominators, vertices in reverse preorder (Semi-NCA's link-eval with path compression).
     * The fields link-eval touches together share one record of four numbers per vertex (a record never
     * straddles two pages: they hold a power of two of numbers).
     */
    private MappedIds semidominators() {
        long n = this.n;
        MappedIds parent = this.parent;
        MappedIds info = scratch.ids(4 * (n + 2), wide); // and vertex n + 1: places of predecessors no root reaches
        for (long x = 0; x <= n; x++) {
            long k = x << 2;
            long p = parent.get(x);
            info.set(k + ANCESTOR, p);
            info.set(k + LABEL, x);
            info.set(k + SEMI, x);
            info.set(k + IDOM, p);
        }
        // linked to the super-root, semi n + 1: as a predecessor it changes no vertex's semi
        info.set(((n + 1) << 2) + LABEL, n + 1);
        info.set(((n + 1) << 2) + SEMI, n + 1);
        scratch.release(parent); // in the records now
        this.parent = null;
        // the eval stack: a new sparse file, so it takes disk only as deep as eval goes (step 4 fills it as idom)
        MappedIds stack = scratch.ids(n + 1, wide);
        MappedInts predCount = this.predCount;
        MappedIds preds = this.preds;
        long walked = 2 * objects; // the walk and the predecessor lists are done
        long end = predTotal;
        for (long w = n; w >= 1; w--) {
            if ((w & (STEP - 1)) == 0) {
                handled = walked + n - w;
            }
            long wk = w << 2;
            long s = info.get(wk + IDOM); // the DFS parent
            long lastLinked = w + 1;
            long start = end - Integer.toUnsignedLong(predCount.get(w));
            // s == 0 (the super-root, listed first for a GC root's target) cannot be beaten: stop early
            for (long i = start; i < end && s > 0; i++) {
                long v = preds.get(i);
                if (v < w) {
                    // not linked yet: its label is itself and its semi its own number
                    if (v < s) {
                        s = v;
                    }
                    continue;
                }
                long vk = v << 2;
                long u = info.get(vk + ANCESTOR) < lastLinked ? info.get(vk + LABEL) : eval(v, lastLinked, info, stack);
                long su = info.get((u << 2) + SEMI);
                if (su < s) {
                    s = su;
                }
            }
            info.set(wk + SEMI, s);
            end = start;
        }
        scratch.release(predCount);
        scratch.release(preds);
        this.predCount = null;
        this.preds = null;
        this.info = info;
        return stack;
    }

    /** Link-eval with path compression, iterative: the label of minimal semi on v's linked path. */
    private static long eval(long v, long lastLinked, MappedIds info, MappedIds stack) {
        long sp = 0;
        do {
            stack.set(sp++, v);
            v = info.get((v << 2) + ANCESTOR);
        } while (info.get((v << 2) + ANCESTOR) >= lastLinked);
        long pk = v << 2;
        long pLabel = info.get(pk + LABEL);
        do {
            v = stack.get(--sp);
            long vk = v << 2;
            info.set(vk + ANCESTOR, info.get(pk + ANCESTOR));
            long vLabel = info.get(vk + LABEL);
            if (info.get((pLabel << 2) + SEMI) < info.get((vLabel << 2) + SEMI)) {
                info.set(vk + LABEL, pLabel);
            } else {
                pLabel = vLabel;
            }
            pk = vk;
        } while (sp > 0);
        return info.get(pk + LABEL);
    }

    /**
     * 4. Immediate dominators by number: the nearest ancestor of the DFS parent numbered at most
     * semi. Written over the eval stack, dead since step 3.
     */
    private MappedIds immediateDominators(MappedIds stack) {
        long n = this.n;
        MappedIds info = this.info;
        MappedIds idom = stack;
        idom.set(0, 0);
        for (long w = 1; w <= n; w++) {
            long wk = w << 2;
            long c = info.get(wk + IDOM);
            long s = info.get(wk + SEMI);
            while (c > s) {
                c = idom.get(c);
            }
            idom.set(w, c);
        }
        scratch.release(info);
        this.info = null;
        return idom;
    }
}
