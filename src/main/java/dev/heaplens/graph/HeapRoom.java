package dev.heaplens.graph;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * Whether the heap can still take big arrays of so many bytes: what its old generation has left
 * (the launcher's serial collector puts an array bigger than the young generation there), or the
 * whole heap's when no old generation is named.
 */
public final class HeapRoom {
    private HeapRoom() {
    }

    /** The maximum of the heap's old (tenured) generation, or the whole heap where no pool says so. */
    public static long oldGenerationMax() {
        long max = Runtime.getRuntime().maxMemory();
        MemoryPoolMXBean old = oldGeneration();
        return old == null ? max : Math.min(max, old.getUsage().getMax());
    }

    static boolean has(long bytes) {
        MemoryPoolMXBean old = oldGeneration();
        if (old == null) {
            Runtime r = Runtime.getRuntime();
            return r.maxMemory() - (r.totalMemory() - r.freeMemory()) >= bytes;
        }
        long max = old.getUsage().getMax();
        if (max - old.getUsage().getUsed() >= bytes) {
            return true;
        }
        // garbage not yet collected counts as used: when the live set the last full collection left
        // would leave room, collect once (as allocating the arrays would) and look again
        MemoryUsage afterLast = old.getCollectionUsage();
        if (afterLast == null || max - afterLast.getUsed() < bytes) {
            return false;
        }
        System.gc();
        return max - old.getUsage().getUsed() >= bytes;
    }

    private static MemoryPoolMXBean oldGeneration() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            String name = pool.getName();
            if (pool.getType() == MemoryType.HEAP && (name.contains("Old") || name.contains("Tenured"))
                    && pool.getUsage().getMax() > 0) {
                return pool;
            }
        }
        return null;
    }
}
