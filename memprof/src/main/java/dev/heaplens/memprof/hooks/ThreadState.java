package dev.heaplens.memprof.hooks;

import dev.heaplens.memprof.tables.CapturedStack;
import dev.heaplens.memprof.tables.SizeOf;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Per thread: the re-entrancy guard (set while the profiler works on this thread, so nothing the
 * profiler or code it calls allocates is recorded, and nothing recurses), the callers buffer and,
 * when sampling, the bytes left until the next sample.
 */
final class ThreadState {
    boolean busy;
    /** The callers of the allocating method, walked once per activation of it that allocates. */
    final CapturedStack callers;
    /** Whether stacks start with the allocating method's frame (not when STACK_SKIP drops it). */
    final boolean withSite;
    /**
     * The stacks of the (site, chain) pairs this thread recorded lately, direct-mapped: most
     * allocations find theirs here, without the shared table's lock.
     */
    private final int[] cachedSites = new int[STACK_CACHE];
    private final int[] cachedChains = new int[STACK_CACHE];
    private final int[] cachedStacks = new int[STACK_CACHE];
    private static final int STACK_CACHE = 256;
    /**
     * Sampling: the class and size of the last plain object (not array) recorded at each site, by
     * site id, direct-mapped. A site makes one class (a few when allocations on one line share its
     * id), so most allocations find their size here, cheaper than {@link SizeOf}'s per-class lookup
     * (a loop of five small allocations: 28 ns an iteration against 32, 6 without the agent).
     */
    private final Class<?>[] sizedClasses;
    private final long[] sizedBytes;
    private static final int SIZE_CACHE = 256;
    private final long sampleBytes;
    private long untilSample;

    /** @param depth STACK_DEPTH, skip: STACK_SKIP, sampleBytes: MEMPROF_SAMPLE_BYTES (0: no sampling) */
    ThreadState(int depth, int skip, long sampleBytes) {
        this.withSite = skip == 0 && depth > 0;
        // the frames below the profiler's are the allocating method's, then its callers'
        this.callers = withSite ? new CapturedStack(1, depth - 1, HookClass.BINARY_NAME)
                : new CapturedStack(skip, depth, HookClass.BINARY_NAME);
        this.sampleBytes = sampleBytes;
        this.sizedClasses = sampleBytes > 0 ? new Class<?>[SIZE_CACHE] : null;
        this.sizedBytes = sampleBytes > 0 ? new long[SIZE_CACHE] : null;
        this.untilSample = nextInterval();
        java.util.Arrays.fill(cachedSites, Integer.MIN_VALUE);
    }

    /** The stack of (site, chain) in this thread's cache, or -1. */
    int cachedStack(int site, int chain) {
        int i = slot(site, chain);
        return cachedSites[i] == site && cachedChains[i] == chain ? cachedStacks[i] : -1;
    }

    void cacheStack(int site, int chain, int stack) {
        int i = slot(site, chain);
        cachedSites[i] = site;
        cachedChains[i] = chain;
        cachedStacks[i] = stack;
    }

    private static int slot(int site, int chain) {
        int h = site * 0x9E3779B1 + chain * 31;
        return (h ^ (h >>> 16)) & (STACK_CACHE - 1);
    }

    /** Sampling: the size of {@code o}, made at {@code site}. */
    long sizeAt(Object o, int site, SizeOf sizes) {
        Class<?> type = o.getClass();
        int i = site & (SIZE_CACHE - 1);
        if (sizedClasses[i] == type) {
            return sizedBytes[i];
        }
        long size = sizes.of(o);
        if (!type.isArray()) {
            sizedClasses[i] = type;
            sizedBytes[i] = size;
        }
        return size;
    }

    /**
     * Sampling: whether the allocation of {@code size} bytes is a sample. Sample points fall on
     * the allocated bytes as a Poisson process of mean interval MEMPROF_SAMPLE_BYTES, so an object
     * of s bytes is sampled with probability 1 - exp(-s / N), as tables.LiveAllocations assumes when it weighs a sample.
     */
    boolean sample(long size) {
        untilSample -= size;
        if (untilSample > 0) {
            return false;
        }
        do {
            untilSample += nextInterval();
        } while (untilSample <= 0);
        return true;
    }

    private long nextInterval() {
        if (sampleBytes == 0) {
            return 1;
        }
        double u = ThreadLocalRandom.current().nextDouble();
        return Math.max(1, (long) (-Math.log(1 - u) * sampleBytes));
    }
}
