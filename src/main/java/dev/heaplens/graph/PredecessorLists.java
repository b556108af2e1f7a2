package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * Step 2 of a {@link DominatorComputation}: per object, its predecessors (the followed references
 * to it, and one per GC root naming it) as preorder numbers. Their counts are made beside the
 * depth-first walk (2a), then the lists filled from them (2b) through a cursor per object: an
 * unsigned {@code int} when fewer than 2^32 places are listed (4 bytes an object less at the
 * computation's peak than a {@code long}), a {@code long} otherwise.
 */
final class PredecessorLists {
    private static final int STEP = 1 << 16;
    /** Places (references followed and roots) below which every cursor fits an unsigned int. */
    static final long NARROW_PLACES = 1L << 32;

    private final HeapGraph g;
    private final EdgeFilter f; // null: follow all
    private final long[] weak;  // the weak references' bits when f is the graph's strong references
    private final int objects;
    private final LongConsumer progress;
    private final boolean narrow;
    private long[] at;          // per object: predecessor count, then fill cursor
    private int[] narrowAt;     // the same, unsigned, in place of at when narrow

    /** The predecessor lists and where each vertex's starts. */
    record Lists(ReferenceOffsets predStart, IntPages preds) {
    }

    /** With {@code int} cursors when the graph's references and roots are fewer than {@code narrowPlaces}. */
    PredecessorLists(HeapGraph g, EdgeFilter f, long[] weak, long narrowPlaces, LongConsumer progress) {
        this.g = g;
        this.f = f;
        this.weak = weak;
        this.objects = (int) g.objectCount();
        this.progress = progress;
        this.narrow = g.referenceCount() + g.rootCount() < narrowPlaces;
    }

    /** 2a, on its own thread beside the walk. */
    void count() {
        if (narrow) {
            narrowAt = narrowCounts();
        } else {
            at = counts();
        }
    }

    /**
     * 2a. Per object, its predecessors: the followed references to it from other objects, and one
     * per GC root naming it. Made beside the DFS, which has not yet said which objects are
     * reachable, so references from unreachable objects are counted too; step 2b gives their
     * places vertex {@code n + 1}, which step 3 passes over (a linked vertex whose semi is larger
     * than any).
     */
    private long[] counts() {
        HeapGraph g = this.g;
        long[] weak = this.weak;
        EdgeFilter f = this.f;
        long[] at = new long[objects];
        for (int v = 0; v < objects; v++) {
            for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                int w = (int) g.target(i);
                if (w != v && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                    at[w]++;
                }
            }
        }
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            at[(int) g.rootTarget(r)]++;
        }
        return at;
    }

    /** As {@link #counts()}, unsigned 32-bit: no count reaches 2^32 when all places together do not. */
    private int[] narrowCounts() {
        HeapGraph g = this.g;
        long[] weak = this.weak;
        EdgeFilter f = this.f;
        int[] at = new int[objects];
        for (int v = 0; v < objects; v++) {
            for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                int w = (int) g.target(i);
                if (w != v && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                    at[w]++;
                }
            }
        }
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            at[(int) g.rootTarget(r)]++;
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
    Lists fill(int[] vertex, int n, int[] num) {
        HeapGraph g = this.g;
        long[] at = this.at;
        int[] narrowAt = this.narrowAt;
        this.at = null;
        this.narrowAt = null;
        long[] sum = new long[1];
        // x's run is [predStart(x), predStart(x + 1)): 0, 0, then each vertex's count added
        ReferenceOffsets predStart = ReferenceOffsets.of(n + 2,
                x -> x < 2 ? 0 : (sum[0] += count(at, narrowAt, vertex[(int) x - 1])));
        long total = sum[0];
        long half = 0;
        int middle = 0; // the targets below it have about half the predecessors
        while (middle < objects && half < total / 2) {
            half += count(at, narrowAt, middle++);
        }
        for (int x = 1; x <= n; x++) {
            if (narrowAt != null) {
                narrowAt[vertex[x]] = (int) predStart.get(x + 1);
            } else {
                at[vertex[x]] = predStart.get(x + 1);
            }
        }
        IntPages preds = new IntPages(total, IntPages.DEFAULT_SHIFT);
        if (n < objects) {
            // unreachable objects' references were counted: their places, left unfilled, must be no-ops
            for (int[] page : preds.pages) {
                Arrays.fill(page, n + 1);
            }
        }
        int split = middle;
        Parallel.runUnchecked("heaplens-dominators", 2, k -> {
            if (narrowAt != null) {
                fill(k == 0 ? 0 : split, k == 0 ? split : objects, num, narrowAt, preds);
            } else {
                fill(k == 0 ? 0 : split, k == 0 ? split : objects, num, at, preds);
            }
        });
        for (int r = 0, roots = g.rootCount(); r < roots; r++) {
            int t = (int) g.rootTarget(r);
            preds.set(narrowAt != null ? Integer.toUnsignedLong(--narrowAt[t]) : --at[t], 0);
        }
        return new Lists(predStart, preds);
    }

    /** Fills the predecessors of the objects in {@code [from, to)}, from every reachable object. */
    private void fill(int from, int to, int[] num, long[] at, IntPages preds) {
        HeapGraph g = this.g;
        long[] weak = this.weak;
        EdgeFilter f = this.f;
        boolean counts = from == 0; // one of the two threads tells how far they are
        for (int v = 0; v < objects; v++) {
            if (counts && (v & (STEP - 1)) == 0) {
                progress.accept((long) objects + v);
            }
            int x = num[v];
            if (x == 0) {
                continue;
            }
            for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                int w = (int) g.target(i);
                if (w >= from && w < to && w != v
                        && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                    preds.set(--at[w], x);
                }
            }
        }
    }

    /** As {@link #fill(int, int, int[], long[], IntPages)}, with unsigned 32-bit cursors. */
    private void fill(int from, int to, int[] num, int[] at, IntPages preds) {
        HeapGraph g = this.g;
        long[] weak = this.weak;
        EdgeFilter f = this.f;
        boolean counts = from == 0;
        for (int v = 0; v < objects; v++) {
            if (counts && (v & (STEP - 1)) == 0) {
                progress.accept((long) objects + v);
            }
            int x = num[v];
            if (x == 0) {
                continue;
            }
            for (long i = g.outStart(v), end = g.outEnd(v); i < end; i++) {
                int w = (int) g.target(i);
                if (w >= from && w < to && w != v
                        && (weak == null ? f == null || f.follow(v, i, w) : (weak[(int) (i >>> 6)] & (1L << i)) == 0)) {
                    preds.set(Integer.toUnsignedLong(--at[w]), x);
                }
            }
        }
    }

    /** An object's predecessor count, from whichever cursors are in use. */
    private static long count(long[] at, int[] narrowAt, int o) {
        return narrowAt != null ? Integer.toUnsignedLong(narrowAt[o]) : at[o];
    }
}
