package dev.heaplens.memprof.hooks;

import dev.heaplens.memprof.tables.CapturedStack;
import dev.heaplens.memprof.tables.SizeOf;
import dev.heaplens.memprof.tables.StackTable;
import dev.heaplens.memprof.tables.TrackedObjects;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.ObjIntConsumer;

/**
 * What the rewritten allocation sites call, through {@link HookClass}: exact mode's {@link #track}
 * (every object) and the bytecode sampling's {@link #sampler}. Each records under its thread's
 * re-entrancy guard, so nothing the profiler or code it calls allocates is recorded, and nothing
 * recurses; the callers are walked into the thread's buffer and interned in the stack table.
 */
public final class AllocationRecorder {
    private final StackTable stacks;
    private final TrackedObjects objects;
    private final SizeOf sizes;
    private final ThreadLocal<ThreadState> states;

    /** @param depth STACK_DEPTH, skip: STACK_SKIP, sampleBytes: MEMPROF_SAMPLE_BYTES (0: every object) */
    public AllocationRecorder(StackTable stacks, TrackedObjects objects, SizeOf sizes, int depth, int skip,
                              long sampleBytes) {
        this.stacks = stacks;
        this.objects = objects;
        this.sizes = sizes;
        this.states = new States(depth, skip, sampleBytes);
    }

    /**
     * Named classes, not lambdas: the agent starts before the program, when the first lambda costs
     * its bootstrap (some 15 ms of start-up, which sampling mode's budget cannot spare).
     */
    private static final class States extends ThreadLocal<ThreadState> {
        private final int depth;
        private final int skip;
        private final long sampleBytes;

        States(int depth, int skip, long sampleBytes) {
            this.depth = depth;
            this.skip = skip;
            this.sampleBytes = sampleBytes;
        }

        @Override
        protected ThreadState initialValue() {
            return new ThreadState(depth, skip, sampleBytes);
        }
    }

    /**
     * Sets or clears this thread's guard, under which nothing is recorded (the profiler's own
     * work, and code it calls); returns what it was.
     */
    public boolean guard(boolean on) {
        ThreadState state = states.get();
        boolean was = state.busy;
        state.busy = on;
        return was;
    }

    /**
     * Exact mode's hook, for {@link HookClass#install}: {@link #track}, or {@link #trackMulti} for
     * multi-dimensional arrays, bound to this recorder, of type {@link HookClass#RECORD}.
     */
    public MethodHandle exactHook(boolean multi) throws ReflectiveOperationException {
        MethodType type = MethodType.methodType(int.class, Object.class, int.class, int.class);
        return MethodHandles.lookup().findVirtual(AllocationRecorder.class, multi ? "trackMulti" : "track", type)
                .bindTo(this);
    }

    /**
     * The exact mode's hook: records an object made at allocation site {@code site}, in an
     * activation of its method whose callers are chain {@code callers} (-1 until this activation's
     * first recorded allocation walked them). Returns the chain, which the site keeps in a local
     * variable of its method: a method allocating many objects walks its callers once per call,
     * not once per object.
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

    /**
     * The sampling mode's hook: each object is a sample with probability 1 - exp(-size / N) (see
     * {@link ThreadState#sample}); its callers are walked only then. {@code multi}: for
     * multi-dimensional arrays, whose sub-arrays are each sampled too.
     */
    public ObjIntConsumer<Object> sampler(boolean multi) {
        return new Sampler(multi);
    }

    /** A named class, not a lambda: the hook is installed before the program runs, when a lambda costs its start-up. */
    private final class Sampler implements ObjIntConsumer<Object> {
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
        objects.keep(o, size, stack);
        return callers;
    }
}
