package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;
import dev.heaplens.graph.HeapGraphBuilder;

import java.util.Locale;

/**
 * Whether a dump's heap graph fits in this JVM's heap, told before the dump is read: its objects,
 * estimated from its head, times the heap a graph command needs per object, against
 * {@link Runtime#maxMemory()}. A dump that does not fit is refused in one line naming the setting
 * to raise, instead of an {@link OutOfMemoryError} after most of the work. Whatever starts the
 * JVM (the launcher, {@code java -jar}, a test), the check is the same.
 */
public final class HeapFit {
    /**
     * Heap a Ruby graph command needs per object, at the least: the smallest -Xmx with which
     * {@code top --no-index} ran, over the objects (BENCHMARKS "Round 8, issue 28, bytes per object":
     * 290 MiB for the 1.2 GB dump's 3.46M objects, 87.9 B, once Ruby's own columns were narrowed
     * and ordered before the references), rounded down by a tenth so that a dump near the limit is
     * tried rather than refused.
     */
    static final long RUBY_BYTES_PER_OBJECT = 79;
    /**
     * The same for a JVM dump (BENCHMARKS "Round 7, issue 28, bytes per object": 493 MiB for 7.39M
     * objects, 70.0 B, its peak in the dominators' vertex records).
     */
    static final long JVM_BYTES_PER_OBJECT = 63;
    /**
     * Heap a first read out of core needs per object (no index yet: the read's parts in scratch
     * files, the addresses sorted in runs of a third of the heap and merged from scratch, the reading
     * order, reference offsets, record positions and other columns in mapped scratch files, the graph
     * used mapped, its dominators' scratch and results mapped), measured as the JVM's figure is and
     * rounded down: the generated 30M-object HPROF dump's first {@code top} in 157 MiB (5.2 B an
     * object over the fixed part, 4.6 B between the two dumps; the 7.39M-object JVM dump's in 57 MiB,
     * 7.0 B, where the fixed part weighs more); the 3.46M-object Ruby one's in 163 MiB (47.0 B, round 8, its peak in
     * Ruby's own columns). Under load (BENCHMARKS "Round 9, issue 28, the first read's heap").
     */
    static final long JVM_FIRST_READ_OUT_OF_CORE_BYTES_PER_OBJECT = 5;
    static final long RUBY_FIRST_READ_OUT_OF_CORE_BYTES_PER_OBJECT = 42;
    /** What any graph command needs besides its objects (the bundled sample's 64K objects ran in 15 MiB). */
    static final long FIXED_BYTES = 8L << 20;

    private HeapFit() {
    }

    /**
     * Refuses, in one line, a dump of about {@code objects} objects (unknown: 0 or less, never
     * refused) whose graph needs more than {@code maxHeap} bytes of heap.
     */
    static void require(String dump, long objects, long bytesPerObject, long maxHeap) {
        if (objects <= 0) {
            return;
        }
        if (objects > HeapGraphBuilder.MAX_OBJECTS) {
            // no heap would do: said before the read rather than after hours of it
            throw new HeaplensException(String.format(Locale.ROOT,
                    "%s: about %,d objects, past the %,d a graph in the heap holds: it is worked on only out of core",
                    dump, objects, HeapGraphBuilder.MAX_OBJECTS));
        }
        long need = need(objects, bytesPerObject);
        if (need > maxHeap) {
            throw new HeaplensException(String.format(Locale.ROOT,
                    "%s: its heap graph (about %,d objects) needs about %s of heap, and this JVM may use %s: %s",
                    dump, objects, mib(need), mib(maxHeap), raise(need)));
        }
    }

    /** The heap a graph of {@code objects} objects needs, at {@code bytesPerObject} each. */
    static long need(long objects, long bytesPerObject) {
        return FIXED_BYTES + objects * bytesPerObject;
    }

    /** As {@link #require(String, long, long, long)}, against this JVM's maximum heap. */
    static void require(String dump, long objects, long bytesPerObject) {
        require(dump, objects, bytesPerObject, Runtime.getRuntime().maxMemory());
    }

    /**
     * How to give the JVM at least {@code bytes} of heap, with some room: the launcher's setting
     * and the JVM's own, e.g. {@code raise it with HEAPLENS_MAX_HEAP=2g (./heaplens) or java -Xmx2g}.
     */
    public static String raise(long bytes) {
        long mib = (bytes + (bytes >> 2) + (1L << 20) - 1) >> 20; // a quarter more, in MiB
        String size = mib > 768 ? (mib + 1023) / 1024 + "g" : (mib + 255) / 256 * 256 + "m";
        return "raise it with HEAPLENS_MAX_HEAP=" + size + " (./heaplens) or java -Xmx" + size;
    }

    /** Heap sizes in the JVM's units: {@code 612 MiB}, {@code 1.5 GiB}. */
    static String mib(long bytes) {
        long mib = bytes >> 20;
        if (mib == 0) {
            return (bytes + 1023 >> 10) + " KiB"; // a --memory below a MiB
        }
        return mib < 1024 ? mib + " MiB" : String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
