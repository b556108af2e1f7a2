package dev.heaplens.memprof.agent;

import dev.heaplens.format.memprof.AllocationGroup;

import java.util.ArrayList;
import java.util.List;

/**
 * The tracked live objects grouped by call stack, after a GC and after every object it freed has
 * left the table. Exact mode counts each object once; sampling mode weighs each sampled object
 * of s bytes by 1 / (1 - exp(-s / N)), the inverse of its chance of being sampled, so that counts
 * and bytes estimate the true totals. Groups under MEMPROF_MIN_BYTES are left out.
 */
final class LiveAllocations {
    private LiveAllocations() {
    }

    static List<AllocationGroup> groups(Tracker tracker) {
        MemProfConfig config = tracker.config();
        tracker.collect();
        int stackCount = tracker.stacks().size();
        double[] counts = new double[stackCount];
        double[] bytes = new double[stackCount];
        int gcNow = tracker.gcCount();
        double sampleBytes = config.sampleBytes();
        tracker.live().forEachLive(ref -> {
            // a stack interned after stackCount was read belongs to an object made after the GC
            if (ref.stack >= stackCount || (config.minGcs() > 0 && gcNow - ref.bornAtGc() < config.minGcs())) {
                return;
            }
            long size = ref.size();
            double weight = sampleBytes == 0 ? 1 : 1 / -Math.expm1(-size / sampleBytes);
            counts[ref.stack] += weight;
            bytes[ref.stack] += weight * size;
        });
        List<AllocationGroup> groups = new ArrayList<>();
        for (int s = 0; s < stackCount; s++) {
            long total = Math.round(bytes[s]);
            if (counts[s] > 0 && total >= config.minBytes()) {
                groups.add(new AllocationGroup(Math.round(counts[s]), total, tracker.stacks().frames(s)));
            }
        }
        return groups;
    }
}
