package dev.heaplens.memprof.tables;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;

/**
 * The live objects the profiler tracks, each a weak reference at an interned stack that the GC
 * enqueues once the object is collected, and the queue that hands them back to be forgotten. Both
 * ways of recording (the bytecode hooks and the JVM's samples) keep their objects here.
 */
public final class TrackedObjects {
    private final LiveTable live = new LiveTable();
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    /** Null unless MEMPROF_MIN_GCS asks how many GCs each object survived. */
    private final GcCounter gcs;

    /** @param countGcs whether each object records the GC count at its birth (MEMPROF_MIN_GCS) */
    public TrackedObjects(boolean countGcs) {
        this.gcs = countGcs ? GcCounter.start() : null;
    }

    /** Tracks {@code o}, of {@code size} bytes, at stack {@code stack}. */
    public void keep(Object o, long size, int stack) {
        TrackedRef ref = gcs == null ? new TrackedRef(o, queue, stack, size)
                : new TrackedRef.Aged(o, queue, stack, size, gcs.count());
        live.add(ref);
    }

    /** Loads what {@link #keep} needs, before the JVM's samples call it on whatever thread they come. */
    public void warmUp() {
        new TrackedRef(new Object(), null, 0, 0).clear();
        new TrackedRef.Aged(new Object(), null, 0, 0, 0).clear();
    }

    /** The GCs counted so far (0 when they are not counted). */
    public int gcCount() {
        return gcs == null ? 0 : gcs.count();
    }

    /** After {@code System.gc()}: waits (up to 2 s) until its end is counted, when GCs are counted. */
    public void awaitGcAbove(int before) {
        if (gcs != null) {
            gcs.awaitAbove(before);
        }
    }

    /** Forgets every collected object already enqueued, without waiting for more. */
    public void forgetEnqueued() {
        for (Reference<?> r; (r = queue.poll()) != null; ) {
            live.remove(new TrackedRef[] {(TrackedRef) r}, 1);
        }
    }

    /**
     * Forgets collected objects as the GC enqueues them, until this thread is interrupted: in
     * batches, so the table's lock is taken once per batch, not per object.
     */
    public void forgetCollected() {
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

    /** Visits every object still alive. */
    void forEachLive(LiveTable.Visitor visitor) {
        live.forEachLive(visitor);
    }

    /** What tracking costs (see {@link LiveTable#cost}). */
    public long[] cost(SizeOf sizes) {
        return live.cost(sizes);
    }
}
