package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The traversals behind {@link RetainedSet#precise(HeapGraph, EdgeFilter, IdCells, int, Scratch)}: each makes
 * up to {@link RetainedSet#GROUPS_PER_PASS} groups exact by passing a bit per group from the roots
 * to every object some path reaches without crossing a member of that group.
 *
 * <p>With at least as many batches as cores, each batch is one thread's traversal. With fewer
 * (leaks shows ten groups: one batch), each traversal is shared by up to {@link #MOST_SHARING}
 * threads: each takes roots in turn and keeps its own bits (an int per object a thread: {@link IdCells},
 * mapped out of core, where a traversal is never shared, so that one column of bits is mapped), and does
 * not pass on a bit that another thread already holds at an object, since that thread passes it
 * on from there. The bits only grow, so reading another thread's array without locks can only
 * make a thread do work it could have skipped, never miss any: an object's bits in the end are
 * the union of all threads' bits.
 */
final class GroupTraversals {
    private static final int REACHED = 1 << RetainedSet.GROUPS_PER_PASS;
    /** Threads one traversal is shared among: each costs an int per object. */
    static final int MOST_SHARING = 4;

    private GroupTraversals() {
    }

    /**
     * {@code groupOf}: each object's group, or any value outside {@code [0, groups)}; the bits are kept
     * in {@code scratch} (out of core: one traversal at a time, one thread each, so that a column is mapped).
     */
    static RetainedSet[] run(HeapGraph graph, EdgeFilter filter, IdCells groupOf, int groups, int cores, Scratch scratch) {
        RetainedSet[] result = new RetainedSet[groups];
        int passes = (groups + RetainedSet.GROUPS_PER_PASS - 1) / RetainedSet.GROUPS_PER_PASS;
        EdgeFilter followed = filter == EdgeFilter.ALL ? null : filter;
        if (scratch.isMapped()) {
            for (int pass = 0; pass < passes; pass++) {
                batch(graph, followed, groupOf, pass, groups, result, 1, scratch);
            }
            return result;
        }
        if (passes < cores) {
            for (int pass = 0; pass < passes; pass++) {
                batch(graph, followed, groupOf, pass, groups, result, Math.min(cores, MOST_SHARING), scratch);
            }
            return result;
        }
        Parallel.inTurnUnchecked("heaplens-retained", cores, passes,
                pass -> batch(graph, followed, groupOf, pass, groups, result, 1, scratch));
        return result;
    }

    /** Makes pass {@code pass}'s groups exact in one traversal on {@code threads} threads; {@code filter} null follows all. */
    private static void batch(HeapGraph g, EdgeFilter filter, IdCells groupOf, int pass, int groups,
                              RetainedSet[] result, int threads, Scratch scratch) {
        int first = pass * RetainedSet.GROUPS_PER_PASS;
        int end = Math.min(groups, first + RetainedSet.GROUPS_PER_PASS);
        long n = g.objectCount();
        IdCells[] bits = new IdCells[threads]; // per thread: groups whose members some path to the object avoids
        for (int t = 0; t < threads; t++) {
            bits[t] = scratch.idCellsWhereRoom(n, n);
        }
        try {
            batch(g, filter, groupOf, first, end, result, bits);
        } finally {
            for (IdCells b : bits) {
                scratch.release(b);
            }
        }
    }

    private static void batch(HeapGraph g, EdgeFilter filter, IdCells groupOf, int first, int end, RetainedSet[] result,
                              IdCells[] bits) {
        int threads = bits.length;
        long n = g.objectCount();
        long[][] kept = new long[threads][];
        Shared shared = new Shared(threads);
        Parallel.runUnchecked("heaplens-retained", threads, t -> {
            boolean ended = false;
            try {
                new Walker(g, filter, groupOf, first, end, bits, shared, t).run();
                ended = true;
            } finally {
                if (!ended) {
                    shared.abandon();
                }
            }
        });
        Parallel.runUnchecked("heaplens-retained", threads, t ->
                kept[t] = count(g, bits, first, end, n * t / threads, n * (t + 1) / threads));
        int k = end - first;
        long[] sum = new long[2 * k + 2];
        for (long[] part : kept) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += part[i];
            }
        }
        long reachedCount = sum[2 * k];
        long reachedBytes = sum[2 * k + 1];
        for (int i = 0; i < k; i++) {
            result[first + i] = new RetainedSet(reachedCount - sum[i], reachedBytes - sum[k + i]);
        }
    }

    /**
     * One thread's part of a shared traversal: it takes the next root not yet taken, and when none
     * is left, work another thread put aside for it (a busy thread gives away the older half of
     * its stack when some thread waits): one root often reaches most of the heap.
     */
    private static final class Walker {
        private static final int CHECK_EVERY = 256;
        private final HeapGraph g;
        private final EdgeFilter filter;
        private final IdCells groupOf;
        private final int first;
        private final int end;
        private final IdCells[] bits;
        private final Shared shared;
        private final IdCells mine;
        private final int t;
        private long[] stack = new long[1024];
        private int sp;

        Walker(HeapGraph g, EdgeFilter filter, IdCells groupOf, int first, int end, IdCells[] bits, Shared shared, int t) {
            this.g = g;
            this.filter = filter;
            this.groupOf = groupOf;
            this.first = first;
            this.end = end;
            this.bits = bits;
            this.shared = shared;
            this.mine = bits[t];
            this.t = t;
        }

        void run() {
            int all = REACHED | ((1 << (end - first)) - 1);
            for (int r; (r = shared.nextRoot.getAndIncrement()) < g.rootCount(); ) {
                long target = g.rootTarget(r);
                int gained = withoutOthers(target, all & ~memberBit(groupOf, target, first, end) & ~bitsAt(mine, target));
                if (gained != 0) {
                    mine.set(target, bitsAt(mine, target) | gained);
                    push(target);
                    drain();
                }
            }
            for (long[] given; (given = shared.await()) != null; ) {
                for (int i = 0; i < given.length; i += 2) {
                    // Pushed whatever this thread holds at the object: the giver, maybe this
                    // thread, holds the bits and counts on whoever takes them to pass them on.
                    long v = given[i];
                    mine.set(v, bitsAt(mine, v) | (int) given[i + 1]);
                    push(v);
                }
                drain();
            }
        }

        private void drain() {
            int steps = 0;
            while (sp > 0) {
                if (++steps == CHECK_EVERY) {
                    steps = 0;
                    if (sp > 1 && shared.wantsWork()) {
                        giveAway();
                    }
                }
                long v = stack[--sp];
                int have = bitsAt(mine, v);
                for (long i = g.outStart(v), stop = g.outEnd(v); i < stop; i++) {
                    long w = g.target(i);
                    int held = bitsAt(mine, w);
                    int add = have & ~held;
                    if (add == 0) {
                        continue;
                    }
                    add = withoutOthers(w, add & ~memberBit(groupOf, w, first, end));
                    if (add == 0 || (filter != null && !filter.follow(v, i, w))) {
                        continue;
                    }
                    mine.set(w, held | add);
                    push(w);
                }
            }
        }

        /** The older half of the stack, each object with the bits to pass on from it, to a waiting thread. */
        private void giveAway() {
            int half = sp / 2;
            long[] given = new long[2 * half];
            for (int i = 0; i < half; i++) {
                long v = stack[i];
                given[2 * i] = v;
                given[2 * i + 1] = bitsAt(mine, v);
            }
            System.arraycopy(stack, half, stack, 0, sp - half);
            sp -= half;
            shared.give(given);
        }

        private void push(long v) {
            if (sp == stack.length) {
                stack = Arrays.copyOf(stack, sp * 2);
            }
            stack[sp++] = v;
        }

        /** {@code add} less the bits other threads already hold at {@code o} (they pass those on from it). */
        private int withoutOthers(long o, int add) {
            for (int u = 0; u < bits.length && add != 0; u++) {
                if (u != t) {
                    add &= ~bitsAt(bits[u], o);
                }
            }
            return add;
        }
    }

    /** What the threads of one traversal share: the next root, and work given away. */
    private static final class Shared {
        final AtomicInteger nextRoot = new AtomicInteger();
        private final AtomicInteger waiting = new AtomicInteger();
        /**
         * Some thread found no work left and every thread waiting, or a thread failed: no one
         * will take work given away.
         */
        private volatile boolean over;
        private final ConcurrentLinkedQueue<long[]> given = new ConcurrentLinkedQueue<>();
        private final int threads;

        Shared(int threads) {
            this.threads = threads;
        }

        /** Whether a thread waits for work and none is queued for it. */
        boolean wantsWork() {
            return waiting.get() > 0 && !over && given.isEmpty();
        }

        void give(long[] work) {
            given.add(work);
        }

        /**
         * Work given away, or null once every thread waits and none is left: then no thread
         * holds any, so none can give more.
         */
        long[] await() {
            long[] work = given.poll();
            if (work != null) {
                return work;
            }
            waiting.incrementAndGet();
            for (int spins = 0; !over; spins++) {
                work = given.poll();
                if (work != null) {
                    waiting.decrementAndGet();
                    return work;
                }
                if (waiting.get() == threads && given.isEmpty()) {
                    over = true; // a thread still at work (it took the last work given) finishes alone
                    return null;
                }
                if (spins < 100) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.parkNanos(20_000); // leave the core to the thread at work (or to leaks' path search)
                }
            }
            return null;
        }

        /** A thread failed: the others stop waiting for work it will not give (the traversal fails). */
        void abandon() {
            over = true;
        }
    }

    /**
     * For the objects {@code [from, to)}: per group, the objects and bytes some path reaches
     * without its members (groups' counts, then their bytes), then all the roots reach (count, bytes).
     */
    private static long[] count(HeapGraph g, IdCells[] bits, int first, int end, long from, long to) {
        int k = end - first;
        int all = REACHED | ((1 << k) - 1);
        long[] kept = new long[2 * k + 2];
        long allCount = 0; // objects no group retains (most): counted once, added to every group at the end
        long allBytes = 0;
        for (long o = from; o < to; o++) {
            int b = 0;
            for (IdCells part : bits) {
                b |= bitsAt(part, o);
            }
            if (b == 0) {
                continue;
            }
            long size = g.shallowSize(o);
            if (b == all) {
                allCount++;
                allBytes += size;
                continue;
            }
            if ((b & REACHED) != 0) {
                kept[2 * k]++;
                kept[2 * k + 1] += size;
                b &= ~REACHED;
            }
            for (; b != 0; b &= b - 1) {
                int i = Integer.numberOfTrailingZeros(b);
                kept[i]++;
                kept[k + i] += size;
            }
        }
        for (int i = 0; i < k; i++) {
            kept[i] += allCount;
            kept[k + i] += allBytes;
        }
        kept[2 * k] += allCount;
        kept[2 * k + 1] += allBytes;
        return kept;
    }

    private static int memberBit(IdCells groupOf, long o, int first, int end) {
        long group = groupOf.get(o);
        return group >= first && group < end ? 1 << (group - first) : 0;
    }

    /** An object's bits: an int's 32, kept as the int (the sign bit {@link #REACHED}), read back whatever the cells' width. */
    private static int bitsAt(IdCells bits, long o) {
        return (int) bits.get(o);
    }
}
