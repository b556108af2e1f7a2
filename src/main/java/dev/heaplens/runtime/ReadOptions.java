package dev.heaplens.runtime;

import dev.heaplens.HeaplensException;

/**
 * How a dump is read, whatever its runtime.
 *
 * @param strict  stop at the first malformed record (or at a dump cut short) instead of skipping and counting
 * @param threads reading threads for plain files, at least 1
 * @param layout  JVM dumps: the object layout sizes are computed with ({@code compressed}, ... or
 *                {@code HEADER,ARRAY_HEADER,REFERENCE,ALIGNMENT}), or null to detect it; Ruby ignores it
 * @param index   whether and where a graph read keeps its index cache
 * @param memory  graph commands: the heap the graph may take ({@code --memory}), in bytes; past it the
 *                graph is used out of core, from its mapped index; 0: as much as this JVM may use
 */
public record ReadOptions(boolean strict, int threads, String layout, IndexOptions index, long memory) {
    public ReadOptions {
        if (threads < 1) {
            throw new HeaplensException("--threads must be at least 1, not " + threads);
        }
        if (memory < 0) {
            throw new HeaplensException("--memory must not be negative, not " + memory);
        }
    }

    /** With as much memory as this JVM may use. */
    public ReadOptions(boolean strict, int threads, String layout, IndexOptions index) {
        this(strict, threads, layout, index, 0);
    }

    /** With the index cache where the environment says (next to the dump by default). */
    public ReadOptions(boolean strict, int threads, String layout) {
        this(strict, threads, layout, IndexOptions.defaults());
    }

    public ReadOptions withIndex(IndexOptions index) {
        return new ReadOptions(strict, threads, layout, index, memory);
    }

    public ReadOptions withMemory(long memory) {
        return new ReadOptions(strict, threads, layout, index, memory);
    }

    /** Skip and count bad records, one thread per core, layout detected. */
    public static ReadOptions defaults() {
        return new ReadOptions(false, Runtime.getRuntime().availableProcessors(), null);
    }
}
