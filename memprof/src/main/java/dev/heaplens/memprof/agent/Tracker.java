package dev.heaplens.memprof.agent;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.function.Supplier;

/**
 * The profiler's state: live objects by stack, the stacks, and the thread that forgets objects
 * the GC has collected. Every entry point sets this thread's re-entrancy guard first.
 */
public final class Tracker {
    private final MemProfConfig config;
    private final SizeOf sizes;
    private final StackTable stacks = new StackTable(AllocationSiteTable.SITES);
    private final LiveTable live = new LiveTable();
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final GcCounter gcs;
    private final ThreadLocal<ThreadState> states;

    Tracker(MemProfConfig config, SizeOf sizes) {
        this.config = config;
        this.sizes = sizes;
        this.gcs = config.minGcs() > 0 ? GcCounter.start() : null;
        this.states = new States(config);
    }

    /**
     * Starts the thread that forgets collected objects. Once the agent knows how it samples: when
     * the JVM samples, the thread sets the native library's guard first thing, so the library drops
     * the JVM's samples on it at once, before any Java code runs for them.
     */
    void startReaper() {
        Thread reaper = new Thread(new Reaper(), "heaplens-memprof-reaper");
        reaper.setDaemon(true);
        reaper.start();
    }

    /** Whether the reaper's native guard is set, as the reaper itself read it back (for the tests). */
    boolean reaperGuardedInNative() {
        return reaperGuardedInNative;
    }

    private volatile boolean reaperGuardedInNative;

    /**
     * Named classes, not lambdas: the agent starts before the program, when the first lambda costs
     * its bootstrap (some 15 ms of start-up, which sampling mode's budget cannot spare).
     */
    private static final class States extends ThreadLocal<ThreadState> {
        private final MemProfConfig config;

        States(MemProfConfig config) {
            this.config = config;
        }

        @Override
        protected ThreadState initialValue() {
            return new ThreadState(config);
        }
    }

    private final class Reaper implements Runnable {
        @Override
        public void run() {
            reap();
        }
    }

    public MemProfConfig config() {
        return config;
    }

    SizeOf sizes() {
        return sizes;
    }

    StackTable stacks() {
        return stacks;
    }

    LiveTable live() {
        return live;
    }

    int gcCount() {
        return gcs == null ? 0 : gcs.count();
    }

    /**
     * The exact mode's hook: records an object made at allocation site {@code site}, in an
     * activation of its method whose callers are chain {@code callers} (-1 until this activation's
     * first recorded allocation walked them). Returns the chain, which the site keeps in a local variable of its method: a
     * method allocating many objects walks its callers once per call, not once per object.
     */
    int track(Object o, int callers, int site) {
        ThreadState state = states.get();
        if (state.busy) {
            return callers;
        }
        state.busy = true;
        try {
            return add(o, sizes.of(o), callers, site, state);
        } finally {
            state.busy = false;
        }
    }

    /**
     * The sampling mode's hook: each object is a sample with probability 1 - exp(-size / N) (see
     * {@link ThreadState#sample}); its callers are walked only then. {@code multi}: for
     * multi-dimensional arrays, whose sub-arrays are each sampled too.
     */
    java.util.function.ObjIntConsumer<Object> sampler(boolean multi) {
        return new Sampler(multi);
    }

    /** A named class, not a lambda: the hook is installed before the program runs, when a lambda costs its start-up. */
    private final class Sampler implements java.util.function.ObjIntConsumer<Object> {
        private final boolean multi;

        Sampler(boolean multi) {
            this.multi = multi;
        }

        /** Most allocations are no sample: for them, a size and a countdown, nothing else. */
        @Override
        public void accept(Object o, int site) {
            ThreadState state = states.get();
            if (multi) {
                sampleMulti(o, site, state);
                return;
            }
            long size = state.sizeAt(o, site, sizes);
            if (state.sample(size) && !state.busy) {
                state.busy = true;
                try {
                    add(o, size, -1, site, state);
                } finally {
                    state.busy = false;
                }
            }
        }

        private void sampleMulti(Object array, int site, ThreadState state) {
            long size = sizes.of(array);
            if (state.sample(size) && !state.busy) {
                state.busy = true;
                try {
                    add(array, size, -1, site, state);
                } finally {
                    state.busy = false;
                }
            }
            if (array instanceof Object[] elements && array.getClass().getComponentType().isArray()) {
                for (Object e : elements) {
                    if (e != null) {
                        sampleMulti(e, site, state);
                    }
                }
            }
        }
    }

