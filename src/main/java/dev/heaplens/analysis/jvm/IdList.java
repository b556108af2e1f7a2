package dev.heaplens.analysis.jvm;

import dev.heaplens.graph.IdCells;
import dev.heaplens.graph.Scratch;

import java.util.Arrays;

/**
 * A growing list of object ids (or values up to the object count) for the lists a walk over the heap
 * finds, whose length is known only at its end (the waste checks' candidates, the Strings' arrays): in
 * chunks of {@link IdCells} from a scratch, each twice the one before, so that nothing is copied as it
 * grows (a copy held the old and the new at once) and each chunk is a heap array while the heap has
 * room, else mapped (8 bytes an id past 2^31 objects). Chunk {@code k} holds ids
 * {@code 64 (2^k - 1)} to {@code 64 (2^(k+1) - 1) - 1}.
 */
final class IdList {
    /** The first chunks hold 2^FIRST ids. */
    private static final int FIRST = 6;
    /** Chunks of one size: 2^GROUP. */
    private static final int GROUP = 2;
    private final Scratch scratch;
    private final long objects;
    private IdCells[] chunks = new IdCells[8];
    private int chunkCount;
    /** The chunk being filled, and the ids it holds: from {@link #lastStart} to {@link #lastEnd}. */
    private IdCells last;
    private long lastStart;
    private long lastEnd;
    private long size;

    /** An empty list of ids of a graph of {@code objects} objects, its chunks from {@code scratch}. */
    IdList(Scratch scratch, long objects) {
        this.scratch = scratch;
        this.objects = objects;
    }

    void add(long id) {
        if (size == lastEnd) {
            grow();
        }
        last.set(size++ - lastStart, id);
    }

    long get(long i) {
        int j = group(i);
        long r = i - groupStart(j);
        return chunks[(j << GROUP) + (int) (r >>> (FIRST + j))].get(r & ((1L << (FIRST + j)) - 1));
    }

    /** Replaces the {@code i}th id. */
    void set(long i, long id) {
        int j = group(i);
        long r = i - groupStart(j);
        chunks[(j << GROUP) + (int) (r >>> (FIRST + j))].set(r & ((1L << (FIRST + j)) - 1), id);
    }

    long size() {
        return size;
    }

    /** Gives the chunks' disk back (mapped ones): the list is not used again. */
    void release() {
        for (int k = 0; k < chunkCount; k++) {
            scratch.release(chunks[k]);
            chunks[k] = null;
        }
        chunkCount = 0;
        last = null;
    }

    /** The group of chunks that holds id {@code i}. */
    private static int group(long i) {
        return 63 - Long.numberOfLeadingZeros((i >>> (FIRST + GROUP)) + 1);
    }

    private static long groupStart(int j) {
        return ((1L << j) - 1) << (FIRST + GROUP);
    }

    private void grow() {
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
        }
        long length = 1L << (FIRST + (chunkCount >> GROUP));
        last = scratch.idCellsWhereRoom(length, objects);
        chunks[chunkCount++] = last;
        lastStart = size;
        lastEnd = size + length;
    }
}
