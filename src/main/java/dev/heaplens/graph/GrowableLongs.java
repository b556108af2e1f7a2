package dev.heaplens.graph;

import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An append-only column of longs in fixed-size chunks: growing never copies more than the first
 * small chunk, and a long column never needs one huge array. Not thread-safe.
 */
final class GrowableLongs {
    static final int CHUNK_SHIFT = 14;
    static final int CHUNK = 1 << CHUNK_SHIFT;
    static final int MASK = CHUNK - 1;
    private static final int FIRST = 256;

    private long[][] chunks = new long[4][];
    private long size;
    /** Out of core: full chunks go to a scratch file as they fill, their slots left null; else null. */
    private final SpilledChunks spill;

    /** In the heap. */
    GrowableLongs() {
        spill = null;
    }

    /** Out of core when {@code scratch} is mapped: every full chunk but the last is written out. */
    GrowableLongs(Scratch scratch) {
        spill = scratch.isMapped() ? new SpilledChunks(scratch, CHUNK << 3) : null;
    }

    void add(long value) {
        long i = size;
        int c = (int) (i >>> CHUNK_SHIFT);
        int o = (int) i & MASK;
        long[] chunk = c < chunks.length ? chunks[c] : null;
        if (chunk == null || o >= chunk.length) {
            chunk = grow(c, o);
        }
        chunk[o] = value;
        size = i + 1;
    }

    /** Appends {@code values[0, count)}. */
    void addAll(long[] values, int count) {
        int done = 0;
        while (done < count) {
            long i = size;
            int c = (int) (i >>> CHUNK_SHIFT);
            int o = (int) i & MASK;
            long[] chunk = c < chunks.length ? chunks[c] : null;
            if (chunk == null || o >= chunk.length) {
                chunk = grow(c, o);
            }
            int n = Math.min(count - done, chunk.length - o);
            System.arraycopy(values, done, chunk, o, n);
            done += n;
            size = i + n;
        }
    }

    private long[] grow(int c, int o) {
        if (c >= chunks.length) {
            chunks = Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
        }
        long[] chunk = chunks[c];
        if (chunk == null && spill != null && c > 0 && chunks[c - 1] != null && chunks[c - 1].length == CHUNK) {
            chunk = spillChunk(c - 1); // its array is the next chunk's
        } else if (chunk == null) {
            chunk = new long[c == 0 ? FIRST : CHUNK];
        } else {
            chunk = Arrays.copyOf(chunk, Math.min(CHUNK, Math.max(o + 1, chunk.length * 2)));
        }
        chunks[c] = chunk;
        return chunk;
    }

    long get(long i) {
        int c = (int) (i >>> CHUNK_SHIFT);
        long[] chunk = chunks[c];
        return chunk != null ? chunk[(int) i & MASK] : spill.page(c).getLong(spill.offset(c) + (((int) i & MASK) << 3));
    }

    void set(long i, long value) {
        int c = (int) (i >>> CHUNK_SHIFT);
        long[] chunk = chunks[c];
        if (chunk != null) {
            chunk[(int) i & MASK] = value;
        } else {
            spill.page(c).putLong(spill.offset(c) + (((int) i & MASK) << 3), value);
        }
    }

    /** Writes full chunk {@code c} out and frees its slot; returns its array for reuse. */
    private long[] spillChunk(int c) {
        long[] full = chunks[c];
        spill.staging().asLongBuffer().put(full);
        spill.append();
        chunks[c] = null;
        return full;
    }

    long size() {
        return size;
    }

    /** Copies elements [from, from + length) to {@code dest[destPos...]}, chunk by chunk. */
    void copyRange(long from, long[] dest, int destPos, int length) {
        while (length > 0) {
            int o = (int) from & MASK;
            int n = Math.min(length, CHUNK - o);
            int c = (int) (from >>> CHUNK_SHIFT);
            long[] chunk = chunks[c];
            if (chunk != null) {
                System.arraycopy(chunk, o, dest, destPos, n);
            } else {
                spill.page(c).slice(spill.offset(c), CHUNK << 3).order(ByteOrder.nativeOrder()).asLongBuffer()
                        .get(o, dest, destPos, n);
            }
            from += n;
            destPos += n;
            length -= n;
        }
    }

    /** Copies elements [0, size) to {@code dest[destPos...]}. */
    void copyTo(long[] dest, int destPos) {
        copyRange(0, dest, destPos, (int) size);
    }

    /** Drops the contents. */
    void clear() {
        chunks = new long[4][];
        size = 0;
        if (spill != null) {
            spill.close();
        }
    }
}