    /** As {@link #track}, for a multi-dimensional array: its sub-arrays are recorded too. */
    int trackMulti(Object array, int callers, int site) {
        ThreadState state = states.get();
        if (state.busy) {
            return callers;
        }
        state.busy = true;
        try {
            return addMulti(array, callers, site, state);
        } finally {
            state.busy = false;
        }
    }

    private int addMulti(Object array, int callers, int site, ThreadState state) {
        callers = add(array, sizes.of(array), callers, site, state);
        if (array instanceof Object[] elements && array.getClass().getComponentType().isArray()) {
            for (Object e : elements) {
                if (e != null) {
                    callers = addMulti(e, callers, site, state);
                }
            }
        }
        return callers;
    }

    /** Records {@code o} of {@code size} bytes; returns its callers chain, walked when {@code callers} is -1. */
    private int add(Object o, long size, int callers, int site, ThreadState state) {
        if (callers < 0) {
            CapturedStack frames = state.callers;
            frames.capture();
            callers = stacks.chain(frames);
            frames.clear();
        }
        int siteKey = state.withSite ? site : StackTable.NO_SITE;
        int stack = state.cachedStack(siteKey, callers);
        if (stack < 0) {
            stack = stacks.stack(siteKey, callers);
            state.cacheStack(siteKey, callers, stack);
        }
        keep(o, size, stack);
        return callers;
    }

    /** Records an object the JVM sampled ({@link NativeSampler}), at an interned stack. */
    void addSampled(Object o, long size, int stack) {
        keep(o, size, stack);
    }

    /** Loads what {@link #addSampled} needs (see {@link SampledStacks#warmUp}). */
    void warmUp() {
        new TrackedRef(new Object(), null, 0, 0).clear();
        new TrackedRef.Aged(new Object(), null, 0, 0, 0).clear();
    }

    private void keep(Object o, long size, int stack) {
        TrackedRef ref = gcs == null ? new TrackedRef(o, queue, stack, size)
                : new TrackedRef.Aged(o, queue, stack, size, gcs.count());
        live.add(ref);
    }

    /** Live allocations by call stack, after a GC (see {@link LiveAllocations}). */
    public java.util.List<dev.heaplens.format.memprof.AllocationGroup> liveAllocations() {
        return LiveAllocations.groups(this);
    }

    /** One line: what tracking costs per tracked live object, after a GC (see {@link LiveTable#cost}). */
    String trackingCost() {
        collect();
        long[] c = live.cost(sizes);
        double perRef = c[0] == 0 ? 0 : (double) c[1] / c[0];
        double perSlot = (double) c[2] / c[3];
        return String.format(java.util.Locale.ROOT, "heaplens-memprof: %d tracked live objects: %.1f bytes each "
                + "(reference %.1f + table slot %.1f); the tables have %d slots (the peak), %d bytes",
                c[0], perRef + perSlot, perRef, perSlot, c[3], c[2]);
    }

    /** Runs {@code work} with this thread's guard set: nothing it allocates is recorded. */
    public <T> T guarded(Supplier<T> work) {
        MemProfAgent.openJdkToProfiler();
        if (NativeSampler.running()) {
            boolean was = NativeSampler.guarded(true);
            try {
                return work.get();
            } finally {
                NativeSampler.guarded(was);
            }
        }
        ThreadState state = states.get();
        boolean was = state.busy;
        state.busy = true;
        try {
            return work.get();
        } finally {
            state.busy = was;
        }
    }

    /**
     * Collects garbage and waits until every object it freed has left the table: a full GC, then
     * the JVM's reference handler has enqueued every cleared reference, then the queue is drained.
     */
    void collect() {
        int before = gcCount();
        System.gc();
        if (gcs != null) {
            gcs.awaitAbove(before);
        }
        ReferenceProcessing.await();
        for (Reference<?> r; (r = queue.poll()) != null; ) {
            live.remove(new TrackedRef[] {(TrackedRef) r}, 1);
        }
    }

    /** Forgets collected objects in batches, so the table's lock is taken once per batch, not per object. */
    private void reap() {
        // the profiler's own thread: nothing it allocates is recorded, nor a sample
        NativeSampler.guarded(true);
        reaperGuardedInNative = NativeSampler.guarded(true); // true only when the first call set the guard
        states.get().busy = true;
        TrackedRef[] batch = new TrackedRef[4096];
        while (true) {
            try {
                int n = 0;
                batch[n++] = (TrackedRef) queue.remove();
                for (Reference<?> r; n < batch.length && (r = queue.poll()) != null; ) {
                    batch[n++] = (TrackedRef) r;
                }
                live.remove(batch, n);
                java.util.Arrays.fill(batch, 0, n, null);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
