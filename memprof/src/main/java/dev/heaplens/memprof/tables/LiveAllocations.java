package dev.heaplens.memprof.tables;

import dev.heaplens.format.memprof.AllocationGroup;

import java.util.ArrayList;
import java.util.List;

/**
 * The tracked live objects grouped by call stack. Exact mode counts each object once; sampling mode
 * weighs each sampled object of s bytes by 1 / (1 - exp(-s / N)), the inverse of its chance of
 * being sampled, so that counts and bytes estimate the true totals. Groups under MEMPROF_MIN_BYTES
 * are left out. The caller collects garbage first, so that every object it freed has left the table.
 */
public final class LiveAllocations {
    private LiveAllocations() {
    }

    /**
     * @param sampleBytes MEMPROF_SAMPLE_BYTES (0: every object was tracked)
     * @param minGcs      MEMPROF_MIN_GCS: only objects that survived as many GCs count
     * @param minBytes    MEMPROF_MIN_BYTES: smaller groups are left out
     */
    public static List<AllocationGroup> groups(TrackedObjects objects, StackTable stacks, long sampleBytes, int minGcs,
                                               long minBytes) {
        int stackCount = stacks.size();
        double[] counts = new double[stackCount];
        double[] bytes = new double[stackCount];
        int gcNow = objects.gcCount();
        double interval = sampleBytes;
        objects.forEachLive(ref -> {
            // a stack interned after stackCount was read belongs to an object made after the GC
            if (ref.stack >= stackCount || (minGcs > 0 && gcNow - ref.bornAtGc() < minGcs)) {
                return;
            }
            long size = ref.size();
            double weight = interval == 0 ? 1 : 1 / -Math.expm1(-size / interval);
            counts[ref.stack] += weight;
            bytes[ref.stack] += weight * size;
        });
        List<AllocationGroup> groups = new ArrayList<>();
        for (int s = 0; s < stackCount; s++) {
            long total = Math.round(bytes[s]);
            if (counts[s] > 0 && total >= minBytes) {
                groups.add(new AllocationGroup(Math.round(counts[s]), total, stacks.frames(s)));
            }
        }
        return groups;
    }
}
