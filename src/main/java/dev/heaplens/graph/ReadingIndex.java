package dev.heaplens.graph;

/**
 * Graph id -> reading index: the permutation that sorting the addresses made, by which the build
 * reads the parts' columns in graph order. One heap array for a read in the heap, or, out of core,
 * mapped ids as wide as the graph's count needs ({@link MappedIds#wide}). One final class over the
 * two, so that C1 inlines {@link #get}, which the build calls per object.
 */
final class ReadingIndex {
    private final int[] heap;
    private final MappedIds mapped;

    private ReadingIndex(int[] heap, MappedIds mapped) {
        this.heap = heap;
        this.mapped = mapped;
    }

    /** {@code readingIndex} by graph id, in the heap. */
    static ReadingIndex of(int[] readingIndex) {
        return new ReadingIndex(readingIndex, null);
    }

    /** {@code readingIndex} by graph id, mapped. */
    static ReadingIndex of(MappedIds readingIndex) {
        return new ReadingIndex(null, readingIndex);
    }

    long get(long graphId) {
        return heap != null ? heap[(int) graphId] : mapped.get(graphId);
    }

    /** Out of core, the mapped ids' disk given back to {@code scratch}; they are not read again. */
    void release(Scratch scratch) {
        if (mapped != null) {
            scratch.release(mapped);
        }
    }
}
