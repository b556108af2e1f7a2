package dev.heaplens.memprof.agent;

import dev.heaplens.format.memprof.AllocationGroup;
import dev.heaplens.memprof.hooks.AllocationRecorder;
import dev.heaplens.memprof.sampling.NativeSampler;
import dev.heaplens.memprof.tables.AllocationSiteTable;
import dev.heaplens.memprof.tables.LiveAllocations;
import dev.heaplens.memprof.tables.SizeOf;
import dev.heaplens.memprof.tables.StackTable;
import dev.heaplens.memprof.tables.TrackedObjects;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The profiler's state: the tables (live objects by stack, the stacks), what records into them
 * from rewritten bytecode, and the thread that forgets objects the GC has collected. Every entry
 * point of the API passes {@link #guarded} first.
 */
public final class Tracker {
    private final MemProfConfig config;
    private final SizeOf sizes;
    private final JdkAccess jdk;
    private final StackTable stacks = new StackTable(AllocationSiteTable.SITES);
    private final TrackedObjects objects;
    private final AllocationRecorder recorder;

    Tracker(MemProfConfig config, SizeOf sizes, JdkAccess jdk) {
        this.config = config;
        this.sizes = sizes;
        this.jdk = jdk;
        this.objects = new TrackedObjects(config.minGcs() > 0);
        this.recorder = new AllocationRecorder(stacks, objects, sizes, config.stackDepth(), config.stackSkip(),
                config.sampleBytes());
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

    /** A named class, not a lambda: the agent starts before the program, when the first lambda costs its bootstrap. */
    private final class Reaper implements Runnable {
        @Override
        public void run() {
            // the profiler's own thread: nothing it allocates is recorded, nor a sample
            NativeSampler.guarded(true);
            reaperGuardedInNative = NativeSampler.guarded(true); // true only when the first call set the guard
            recorder.guard(true);
            objects.forgetCollected();
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

    TrackedObjects objects() {
        return objects;
    }

    AllocationRecorder recorder() {
        return recorder;
    }

    /** Live allocations by call stack, after a GC and after every object it freed has left the table. */
    public List<AllocationGroup> liveAllocations() {
        collect();
        return LiveAllocations.groups(objects, stacks, config.sampleBytes(), config.minGcs(), config.minBytes());
    }

    /** One line: what tracking costs per tracked live object, after a GC (see {@code LiveTable.cost}). */
    String trackingCost() {
        collect();
        long[] c = objects.cost(sizes);
        double perRef = c[0] == 0 ? 0 : (double) c[1] / c[0];
        double perSlot = (double) c[2] / c[3];
        return String.format(Locale.ROOT, "heaplens-memprof: %d tracked live objects: %.1f bytes each "
                + "(reference %.1f + table slot %.1f); the tables have %d slots (the peak), %d bytes",
                c[0], perRef + perSlot, perRef, perSlot, c[3], c[2]);
    }

    /** Runs {@code work} with this thread's guard set: nothing it allocates is recorded. */
    public <T> T guarded(Supplier<T> work) {
        jdk.openOnce();
        if (NativeSampler.running()) {
            boolean was = NativeSampler.guarded(true);
            try {
                return work.get();
            } finally {
                NativeSampler.guarded(was);
            }
        }
        boolean was = recorder.guard(true);
        try {
            return work.get();
        } finally {
            recorder.guard(was);
        }
    }

    /**
     * Collects garbage and waits until every object it freed has left the table: a full GC, then
     * the JVM's reference handler has enqueued every cleared reference, then the queue is drained.
     */
    void collect() {
        int before = objects.gcCount();
        System.gc();
        objects.awaitGcAbove(before);
        ReferenceProcessing.await();
        objects.forgetEnqueued();
    }
}
