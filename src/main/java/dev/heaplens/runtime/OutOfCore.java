package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Whether a graph command works in the heap or out of core, chosen once per load: out of core when
 * the graph needs more heap ({@link HeapFit}'s estimate) than it may take, which is this JVM's
 * maximum heap or less when {@code --memory} says so. Out of core, the graph and its dominators are
 * used where they lie in the dump's index, mapped, instead of being loaded into the heap (the OS
 * pages them in and out). A dump without an index is read once to write it: the parts the read
 * fills are written to scratch files beside the index as they fill, the build copies each column
 * of the graph to a mapped scratch file there as soon as it has made it and uses the graph mapped,
 * and its dominators are computed with their scratch in files mapped there too.
 */
final class OutOfCore {
    /**
     * Disk an index takes per object, at the most: 70 B for the 7.4M-object HPROF dump, 84 to 94 for
     * Ruby dumps (BENCHMARKS "Index sizes"), and some room.
     */
    static final long INDEX_BYTES_PER_OBJECT = 110;
    /**
     * Disk the scratch files take per object when a first read works out of core, beside the index
     * and unlinked at once: the parts the read fills (29 B an object, 4 more for each column a runtime
     * keeps beside the graph, up to 5, and 8 per reference, 2.2 to 2.8 an object), then the
     * dominators' (16 B of numbers, 16 of predecessor counts and starts, 16 of vertex records and 4
     * per reference). The parts' disk is given back once a collection frees their mappings, so both
     * are counted.
     */
    static final long SCRATCH_BYTES_PER_OBJECT = 144;

    private final long memory;
    private final long maxHeap;
    private final LongSupplier oldGeneration;
    private long oldGenerationMax = -1;

    /** @param memory {@code --memory}, or 0 for as much as {@code maxHeap} */
    OutOfCore(long memory, long maxHeap) {
        this(memory, maxHeap, () -> Long.MAX_VALUE);
    }

    /** @param oldGeneration the old generation's maximum, asked only when a graph comes near the heap's size */
    OutOfCore(long memory, long maxHeap, LongSupplier oldGeneration) {
        this.memory = memory;
        this.maxHeap = maxHeap;
        this.oldGeneration = oldGeneration;
    }

    static OutOfCore of(ReadOptions options) {
        return new OutOfCore(options.memory(), Runtime.getRuntime().maxMemory(), OutOfCore::oldGenerationMax);
    }

    /**
     * The heap a graph may take: --memory or the JVM's heap, and no more than its old generation,
     * where a graph's columns live (the launcher gives the young generation up to 128 MiB of a
     * small heap: a graph sized against the whole heap ran out of it instead of going out of core).
     */
    long limit() {
        long limit = asked();
        if (oldGenerationMax < 0) {
            oldGenerationMax = oldGeneration.getAsLong();
        }
        return Math.min(limit, oldGenerationMax);
    }

    private long asked() {
        return memory > 0 ? Math.min(memory, maxHeap) : maxHeap;
    }

    /**
     * Whether a graph of about {@code objects} objects (0 or less: unknown) goes out of core: when
     * HeapFit's figure passes the limit. The old generation is asked only for a graph over half the
     * heap, so that small dumps never load the management beans.
     */
    boolean needed(long objects, long bytesPerObject) {
        if (objects <= 0) {
            return false;
        }
        long need = HeapFit.need(objects, bytesPerObject);
        return need > asked() || need > asked() / 2 && need > limit();
    }

    /** The maximum of the heap's old (tenured) generation, or the whole heap where no pool says so. */
    private static long oldGenerationMax() {
        long max = Runtime.getRuntime().maxMemory();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            String name = pool.getName();
            long poolMax = pool.getUsage().getMax();
            if (pool.getType() == MemoryType.HEAP && (name.contains("Old") || name.contains("Tenured")) && poolMax > 0) {
                return Math.min(max, poolMax);
            }
        }
        return max;
    }

    /**
     * The one line said when working out of core, e.g. {@code big.hprof: about 7,386,747 objects need
     * about 689 MiB of heap, over the 256 MiB allowed: working out of core on its index /d/big.hprof.heaplens-index
     * (495 MB on disk)}; {@code indexBytes} -1: the index is yet to be written.
     */
    String line(String dump, long objects, long bytesPerObject, Path index, long indexBytes) {
        return String.format(Locale.ROOT, "%s: about %,d objects need about %s of heap, over the %s allowed%s:"
                        + " working out of core on its index %s (%s on disk)", dump, objects,
                HeapFit.mib(HeapFit.need(objects, bytesPerObject)), HeapFit.mib(limit()),
                limit() < asked() ? " (the heap's old generation)" : memory > 0 && memory < maxHeap ? " (--memory)" : "", index,
                indexBytes < 0 ? "written first, about " + megabytes(objects * INDEX_BYTES_PER_OBJECT)
                        + ", with scratch files beside it, about " + megabytes(objects * SCRATCH_BYTES_PER_OBJECT)
                        : megabytes(indexBytes));
    }

    /**
     * Refuses, in one line, to work out of core when no index can be written ({@code index} null:
     * standard input, {@code --no-index}, no writable directory) or its disk has too little room.
     */
    void requirePlace(String dump, long objects, long bytesPerObject, Path index) {
        String need = String.format(Locale.ROOT, "%s: its heap graph (about %,d objects) needs about %s of heap,"
                + " over the %s allowed, and cannot work out of core: ", dump, objects,
                HeapFit.mib(HeapFit.need(objects, bytesPerObject)), HeapFit.mib(limit()));
        if (index == null) {
            throw new HeaplensException(need + "that needs an index file and none can be written (standard input,"
                    + " --no-index, HEAPLENS_INDEX=off, or no writable directory: give --index-dir DIR)");
        }
        long indexBytes = objects * (INDEX_BYTES_PER_OBJECT + SCRATCH_BYTES_PER_OBJECT);
        try {
            Path dir = index.toAbsolutePath().getParent();
            while (dir != null && !Files.exists(dir)) {
                dir = dir.getParent();
            }
            long free = dir == null ? Long.MAX_VALUE : Files.getFileStore(dir).getUsableSpace();
            if (free < indexBytes) {
                throw new HeaplensException(need + "its index and scratch need about " + megabytes(indexBytes) + " on disk and "
                        + dir + " has " + megabytes(free) + " free (--index-dir DIR names another place)");
            }
        } catch (IOException e) {
            throw new HeaplensException(need + "cannot see the free space for its index " + index + ": " + e.getMessage());
        }
    }

    private static String megabytes(long bytes) {
        return bytes >= 10_000_000_000L ? String.format(Locale.ROOT, "%.1f GB", bytes / 1e9)
                : bytes >= 1_000_000 ? String.format(Locale.ROOT, "%,d MB", (bytes + 500_000) / 1_000_000)
                : String.format(Locale.ROOT, "%,d kB", (bytes + 500) / 1000);
    }
}
