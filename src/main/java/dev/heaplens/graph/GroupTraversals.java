package dev.heaplens.graph;

import dev.heaplens.util.Parallel;

import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The traversals behind {@link RetainedSet#precise(HeapGraph, EdgeFilter, int[], int)}: each makes
 * up to {@link RetainedSet#GROUPS_PER_PASS} groups exact by passing a bit per group from the roots
 * to every object some path reaches without crossing a member of that group.
 *
 * <p>With at least as many batches as cores, each batch is one thread's traversal. With fewer
 * (leaks shows ten groups: one batch), each traversal is shared by up to {@link #MOST_SHARING}
 * threads: each takes roots in turn and keeps its own bits (an int per object a thread), and does
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

    static RetainedSet[] run(HeapGraph graph, EdgeFilter filter, int[] groupOf, int groups, int cores) {
        RetainedSet[] result = new RetainedSet[groups];
        int passes = (groups + RetainedSet.GROUPS_PER_PASS - 1) / RetainedSet.GROUPS_PER_PASS;
        EdgeFilter followed = filter == EdgeFilter.ALL ? null : filter;
        if (passes < cores) {
            for (int pass = 0; pass < passes; pass++) {
                batch(graph, followed, groupOf, pass, groups, result, Math.min(cores, MOST_SHARING));
            }
            return result;
        }
        Parallel.inTurnUnchecked("heaplens-retained", cores, passes,
                pass -> batch(graph, followed, groupOf, pass, groups, result, 1));
        return result;
    }

    /** Makes pass {@code pass}'s groups exact in one traversal on {@code threads} threads; {@code filter} null follows all. */
    private static void batch(HeapGraph g, EdgeFilter filter, int[] groupOf, int pass, int groups,
                              RetainedSet[] result, int threads) {
        int first = pass * RetainedSet.GROUPS_PER_PASS;
        int end = Math.min(groups, first + RetainedSet.GROUPS_PER_PASS);
        int n = (int) g.objectCount();
        int[][] bits = new int[threads][n]; // per thread: groups whose members some path to the object avoids
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
                kept[t] = count(g, bits, first, end, (int) ((long) n * t / threads), (int) ((long) n * (t + 1) / threads)));
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
        private final int[] groupOf;
        private final int first;
        private final int end;
        private final int[][] bits;
        private final Shared shared;
        private final int[] mine;
        private final int t;
        private int[] stack = new int[1024];
        private int sp;

        Walker(HeapGraph g, EdgeFilter filter, int[] groupOf, int first, int end, int[][] bits, Shared shared, int t) {
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
                int target = (int) g.rootTarget(r);
                int gained = withoutOthers(target, all & ~memberBit(groupOf, target, first, end) & ~mine[target]);
                if (gained != 0) {
                    mine[target] |= gained;
                    push(target);
                    drain();
                }
            }
            for (long[] given; (given = shared.await()) != null; ) {
                for (long entry : given) {
                    // Pushed whatever this thread holds at the object: the giver, maybe this
                    // thread, holds the bits and counts on whoever takes them to pass them on.
                    int v = (int) (entry >>> 32);
                    mine[v] |= (int) entry;
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
                int v = stack[--sp];
                int have = mine[v];
                for (long i = g.outStart(v), stop = g.outEnd(v); i < stop; i++) {
                    int w = (int) g.target(i);
                    int add = have & ~mine[w];
                    if (add == 0) {
                        continue;
                    }
                    add = withoutOthers(w, add & ~memberBit(groupOf, w, first, end));
                    if (add == 0 || (filter != null && !filter.follow(v, i, w))) {
                        continue;
                    }
                    mine[w] |= add;
                    push(w);
                }
            }
        }

        /** The older half of the stack, with the bits to pass on from each object, to a waiting thread. */
        private void giveAway() {
            int half = sp / 2;
            long[] given = new long[half];
            for (int i = 0; i < half; i++) {
                int v = stack[i];
                given[i] = ((long) v << 32) | (mine[v] & 0xffffffffL);
            }
            System.arraycopy(stack, half, stack, 0, sp - half);
            sp -= half;
            shared.give(given);
        }

        private void push(int v) {
            if (sp == stack.length) {
                stack = Arrays.copyOf(stack, sp * 2);
            }
            stack[sp++] = v;
        }

        /** {@code add} less the bits other threads already hold at {@code o} (they pass those on from it). */
        private int withoutOthers(int o, int add) {
            for (int u = 0; u < bits.length && add != 0; u++) {
                if (u != t) {
                    add &= ~bits[u][o];
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
    private static long[] count(HeapGraph g, int[][] bits, int first, int end, int from, int to) {
        int k = end - first;
        int all = REACHED | ((1 << k) - 1);
        long[] kept = new long[2 * k + 2];
        long allCount = 0; // objects no group retains (most): counted once, added to every group at the end
        long allBytes = 0;
        for (int o = from; o < to; o++) {
            int b = 0;
            for (int[] part : bits) {
                b |= part[o];
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

    private static int memberBit(int[] groupOf, int o, int first, int end) {
        int group = groupOf[o];
        return group >= first && group < end ? 1 << (group - first) : 0;
    }
}
