package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.graph.HeapGraphBuilder;
import dev.heaplens.graph.HeapRoom;
import dev.heaplens.graph.ObjectArrays;

import java.io.IOException;
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
     * What a first read out of core takes on disk per object, measured on a runtime's dumps (BENCHMARKS
     * "Round 9, issue 28, the disk"), with room: {@code index}, the index when done; {@code peak}, the
     * index and the scratch files beside it together at their peak. Scratch is given back as each phase
     * ends and as the index is written, so the peak is the dominators' computation beside the graph's
     * columns, or the index write's end, not both whole at once.
     */
    record Disk(long index, long peak) {
        /** HPROF: index 62.3-62.9 B, peak 69-72 B (7.4M JVM dump, generated 30M dump); 2^31-1 references a record. */
        static final Disk JVM = new Disk(66, 80);
        /** Ruby: index 84-94 B (BENCHMARKS "Index sizes"), peak measured on the 1.2 GB benchmark dump. */
        static final Disk RUBY = new Disk(100, 112);
    }

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
        return new OutOfCore(options.memory(), Runtime.getRuntime().maxMemory(), HeapRoom::oldGenerationMax);
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
     * Whether a graph of about {@code objects} objects goes out of core: past what a graph in the heap
     * holds; when HeapFit's figure passes the limit; when they are unknown (0 or less), when {@code --memory} is less than the heap. The
     * old generation is asked only for a graph over half the heap, so that small dumps never load
     * the management beans.
     */
    boolean needed(long objects, long bytesPerObject) {
        if (ObjectArrays.past(objects)) { // past 2^31 objects a graph is only ever out of core, whatever the heap
            return true;
        }
        if (objects <= 0) { // standard input: out of core only when --memory asks for less than the heap
            return memory > 0 && memory < maxHeap;
        }
        return overLimit(objects, bytesPerObject);
    }

    /**
     * The one line said when working out of core, e.g. {@code big.hprof: about 7,386,747 objects need
     * about 689 MiB of heap, over the 256 MiB allowed: working out of core on its index /d/big.hprof.heaplens-index
     * (495 MB on disk)}; {@code indexBytes} -1: the index is yet to be written.
     */
    String line(String dump, long objects, long bytesPerObject, Disk disk, Path index, long indexBytes) {
        if (objects <= 0) { // not counted before the read (a gzipped HPROF dump): no figure to give, nor to check
            return String.format(Locale.ROOT, "%s: objects not counted before the read, --memory %s: working out of core"
                    + " on its index %s (%s)", dump, HeapFit.mib(limit()), index,
                    indexBytes < 0 ? "written first, with scratch files beside it" : megabytes(indexBytes) + " on disk");
        }
        if (!overLimit(objects, bytesPerObject)) { // in the heap's room, but past what a graph in the heap holds
            return String.format(Locale.ROOT, "%s: about %,d objects, past the %,d a graph in the heap holds: working out of"
                    + " core on its index %s (%s)", dump, objects, HeapGraphBuilder.MAX_OBJECTS, index, onDisk(objects, disk, indexBytes));
        }
        return String.format(Locale.ROOT, "%s: about %,d objects need about %s of heap, over the %s allowed%s:"
                        + " working out of core on its index %s (%s)", dump, objects,
                HeapFit.mib(HeapFit.need(objects, bytesPerObject)), HeapFit.mib(limit()), why(), index,
                onDisk(objects, disk, indexBytes));
    }

    private boolean overLimit(long objects, long bytesPerObject) {
        long need = HeapFit.need(objects, bytesPerObject);
        return need > asked() || need > asked() / 2 && need > limit();
    }

    private static String onDisk(long objects, Disk disk, long indexBytes) {
        return indexBytes < 0 ? "written first, about " + megabytes(objects * disk.index()) + " on disk; about "
                + megabytes(objects * disk.peak()) + " at the peak with the scratch files beside it"
                : megabytes(indexBytes) + " on disk";
    }

    /** Why the limit is what it is, when it is not the JVM's heap. */
    private String why() {
        return limit() < asked() ? " (the heap's old generation)" : memory > 0 && memory < maxHeap ? " (--memory)" : "";
    }

    /**
     * Refuses, in one line, to work out of core when the index's disk has too little room for it
     * and the scratch ({@code index} null: none can be written, a caller's mistake: see
     * {@link #requireScratchPlace}).
     */
    void requirePlace(String dump, long objects, long bytesPerObject, Disk disk, Path index) {
        if (index == null) {
            throw new HeaplensException(cannot(dump, objects, bytesPerObject) + "that needs an index file and none can be written");
        }
        requireRoom(dump, objects, bytesPerObject, disk, index.toAbsolutePath().getParent(), "its index and scratch",
                "--index-dir DIR names another place");
    }

    /**
     * As {@link #requirePlace}, where no index is kept (standard input, {@code --no-index}): the index
     * and scratch then go to a directory of their own in {@code place}, deleted when the command ends.
     */
    void requireScratchPlace(String dump, long objects, long bytesPerObject, Disk disk, Path place) {
        requireRoom(dump, objects, bytesPerObject, disk, place, "its scratch index and scratch files",
                "HEAPLENS_SCRATCH=DIR names another place");
    }

    private void requireRoom(String dump, long objects, long bytesPerObject, Disk disk, Path where, String what, String hint) {
        long bytes = objects * disk.peak();
        try {
            Path dir = where.toAbsolutePath();
            while (dir != null && !Files.exists(dir)) {
                dir = dir.getParent();
            }
            long free = dir == null ? Long.MAX_VALUE : Files.getFileStore(dir).getUsableSpace();
            if (free < bytes) {
                throw new HeaplensException(cannot(dump, objects, bytesPerObject) + what + " need about " + megabytes(bytes)
                        + " on disk at their peak and " + dir + " has " + megabytes(free) + " free (" + hint + ")");
            }
        } catch (IOException e) {
            throw new HeaplensException(cannot(dump, objects, bytesPerObject) + "cannot see the free space in " + where
                    + ": " + e.getMessage());
        }
    }

    private String cannot(String dump, long objects, long bytesPerObject) {
        return String.format(Locale.ROOT, "%s: its heap graph (about %,d objects) needs about %s of heap,"
                + " over the %s allowed, and cannot work out of core: ", dump, objects,
                HeapFit.mib(HeapFit.need(objects, bytesPerObject)), HeapFit.mib(limit()));
    }

    /**
     * The one line said when working out of core where no index is kept, e.g. {@code -: about
     * 64,204 objects need about 14 MiB of heap, over the 8 MiB allowed (--memory): working out of core
     * on a scratch index in /tmp/heaplens-scratch-123 (about 16 MB on disk, deleted when done)}.
     */
    String scratchLine(String dump, long objects, long bytesPerObject, Disk disk, Path dir) {
        if (objects <= 0) {
            return String.format(Locale.ROOT, "%s: objects not counted before the read, --memory %s:"
                    + " working out of core on a scratch index in %s (deleted when done)", dump, HeapFit.mib(limit()), dir);
        }
        if (!overLimit(objects, bytesPerObject)) { // in the heap's room, but past what a graph in the heap holds
            return String.format(Locale.ROOT, "%s: about %,d objects, past the %,d a graph in the heap holds: working out of"
                    + " core on a scratch index in %s (about %s on disk at the peak, deleted when done)", dump, objects,
                    HeapGraphBuilder.MAX_OBJECTS, dir, megabytes(objects * disk.peak()));
        }
        return String.format(Locale.ROOT, "%s: about %,d objects need about %s of heap, over the %s allowed%s:"
                        + " working out of core on a scratch index in %s (about %s on disk at the peak, deleted when done)", dump, objects,
                HeapFit.mib(HeapFit.need(objects, bytesPerObject)), HeapFit.mib(limit()), why(), dir,
                megabytes(objects * disk.peak()));
    }

    private static String megabytes(long bytes) {
        return bytes >= 10_000_000_000L ? String.format(Locale.ROOT, "%.1f GB", bytes / 1e9)
                : bytes >= 1_000_000 ? String.format(Locale.ROOT, "%,d MB", (bytes + 500_000) / 1_000_000)
                : String.format(Locale.ROOT, "%,d kB", (bytes + 500) / 1000);
    }
}
